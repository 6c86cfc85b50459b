import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderAt } from "../../test/render-at";
import AdminArea, { signedInAdmin } from "./AdminArea";
import { adminSections } from "./sections";
import { fakeAdminServer } from "./test-network";

let server: ReturnType<typeof fakeAdminServer>;
afterEach(() => {
  cleanup();
  server?.restore();
  signedInAdmin.value = null;
});

const renderArea = (path = "/admin") => renderAt(<AdminArea />, path);

const summary = { total: 0, today: 0, employers: 0, brokers: 0, platforms: 0, contact: 0, enrollment: 0 };
const signedIn = {
  "GET /api/admin/check-auth": { json: { authenticated: true, username: "ops" } },
  "GET /api/admin/form-submissions/summary": { json: summary },
  "GET /api/admin/form-submissions": { json: [] },
  "GET /api/admin/enrollments": { json: [] },
  "GET /api/admin/outbox": { json: [] },
};
const adminNav = () => screen.getByRole("navigation", { name: "Admin" });

describe("Admin area", () => {
  test("without a session it goes to the login page, whose header offers no sections", async () => {
    server = fakeAdminServer({ "GET /api/admin/check-auth": { status: 401, json: { message: "Sign in to continue." } } });
    const location = renderArea("/admin/outbox");
    expect(screen.getByText("Loading the admin area...")).toBeTruthy();
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin/login"));
    expect(await screen.findByRole("heading", { level: 1, name: "Admin Login" })).toBeTruthy();
    expect(within(adminNav()).queryByRole("link", { name: "Leads" })).toBeNull();
    expect(within(adminNav()).queryByRole("button", { name: "Sign out" })).toBeNull();
  });

  test("its own header: the product, the signed-in admin, sign-out and the sections; no public navigation or Log in", async () => {
    server = fakeAdminServer(signedIn);
    renderArea();
    expect(await screen.findByRole("heading", { level: 1, name: "Leads" })).toBeTruthy();
    const nav = adminNav();
    expect(nav.textContent).toContain("Signed in as ops");
    expect(within(nav).getByRole("link", { name: "Advantage ICHRA home" })).toBeTruthy();
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Advantage ICHRA", ...adminSections.map((s) => s.label)]);
    expect(within(nav).getByRole("link", { name: "Leads" }).getAttribute("aria-current")).toBe("page");
    expect(screen.queryByRole("link", { name: "Log in" })).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
  });

  test("each section has its own address: the links open them and mark the current one", async () => {
    server = fakeAdminServer(signedIn);
    const location = renderArea();
    await screen.findByRole("heading", { level: 1, name: "Leads" });
    fireEvent.click(within(adminNav()).getByRole("link", { name: "Enrollments" }));
    expect(await screen.findByText("No enrollments yet.")).toBeTruthy();
    expect(location.history.at(-1)).toBe("/admin/enrollments");
    expect(within(adminNav()).getByRole("link", { name: "Enrollments" }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(within(adminNav()).getByRole("link", { name: "Outbox" }));
    expect(await screen.findByText("No emails yet.")).toBeTruthy();
    expect(location.history.at(-1)).toBe("/admin/outbox");
    // A section opened by its address, as after a reload.
    cleanup();
    renderArea("/admin/outbox");
    expect(await screen.findByText("No emails yet.")).toBeTruthy();
    expect(within(adminNav()).getByRole("link", { name: "Outbox" }).getAttribute("aria-current")).toBe("page");
  });

  test("an unknown section says so inside the admin area", async () => {
    server = fakeAdminServer(signedIn);
    renderArea("/admin/nothing-here");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
    expect(adminNav().textContent).toContain("Signed in as ops");
  });

  test("Sign out ends the session and goes to the login page, even when the server call fails", async () => {
    for (const answer of [{ json: { ok: true } }, { status: 500, json: { message: "Internal error" } }]) {
      server = fakeAdminServer({ ...signedIn, "POST /api/admin/logout": answer });
      const location = renderArea();
      fireEvent.click(await within(adminNav()).findByRole("button", { name: "Sign out" }));
      await waitFor(() => expect(location.history.at(-1)).toBe("/admin/login"));
      expect(server.callsTo("POST", "/api/admin/logout")).toHaveLength(1);
      expect(signedInAdmin.value).toBeNull();
      cleanup();
      server.restore();
    }
  });
});
