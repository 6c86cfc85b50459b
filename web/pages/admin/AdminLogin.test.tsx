import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { saySignedIn } from "../../test/fake-server";
import { renderAt } from "../../test/render-at";
import { AdminLogin } from "./AdminLogin";

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  saySignedIn(false);
});

/**
 * The network as the screen sees it: the mount-time session check answers `checkAuth` at
 * once (401, signed out, unless told otherwise); each sign-in call answers what `answer`
 * gives, once released, and is recorded in `calls`.
 */
function fakeNetwork(
  answer: () => Promise<Response>,
  checkAuth: () => Response = () => Response.json({ message: "Sign in to continue." }, { status: 401 }),
) {
  const calls: { url: string; body: unknown }[] = [];
  const checks: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    if ((init.method ?? "GET") === "GET" && String(url) === "/api/admin/check-auth") {
      checks.push(String(url));
      return checkAuth();
    }
    calls.push({ url: String(url), body: JSON.parse(String(init.body)) });
    await gate;
    return answer();
  }) as typeof fetch;
  return { calls, checks, release };
}

const renderLogin = () => renderAt(<AdminLogin />, "/admin/login");

function fillAndSubmit(username: string, password: string) {
  fireEvent.input(screen.getByLabelText("Username"), { target: { value: username } });
  fireEvent.input(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
}

describe("Admin login", () => {
  test("reads 'Signing In...' while busy, then opens the dashboard", async () => {
    const net = fakeNetwork(async () => Response.json({ authenticated: true, username: "ops" }));
    const location = renderLogin();
    fillAndSubmit("ops", "the password");
    const busy = await screen.findByRole("button", { name: "Signing In..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(net.calls).toEqual([{ url: "/api/admin/login", body: { username: "ops", password: "the password" } }]);
    net.release();
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin"));
  });

  test("shows the server's message, keeps what was typed, and typing clears the error", async () => {
    const net = fakeNetwork(async () => Response.json({ message: "Invalid credentials" }, { status: 401 }));
    renderLogin();
    fillAndSubmit("ops", "wrong");
    net.release();
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid credentials");
    expect((screen.getByLabelText("Username") as HTMLInputElement).value).toBe("ops");
    expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
    fireEvent.input(screen.getByLabelText("Password"), { target: { value: "wrong2" } });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  test("a non-OK answer without a message reads 'Invalid credentials'; a network failure 'Login failed. Please try again.'", async () => {
    let net = fakeNetwork(async () => new Response("", { status: 500 }));
    renderLogin();
    fillAndSubmit("ops", "x");
    net.release();
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid credentials");
    cleanup();
    net = fakeNetwork(async () => {
      throw new TypeError("Failed to fetch");
    });
    renderLogin();
    fillAndSubmit("ops", "x");
    net.release();
    expect((await screen.findByRole("alert")).textContent).toBe("Login failed. Please try again.");
  });

  test("someone already signed in goes straight to the dashboard", async () => {
    const net = fakeNetwork(
      async () => Response.json({}),
      () => Response.json({ authenticated: true, username: "ops" }),
    );
    saySignedIn(true);
    const location = renderLogin();
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin"));
    expect(net.checks).toEqual(["/api/admin/check-auth"]);
    expect(net.calls).toHaveLength(0);
  });

  test("signed out, the form stays; a browser that never signed in is not even checked, a session that ended is", async () => {
    let net = fakeNetwork(async () => Response.json({}));
    let location = renderLogin();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(net.checks).toHaveLength(0);
    expect(location.history.at(-1)).toBe("/admin/login");
    cleanup();
    net = fakeNetwork(async () => Response.json({}));
    saySignedIn(true);
    location = renderLogin();
    await waitFor(() => expect(net.checks).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(location.history.at(-1)).toBe("/admin/login");
    expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy();
    // It says what the admin area holds, the review of reimbursements included.
    expect(screen.getByText(/review enrollments, proofs of coverage and claims, and read the outbox/)).toBeTruthy();
  });

  test("empty fields are named without calling the server; the password can be shown", async () => {
    const net = fakeNetwork(async () => Response.json({}));
    renderLogin();
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("Please enter your username")).toBeTruthy();
    expect(screen.getByText("Please enter your password")).toBeTruthy();
    expect(net.calls).toHaveLength(0);
    // Focus goes to the first field to fix, so a keyboard user lands on it.
    expect(document.activeElement?.id).toBe("admin-username");
    fireEvent.input(screen.getByLabelText("Username"), { target: { value: "ops" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(document.activeElement?.id).toBe("admin-password");
    expect(net.calls).toHaveLength(0);
    const password = screen.getByLabelText("Password") as HTMLInputElement;
    expect(password.type).toBe("password");
    fireEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(password.type).toBe("text");
    fireEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password.type).toBe("password");
  });
});
