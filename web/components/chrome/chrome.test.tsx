import { afterEach, describe, expect, test } from "bun:test";
import { SIGNED_IN_COOKIE } from "@src/lib/signed-in-cookie";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { App } from "../../App";
import { benefitsHomePath } from "../../lib/benefits-home-path";
import { keepTyping, withKeptDraft } from "../../lib/kept-drafts";
import { sessionChecked, signedIn } from "../../lib/session";
import { business } from "../../test/enrollment-fixtures";
import { fakeServer, saySignedIn } from "../../test/fake-server";
import { renderAt } from "../../test/render-at";
import { Toaster } from "../toast/Toaster";
import { dismissToast } from "../toast/toast-store";
import { Header } from "./Header";

let server: ReturnType<typeof fakeServer> | undefined;
afterEach(() => {
  cleanup();
  server?.restore();
  server = undefined;
  signedIn.value = null;
  sessionChecked.value = false;
  dismissToast();
});

const renderApp = (path: string) => renderAt(<App />, path);

describe("site chrome", () => {
  test("header: logo to /, the three nav links, Log in and Request Info", () => {
    renderApp("/brokers");
    const main = screen.getByRole("navigation", { name: "Main" });
    expect(within(main).getByRole("link", { name: "Advantage ICHRA home" }).getAttribute("href")).toBe("/");
    const active = within(main).getByRole("link", { name: "Brokers/Consultants" });
    expect(active.getAttribute("aria-current")).toBe("page");
    expect(within(main).getByRole("link", { name: "Employers" }).getAttribute("aria-current")).toBeNull();
    const login = within(main).getByRole("button", { name: "Log in" });
    expect(login.getAttribute("href")).toBe("/login");
    expect(login.className).toContain("outline");
    expect(within(main).getByRole("button", { name: "Request Info" }).getAttribute("href")).toBe("/contact");
  });

  test("the menu toggle opens the three links plus Log in", () => {
    renderApp("/");
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    fireEvent.click(toggle);
    const menu = screen.getByRole("navigation", { name: "Mobile" });
    expect([...menu.querySelectorAll("a")].map((a) => a.textContent)).toEqual([
      "Employers",
      "Brokers/Consultants",
      "Platforms/Administrators",
      "Log in",
    ]);
    expect(screen.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe("true");
  });

  test("Escape closes the menu and gives the focus back to its toggle; a page's own link leaves it behind", async () => {
    renderApp("/");
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = screen.getByRole("navigation", { name: "Mobile" });
    within(menu).getByRole("link", { name: "Employers" }).focus();
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
    // Open again, then follow a link of the page itself (the footer's): the new page has no menu open.
    fireEvent.click(toggle);
    expect(screen.getByRole("navigation", { name: "Mobile" })).toBeTruthy();
    fireEvent.click(within(screen.getByRole("navigation", { name: "Footer" })).getAllByRole("link")[0]!);
    await waitFor(() => expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull());
    expect(screen.getByRole("button", { name: "Open menu" }).getAttribute("aria-expanded")).toBe("false");
  });

  test("footer: five links, two social links, the year and the tagline", () => {
    renderApp("/");
    const footer = screen.getByRole("navigation", { name: "Footer" });
    expect(
      within(footer)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/about-ichra", "/features", "/pricing", "/resources", "/contact"]);
    expect(screen.getByRole("link", { name: /LinkedIn/ }).getAttribute("href")).toContain("linkedin.com/company/");
    expect(document.querySelectorAll(".social a")).toHaveLength(2);
    expect(screen.getByText(`© ${new Date().getFullYear()} Advantage ICHRA. All rights reserved.`)).toBeTruthy();
    expect(screen.getByText("Reimbursements Reimagined")).toBeTruthy();
  });

  test("the employee registration page has no header or footer", () => {
    renderApp("/employee-registration/5");
    expect(document.querySelector("header")).toBeNull();
    expect(document.querySelector("footer")).toBeNull();
    expect(document.querySelector("main")!.className).toContain("chromeless");
  });

  test("Coming Soon paths show the shared page with Back to Home; others Not Found", () => {
    renderApp("/pricing");
    expect(screen.getByRole("button", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    cleanup();
    renderApp("/definitely-not-here");
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeTruthy();
  });
});

describe("the header's signed-in state", () => {
  const renderHeader = (path = "/") =>
    renderAt(
      <>
        <Header />
        <Toaster />
      </>,
      path,
    );
  const owner = {
    "GET /api/auth/me": { json: { role: "owner", businessId: 7 } },
    "GET /api/business/7": { json: business({ name: "Acme Dental" }) },
  };

  test("an employer sees their company, Dashboard and Sign out instead of Log in", async () => {
    server = fakeServer(owner);
    renderHeader("/employers");
    const account = await screen.findByRole("navigation", { name: "Account" });
    await within(account).findByText("Acme Dental");
    expect(account.textContent).toContain("Signed in as Acme Dental");
    expect(within(account).getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/dashboard/7");
    expect(within(account).getByRole("button", { name: "Sign out" })).toBeTruthy();
    const main = screen.getByRole("navigation", { name: "Main" });
    expect(within(main).queryByRole("button", { name: "Log in" })).toBeNull();
    // Nor in the phone menu.
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    expect(within(screen.getByRole("navigation", { name: "Mobile" })).queryByRole("link", { name: "Log in" })).toBeNull();
  });

  test("an admin sees their name and the admin area", async () => {
    server = fakeServer({
      "GET /api/auth/me": { json: { role: "admin", businessId: null } },
      "GET /api/admin/check-auth": { json: { authenticated: true, username: "ops" } },
    });
    renderHeader();
    const account = await screen.findByRole("navigation", { name: "Account" });
    await within(account).findByText("ops");
    expect(within(account).getByRole("link", { name: "Admin area" }).getAttribute("href")).toBe("/admin");
  });

  test("a browser that may be signed in keeps the bar's room until the answer, built as the bar is, so nothing below moves; a visitor's does not", async () => {
    server = fakeServer({ "GET /api/auth/me": "pending" });
    renderHeader("/login");
    const kept = document.querySelector(".site-header > .account-bar");
    expect(kept).not.toBeNull();
    expect(kept!.getAttribute("aria-hidden")).toBe("true");
    // The bar's tallest thing, its Sign out button in a nav, is there to give the room its height; nothing in it can be reached.
    expect(kept!.tagName).toBe("NAV");
    expect((kept!.querySelector("button.account-sign-out") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("navigation", { name: "Account" })).toBeNull();
    // Nor the signed-out buttons, which the answer would take away again.
    expect(screen.queryByRole("button", { name: "Request Info" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Log in" })).toBeNull();
    cleanup();
    // A visitor (no signed-in cookie) is not asked about, and gets no room, on any screen.
    saySignedIn(false);
    renderHeader("/dashboard/7");
    expect(document.querySelector(".site-header > .account-bar")).toBeNull();
    expect(screen.getByRole("button", { name: "Request Info" })).toBeTruthy();
  });

  test("once the server answers no one, the kept room goes", async () => {
    server = fakeServer({ "GET /api/auth/me": { status: 401, json: { message: "Sign in to continue." } } });
    renderHeader("/dashboard/7");
    await waitFor(() => expect(sessionChecked.value).toBe(true));
    expect(document.querySelector(".site-header > .account-bar")).toBeNull();
    expect(screen.getByRole("button", { name: "Request Info" })).toBeTruthy();
  });

  test("a registered employee sees their name and My benefits", async () => {
    server = fakeServer({
      "GET /api/auth/me": { json: { role: "employee", businessId: 7, employeeId: 12, enrollmentId: 31 } },
      "GET /api/benefits": { json: { employee: { id: 12, firstName: "Sam", lastName: "Lee", email: "sam@acme.test" } } },
    });
    renderHeader("/employers");
    const account = await screen.findByRole("navigation", { name: "Account" });
    await within(account).findByText("Sam Lee");
    // Asked in the browser's time zone, as the page asks: a UTC read in a US evening would reach next month's allowance early.
    expect(server.callsTo("GET", benefitsHomePath())).toHaveLength(1);
    expect(benefitsHomePath()).toStartWith("/api/benefits?tz=");
    expect(within(account).getByRole("link", { name: "My benefits" }).getAttribute("href")).toBe("/benefits");
    expect(within(account).getByRole("button", { name: "Sign out" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Log in" })).toBeNull();
  });

  test("an employee whose name cannot be read is still shown signed in, with My benefits and Sign out", async () => {
    server = fakeServer({
      "GET /api/auth/me": { json: { role: "employee", businessId: 7, employeeId: 12, enrollmentId: 31 } },
      "GET /api/benefits": { status: 500, json: { message: "Something went wrong on our side. Please try again." } },
    });
    renderHeader("/benefits");
    const account = await screen.findByRole("navigation", { name: "Account" });
    await waitFor(() => expect(sessionChecked.value).toBe(true));
    expect(account.textContent).toContain("Signed in");
    expect(within(account).getByRole("link", { name: "My benefits" })).toBeTruthy();
    expect(within(account).getByRole("button", { name: "Sign out" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Request Info" })).toBeNull();
  });

  test("an employee's Sign out ends the session and goes to /login, even when the server already forgot it", async () => {
    server = fakeServer({
      "GET /api/auth/me": { json: { role: "employee", businessId: 7, employeeId: 12, enrollmentId: 31 } },
      "GET /api/benefits": { json: { employee: { id: 12, firstName: "Sam", lastName: "Lee", email: "sam@acme.test" } } },
      "POST /api/auth/logout": { status: 401, json: { message: "Please sign in." } },
    });
    // A claim half typed, kept through reloads: the next person on this device must not find it.
    const empty = { amount: "", carrier: "" };
    keepTyping("claim", { amount: "412.50", carrier: "Blue Cross" }, empty, ["amount", "carrier"]);
    expect(withKeptDraft("claim", empty, ["amount", "carrier"])).toEqual({ amount: "412.50", carrier: "Blue Cross" });
    sessionStorage.setItem("unrelated", "kept");
    const location = renderHeader("/benefits");
    fireEvent.click(await screen.findByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/login"));
    expect(server.callsTo("POST", "/api/auth/logout")).toHaveLength(1);
    expect(withKeptDraft("claim", empty, ["amount", "carrier"])).toEqual(empty);
    expect(sessionStorage.getItem("unrelated")).toBe("kept");
    sessionStorage.clear();
  });

  test("no session: Log in, without asking the server (whose refusal the browser would log)", async () => {
    server = fakeServer({ "GET /api/auth/me": { status: 401, json: { message: "Sign in to continue." } } });
    renderHeader();
    await waitFor(() => expect(sessionChecked.value).toBe(true));
    expect(screen.getByRole("button", { name: "Log in" }).getAttribute("href")).toBe("/login");
    expect(screen.queryByRole("button", { name: "Sign out" })).toBeNull();
    expect(server.callsTo("GET", "/api/auth/me")).toHaveLength(0);
  });

  test("a session the server ended (idle too long) is asked about once, then forgotten", async () => {
    server = fakeServer({ "GET /api/auth/me": { status: 401, json: { message: "Sign in to continue." } } });
    // The cookie of a session the server has since ended.
    saySignedIn(true);
    renderHeader();
    await waitFor(() => expect(server!.callsTo("GET", "/api/auth/me")).toHaveLength(1));
    await waitFor(() => expect(sessionChecked.value).toBe(true));
    expect(screen.getByRole("button", { name: "Log in" })).toBeTruthy();
    expect(document.cookie).not.toContain(SIGNED_IN_COOKIE);
    cleanup();
    sessionChecked.value = false;
    renderHeader("/employers");
    await waitFor(() => expect(sessionChecked.value).toBe(true));
    expect(server.callsTo("GET", "/api/auth/me")).toHaveLength(1);
  });

  test("Sign out ends the session, forgets the enrollment kept in this browser and goes to /login, even when the server fails", async () => {
    for (const logout of [{ status: 204 }, { status: 500, text: "" }]) {
      let ended = false;
      server = fakeServer({
        ...owner,
        // Once signed out, the server knows no session.
        "GET /api/auth/me": () => (ended ? { status: 401, json: { message: "Sign in to continue." } } : owner["GET /api/auth/me"]),
        "POST /api/auth/logout": () => {
          ended = true;
          return logout;
        },
      });
      localStorage.setItem("last_business_id", "7");
      localStorage.setItem("enroll_draft", JSON.stringify({ notes: "private" }));
      const location = renderHeader("/dashboard/7");
      fireEvent.click(await screen.findByRole("button", { name: "Sign out" }));
      await waitFor(() => expect(location.history.at(-1)).toBe("/login"));
      expect(server.callsTo("POST", "/api/auth/logout")).toHaveLength(1);
      expect(localStorage.getItem("last_business_id")).toBeNull();
      expect(localStorage.getItem("enroll_draft")).toBeNull();
      expect(document.querySelector(".toast")?.textContent).toContain("Signed Out");
      await screen.findByRole("button", { name: "Log in" });
      expect(screen.queryByRole("button", { name: "Sign out" })).toBeNull();
      // Once the server has ended the session (when the sign-out failed, at the next question), it is not asked again.
      await waitFor(() => expect(document.cookie).not.toContain(SIGNED_IN_COOKIE));
      expect(server.callsTo("GET", "/api/auth/me")).toHaveLength(logout.status === 204 ? 1 : 2);
      cleanup();
      server.restore();
    }
  });
});
