import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AdminDashboard } from "./AdminDashboard";
import { fakeAdminServer } from "./test-network";

let server: ReturnType<typeof fakeAdminServer>;
afterEach(() => {
  cleanup();
  server?.restore();
});

function renderDashboard() {
  const location = memoryLocation({ path: "/admin", record: true });
  render(
    <Router hook={location.hook}>
      <AdminDashboard />
    </Router>,
  );
  return location;
}

const summary = { total: 0, today: 0, employers: 0, brokers: 0, platforms: 0, contact: 0, enrollment: 0 };

describe("Admin dashboard", () => {
  test("without a session it goes to the login page", async () => {
    server = fakeAdminServer({ "GET /api/admin/check-auth": { status: 401, json: { message: "Sign in to continue." } } });
    const location = renderDashboard();
    expect(screen.getByText("Loading dashboard...")).toBeTruthy();
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin/login"));
  });

  test("signed in, it names the admin; Logout ends the session and goes to the login page", async () => {
    server = fakeAdminServer({
      "GET /api/admin/check-auth": { json: { authenticated: true, username: "ops" } },
      "GET /api/admin/form-submissions/summary": { json: summary },
      "GET /api/admin/form-submissions": { json: [] },
      "POST /api/admin/logout": { json: { ok: true } },
    });
    const location = renderDashboard();
    expect(await screen.findByText("Signed in as ops")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Form Submissions Dashboard");
    fireEvent.click(screen.getByRole("button", { name: "Logout" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin/login"));
    expect(server.callsTo("POST", "/api/admin/logout")).toHaveLength(1);
  });

  test("Logout still ends locally and leaves when the server call fails", async () => {
    server = fakeAdminServer({
      "GET /api/admin/check-auth": { json: { authenticated: true, username: "ops" } },
      "GET /api/admin/form-submissions/summary": { json: summary },
      "GET /api/admin/form-submissions": { json: [] },
      "POST /api/admin/logout": { status: 500, json: { message: "Internal error" } },
    });
    const location = renderDashboard();
    fireEvent.click(await screen.findByRole("button", { name: "Logout" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin/login"));
    expect(server.callsTo("POST", "/api/admin/logout")).toHaveLength(1);
  });

  test("the tabs switch between submissions, enrollments and the outbox", async () => {
    server = fakeAdminServer({
      "GET /api/admin/check-auth": { json: { authenticated: true, username: "ops" } },
      "GET /api/admin/form-submissions/summary": { json: summary },
      "GET /api/admin/form-submissions": { json: [] },
      "GET /api/admin/enrollments": { json: [] },
      "GET /api/admin/outbox": { json: [] },
    });
    renderDashboard();
    fireEvent.click(await screen.findByRole("button", { name: "Enrollments" }));
    expect(await screen.findByText("No enrollments yet.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enrollments" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(screen.getByRole("button", { name: "Outbox" }));
    expect(await screen.findByText("No emails yet.")).toBeTruthy();
  });
});
