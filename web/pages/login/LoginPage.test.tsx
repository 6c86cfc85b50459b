import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fakeServer } from "../../test/fake-server";
import LoginPage from "./LoginPage";

let server: ReturnType<typeof fakeServer>;
afterEach(() => {
  cleanup();
  server?.restore();
});

const renderLogin = (path = "/login") => {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <LoginPage />
    </Router>,
  );
  return location;
};

describe("employer sign-in", () => {
  test("asks for the email, checks it, then shows the check-your-email state", async () => {
    server = fakeServer({
      "GET /api/auth/me": { status: 401, json: { message: "Sign in to continue." } },
      "POST /api/auth/login-link": { status: 202, json: { message: "sent" } },
    });
    renderLogin();
    fireEvent.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    await screen.findByText("Email is required");
    fireEvent.input(screen.getByLabelText("Email", { exact: false }), { target: { value: "pat@" } });
    fireEvent.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    await screen.findByText("Invalid email format");
    fireEvent.input(screen.getByLabelText("Email", { exact: false }), { target: { value: "pat@acme.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Email me a sign-in link" }));
    await screen.findByRole("heading", { name: "Check your email" });
    expect(screen.getByText("pat@acme.test")).toBeTruthy();
    expect(server.callsTo("POST", "/api/auth/login-link")[0].body).toEqual({ email: "pat@acme.test" });
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

  test("the emailed link opens a Sign in button; only the click spends the token, then the dashboard opens", async () => {
    server = fakeServer({ "POST /api/auth/callback": { status: 200, json: { businessId: 7 } } });
    const location = renderLogin("/login?token=abc_DEF-123");
    await screen.findByRole("heading", { name: "Sign in to your dashboard" });
    expect(screen.queryByLabelText("Email", { exact: false })).toBeNull();
    expect(server.callsTo("POST", "/api/auth/callback")).toHaveLength(0);
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
  });

  test("a failure that is not the link's keeps the button to try again", async () => {
    server = fakeServer({ "POST /api/auth/callback": { status: 503, json: { message: "The service is busy." } } });
    renderLogin("/login?token=abc");
    fireEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The service is busy.");
    expect((screen.getByRole("button", { name: "Sign in" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
