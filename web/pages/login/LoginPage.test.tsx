import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
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
  const { hook, searchHook } = memoryLocation({ path });
  render(
    <Router hook={hook} searchHook={searchHook}>
      <LoginPage />
    </Router>,
  );
};

describe("employer sign-in", () => {
  test("asks for the email, checks it, then shows the check-your-email state", async () => {
    server = fakeServer({ "GET /api/auth/me": { status: 401, json: { message: "Sign in to continue." } }, "POST /api/auth/login-link": { status: 202, json: { message: "sent" } } });
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

  test("an expired link shows the error", async () => {
    server = fakeServer({ "GET /api/auth/me": { status: 401, json: {} } });
    renderLogin("/login?error=expired");
    await screen.findByText("That sign-in link has expired or was already used. Please request a new one.");
  });
});
