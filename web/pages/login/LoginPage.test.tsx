import { afterEach, describe, expect, test } from "bun:test";
import { OTHER_ACCOUNT_SIGNED_IN_MESSAGE } from "@src/modules/auth/model";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { SIGN_IN_EMAIL_STATE } from "../../lib/sign-in-email";
import { fakeServer } from "../../test/fake-server";
import { renderAt } from "../../test/render-at";
import LoginPage from "./LoginPage";

let server: ReturnType<typeof fakeServer>;
afterEach(() => {
  cleanup();
  server?.restore();
});

const renderLogin = (path = "/login") => renderAt(<LoginPage />, path);

describe("employer sign-in", () => {
  test("asks for the email, checks it, then shows the check-your-email state", async () => {
    server = fakeServer({
      "GET /api/auth/me": { status: 401, json: { message: "Sign in to continue." } },
      "POST /api/auth/login-link": { status: 202, json: { message: "sent" } },
    });
    renderLogin();
    // Someone with no account yet is told where to start: an employer enrolls, an employee uses their invitation.
    expect(screen.getByRole("link", { name: "Enroll your business" }).getAttribute("href")).toBe("/enroll");
    expect(screen.getByText(/Not registered yet as an employee\? Use the personal link in your invitation email\./)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    await screen.findByText("Email is required");
    expect(document.activeElement?.id).toBe("login-email");
    fireEvent.input(screen.getByLabelText("Email", { exact: false }), { target: { value: "pat@" } });
    fireEvent.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    await screen.findByText("Invalid email format");
    fireEvent.input(screen.getByLabelText("Email", { exact: false }), { target: { value: "pat@acme.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    await screen.findByRole("heading", { name: "Check your email" });
    expect(screen.getByText("pat@acme.test")).toBeTruthy();
    // Whether an account exists is not said, so neither is that a link went to the address.
    const page = screen.getByRole("heading", { name: "Check your email" }).parentElement!.textContent!;
    expect(page).toContain("Check the inbox of pat@acme.test.");
    expect(page).not.toContain("We sent it to");
    expect(server.callsTo("POST", "/api/auth/login-link")[0].body).toEqual({ email: "pat@acme.test" });
  });

  test("an address handed over in the history entry (a registration just completed) fills the field; none leaves it empty", async () => {
    server = fakeServer({ "GET /api/auth/me": { status: 401, json: { message: "Sign in to continue." } } });
    history.replaceState({ [SIGN_IN_EMAIL_STATE]: "maria@example.com" }, "");
    renderLogin();
    expect((screen.getByLabelText("Email", { exact: false }) as HTMLInputElement).value).toBe("maria@example.com");
    cleanup();
    history.replaceState(null, "");
    renderLogin();
    expect((screen.getByLabelText("Email", { exact: false }) as HTMLInputElement).value).toBe("");
  });

  test("the focus follows the screens: to the check-your-email heading, then back to the email field", async () => {
    server = fakeServer({
      "GET /api/auth/me": { status: 401, json: { message: "Sign in to continue." } },
      "POST /api/auth/login-link": { status: 202, json: { message: "sent" } },
    });
    renderLogin();
    const field = screen.getByLabelText("Email", { exact: false });
    field.focus();
    fireEvent.input(field, { target: { value: "pat@acme.test" } });
    fireEvent.submit(field.closest("form")!);
    const heading = await screen.findByRole("heading", { name: "Check your email" });
    await waitFor(() => expect(document.activeElement === heading).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Use a different email" }));
    await waitFor(() => expect(document.activeElement?.id).toBe("login-email"));
    expect((document.activeElement as HTMLInputElement).value).toBe("pat@acme.test");
  });

  test("a 429 on the sign-in link says when to try again, and keeps the address", async () => {
    server = fakeServer({
      "GET /api/auth/me": { status: 401, json: { message: "Sign in to continue." } },
      "POST /api/auth/login-link": {
        status: 429,
        json: { message: "Too many requests. Please try again later." },
        headers: { "retry-after": "45" },
      },
    });
    renderLogin();
    fireEvent.input(screen.getByLabelText("Email", { exact: false }), { target: { value: "pat@acme.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    await screen.findByText("Too many requests. Please try again in 45 seconds.");
    expect((screen.getByLabelText("Email", { exact: false }) as HTMLInputElement).value).toBe("pat@acme.test");
  });

  test("an expired link shows the error", async () => {
    server = fakeServer({ "GET /api/auth/me": { status: 401, json: {} } });
    renderLogin("/login?error=expired");
    await screen.findByText("That sign-in link has expired or was already used. Please request a new one.");
  });

  test("a used link opened again while signed in says one thing: the person is signed in, and where to go", async () => {
    server = fakeServer({ "GET /api/auth/me": { status: 200, json: { role: "employee", businessId: 7, employeeId: 3, enrollmentId: 2 } } });
    renderLogin("/login?error=expired");
    await screen.findByText(/That sign-in link can't be used again, but you're already signed in./);
    expect(screen.getByRole("link", { name: "Go to your benefits" }).getAttribute("href")).toBe("/benefits");
    expect(screen.queryByText("That sign-in link has expired or was already used. Please request a new one.")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  test("the emailed link opens a Sign in button; only the click spends the token, then the dashboard opens", async () => {
    server = fakeServer({
      "POST /api/auth/callback": { status: 200, json: { role: "owner", redirect: "/dashboard/7", businessId: 7, employeeId: null } },
    });
    const location = renderLogin("/login?token=abc_DEF-123");
    await screen.findByRole("heading", { name: "Sign in" });
    expect(screen.queryByLabelText("Email", { exact: false })).toBeNull();
    expect(server.callsTo("POST", "/api/auth/callback")).toHaveLength(0);
    // Unchecked until the click, the link is not said to be ready: it may have been spent already.
    expect(document.body.textContent).not.toContain("ready");
    expect(screen.getByText(/Press Sign in to use your one-time sign-in link/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/dashboard/7"));
    expect(server.callsTo("POST", "/api/auth/callback").map((c) => c.body)).toEqual([{ token: "abc_DEF-123" }]);
    expect(server.calls.filter((c) => c.method !== "GET")).toHaveLength(1);
  });

  test("a used or expired link goes back to the request form with the error", async () => {
    server = fakeServer({
      "POST /api/auth/callback": {
        status: 401,
        json: { message: "That sign-in link has expired or was already used. Please request a new one." },
      },
      "GET /api/auth/me": { status: 401, json: {} },
    });
    const location = renderLogin("/login?token=used");
    fireEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    await screen.findByText("That sign-in link has expired or was already used. Please request a new one.");
    expect(location.history.at(-1)).toBe("/login?error=expired");
    expect(screen.getByRole("button", { name: "Email me a sign-in link" })).toBeTruthy();
    // The Sign in button went with its screen: the keyboard goes on in the email field.
    await waitFor(() => expect(document.activeElement?.id).toBe("login-email"));
  });

  test("a failure that is not the link's keeps the button to try again", async () => {
    server = fakeServer({ "POST /api/auth/callback": { status: 503, json: { message: "The service is busy." } } });
    renderLogin("/login?token=abc");
    fireEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The service is busy.");
    expect((screen.getByRole("button", { name: "Sign in" }) as HTMLButtonElement).disabled).toBe(false);
  });

  test("an employee's link opens their benefits", async () => {
    server = fakeServer({
      "POST /api/auth/callback": { status: 200, json: { role: "employee", redirect: "/benefits", businessId: 3, employeeId: 12 } },
    });
    const location = renderLogin("/login?token=emp");
    fireEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/benefits"));
  });

  test("an address with several accounts lists them; the chosen one is sent with the token and opens its page", async () => {
    const choose = [
      { as: "owner:4", role: "owner", label: "Employer dashboard of Acme Dental" },
      { as: "employee:12", role: "employee", label: "Benefits from Bright Tools" },
    ];
    server = fakeServer({
      "POST /api/auth/callback": (call) =>
        (call.body as { as?: string }).as === "employee:12"
          ? { json: { role: "employee", redirect: "/benefits", businessId: 9, employeeId: 12 } }
          : { json: { choose } },
    });
    const location = renderLogin("/login?token=both");
    fireEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    await screen.findByRole("heading", { name: "Choose where to sign in" });
    expect(screen.getByRole("button", { name: "Employer dashboard of Acme Dental" })).toBeTruthy();
    // Listing spent nothing and went nowhere.
    expect(location.history.at(-1)).toBe("/login?token=both");
    fireEvent.click(screen.getByRole("button", { name: "Benefits from Bright Tools" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/benefits"));
    expect(server.callsTo("POST", "/api/auth/callback").map((c) => c.body)).toEqual([
      { token: "both" },
      { token: "both", as: "employee:12" },
    ]);
  });

  test("with another account signed in, the link's address is named and the switch is the person's choice", async () => {
    const message = OTHER_ACCOUNT_SIGNED_IN_MESSAGE("mallory@evil.example", "the benefits of Ana Diaz");
    server = fakeServer({
      "POST /api/auth/callback": (call) =>
        (call.body as { switchAccount?: boolean }).switchAccount
          ? { json: { role: "employee", redirect: "/benefits", businessId: 9, employeeId: 12 } }
          : { status: 409, json: { message, linkFor: "mallory@evil.example" } },
    });
    const location = renderLogin("/login?token=fwd");
    fireEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    await screen.findByRole("heading", { name: "Someone else is signed in" });
    const text = screen.getByText(message);
    await waitFor(() => expect(document.activeElement === text).toBe(true));
    // Staying is a link to the signed-in account's own home; nothing was spent or left.
    expect(screen.getByRole("button", { name: "Keep the account signed in" }).getAttribute("href")).toBe("/dashboard");
    expect(location.history.at(-1)).toBe("/login?token=fwd");
    fireEvent.click(screen.getByRole("button", { name: "Sign out the other account and use this link" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/benefits"));
    expect(server.callsTo("POST", "/api/auth/callback").map((c) => c.body)).toEqual([
      { token: "fwd" },
      { token: "fwd", switchAccount: true },
    ]);
  });

  test("a refused choice keeps the list and says why; a link spent meanwhile goes back to the request form", async () => {
    let round = 0;
    server = fakeServer({
      "GET /api/auth/me": { status: 401, json: {} },
      "POST /api/auth/callback": () => {
        round += 1;
        if (round === 1) return { json: { choose: [{ as: "employee:12", role: "employee", label: "Benefits from Bright Tools" }] } };
        if (round === 2) return { status: 400, json: { message: "Please choose one of the accounts listed for your email address." } };
        return { status: 401, json: { message: "That sign-in link has expired or was already used. Please request a new one." } };
      },
    });
    const location = renderLogin("/login?token=t");
    fireEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    fireEvent.click(await screen.findByRole("button", { name: "Benefits from Bright Tools" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please choose one of the accounts listed for your email address.");
    fireEvent.click(screen.getByRole("button", { name: "Benefits from Bright Tools" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/login?error=expired"));
  });
});
