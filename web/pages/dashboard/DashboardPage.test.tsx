import { afterEach, describe, expect, test } from "bun:test";
import { NOTICE_TITLE, noticeSections } from "@src/modules/compliance/notice";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Toaster } from "../../components/toast/Toaster";
import { dismissToast } from "../../components/toast/toast-store";
import { signedIn } from "../../lib/session";
import { business, enrollment } from "../../test/enrollment-fixtures";
import { fakeServer } from "../../test/fake-server";
import { renderAt } from "../../test/render-at";
import DashboardPage from "./DashboardPage";
import EnrollmentClassesPage from "./EnrollmentClassesPage";
import EnrollmentDetailsPage from "./EnrollmentDetailsPage";
import NoticePage from "./NoticePage";

let server: ReturnType<typeof fakeServer>;
afterEach(() => {
  dismissToast();
  cleanup();
  server?.restore();
});

const renderIn = (node: preact.ComponentChildren, path = "/") =>
  renderAt(
    <>
      {node}
      <Toaster />
    </>,
    path,
  );
const toastText = () => document.querySelector(".toast")?.textContent ?? "";

describe("business dashboard", () => {
  test("loading, then the business card, active plan and classes tab", async () => {
    server = fakeServer({
      "GET /api/business/7": { json: business({ status: "enrolled" }) },
      "GET /api/business/7/enrollments": {
        // As the server answers: newest first, and a pending enrollment is one that was submitted.
        json: [
          enrollment({ status: "pending", finalizedAt: "2026-11-03T00:00:00.000Z" }),
          enrollment({
            id: 30,
            createdAt: "2026-10-01T00:00:00.000Z",
            plan: { id: 1, name: "Essential", description: "", monthlyAmount: 300, limits: { maxClasses: 2, multiStateClasses: false } },
          }),
        ],
      },
    });
    renderIn(<DashboardPage params={{ businessId: "7" }} />);
    expect(screen.getByText("Loading dashboard...")).toBeTruthy();
    await screen.findByRole("heading", { name: "Acme Dental" });
    expect(screen.getByText("12-345XXXX")).toBeTruthy();
    expect(screen.queryByText("12-3456789")).toBeNull();
    const status = screen.getByText("Fully Enrolled");
    expect(status.className).toContain("tone-green");
    const plan = screen.getByRole("article", { name: "Active Plan" });
    expect(within(plan).getByText("Advantage")).toBeTruthy();
    expect(within(plan).getByText("Pending").className).toContain("tone-outline");
    expect(within(plan).getByRole("button", { name: "View Details" }).getAttribute("href")).toBe("/enrollment/31");
    // Submitted: the classes can be looked at, no longer edited.
    expect(within(plan).getByRole("button", { name: "View Classes" }).getAttribute("href")).toBe("/enrollment/31/classes");
    expect(within(plan).queryByRole("button", { name: "Add or Edit Classes" })).toBeNull();
    // The real primary contact.
    expect(screen.getByText("Pat Lee")).toBeTruthy();
    expect(screen.getByText("(512) 555-0100")).toBeTruthy();
    // Employee Classes is the default tab: allowance, census headcount and the Average row.
    const tab = screen.getByRole("tab", { name: "Employee Classes" });
    expect(tab.getAttribute("aria-selected")).toBe("true");
    const table = screen.getByRole("table");
    expect(within(table).getByText("Full-time")).toBeTruthy();
    expect(within(table).getByText("$500.00/month")).toBeTruthy();
    expect(within(table).getByText("3")).toBeTruthy();
    expect(within(table).getByText("$376/month")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Documents" }));
    // One notice per class, each opening its printable page; the send-by date is 90 days before the plan year.
    expect((await screen.findByRole("link", { name: "ICHRA notice: Full-time" })).getAttribute("href")).toBe("/enrollment/31/notice/0");
    expect(screen.getByRole("link", { name: "ICHRA notice: Part-time" }).getAttribute("href")).toBe("/enrollment/31/notice/1");
    // One date format in the sentence: the plan year's dates read like the send-by date (and the notice).
    expect(screen.getByText("Tuesday, December 1, 2026")).toBeTruthy();
    expect(screen.getByText(/plan year from Monday, March 1, 2027 to Tuesday, February 29, 2028/)).toBeTruthy();
    expect(screen.queryByText("No documents available yet.")).toBeNull();
    fireEvent.keyDown(screen.getByRole("tab", { name: "Documents" }), { key: "ArrowRight" });
    await waitFor(() => expect(screen.getByRole("tab", { name: "Reimbursements" }).getAttribute("aria-selected")).toBe("true"));
    fireEvent.keyDown(screen.getByRole("tab", { name: "Reimbursements" }), { key: "End" });
    await screen.findByText("Notification Preferences");
    for (const tile of ["Payment Methods", "User Access", "Account Security"]) expect(screen.getByText(tile)).toBeTruthy();
  });

  test("the active plan is the first enrollment the server lists; before submitting, its classes can be edited", async () => {
    server = fakeServer({
      "GET /api/business/7": { json: business() },
      "GET /api/business/7/enrollments": {
        json: [
          enrollment({ id: 32, createdAt: "2026-09-01T00:00:00.000Z" }),
          enrollment({
            id: 31,
            createdAt: "2026-10-01T00:00:00.000Z",
            plan: { id: 1, name: "Essential", description: "", monthlyAmount: 300, limits: { maxClasses: 2, multiStateClasses: false } },
          }),
        ],
      },
    });
    renderIn(<DashboardPage params={{ businessId: "7" }} />);
    const plan = await screen.findByRole("article", { name: "Active Plan" });
    expect(within(plan).getByText("Advantage")).toBeTruthy();
    expect(within(plan).getByText("Classes Defined")).toBeTruthy();
    expect(within(plan).getByRole("button", { name: "Add or Edit Classes" }).getAttribute("href")).toBe("/enrollment/32/classes");
    expect(within(plan).queryByRole("button", { name: "View Classes" })).toBeNull();
  });

  test("Error Loading Dashboard when either call fails", async () => {
    server = fakeServer({
      "GET /api/business/7": { json: business() },
      "GET /api/business/7/enrollments": { status: 404, json: { message: "Not found." } },
    });
    renderIn(<DashboardPage params={{ businessId: "7" }} />);
    await screen.findByRole("heading", { name: "Error Loading Dashboard" });
    expect(screen.getByRole("button", { name: "Sign in" }).getAttribute("href")).toBe("/login");
    // Someone signed in (another business's dashboard) is offered their own, not a sign-in.
    cleanup();
    signedIn.value = { role: "owner", name: "Summit Dental", home: "/dashboard/3", homeLabel: "Dashboard" };
    try {
      renderIn(<DashboardPage params={{ businessId: "7" }} />);
      await screen.findByRole("heading", { name: "Error Loading Dashboard" });
      expect(screen.getByText(/it may belong to an account other than the one you're signed in with/)).toBeTruthy();
      expect(screen.getByRole("button", { name: "Go to your dashboard" }).getAttribute("href")).toBe("/dashboard/3");
      expect(screen.queryByRole("button", { name: "Sign in" })).toBeNull();
      // A failure of the server is neither: it says so, and can be tried again.
      cleanup();
      server.restore();
      let reads = 0;
      server = fakeServer({
        "GET /api/business/7": () => (++reads === 1 ? { status: 503, text: "Service Unavailable" } : { json: business() }),
        "GET /api/business/7/enrollments": { json: [] },
      });
      renderIn(<DashboardPage params={{ businessId: "7" }} />);
      await screen.findByText("We couldn't load this dashboard. Please try again.");
      fireEvent.click(screen.getByRole("button", { name: "Try again" }));
      await screen.findByRole("heading", { name: "Acme Dental" });
    } finally {
      signedIn.value = null;
    }
  });

  test("the chosen tab is kept in the address, so a reload, Back or a shared link opens it again", async () => {
    server = fakeServer({
      "GET /api/business/7": { json: business({ status: "incomplete" }) },
      "GET /api/business/7/enrollments": { json: [] },
    });
    // A reload of the Reimbursements tab comes back on it, not on Employee Classes.
    const location = renderIn(<DashboardPage params={{ businessId: "7" }} />, "/dashboard/7?tab=reimbursements");
    await screen.findByRole("heading", { name: "Acme Dental" });
    const selected = () => screen.getByRole("tab", { selected: true });
    expect(selected().textContent).toBe("Reimbursements");
    expect(selected().tabIndex).toBe(0);
    expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe("tab-reimbursements");
    expect(screen.getByText(/Reimbursements start once your enrollment is submitted/)).toBeTruthy();
    // Choosing a tab, by click or by key, replaces the address rather than adding to the history.
    fireEvent.click(screen.getByRole("tab", { name: "Documents" }));
    await screen.findByText("No documents available yet.");
    expect(location.history).toEqual(["/dashboard/7?tab=documents"]);
    fireEvent.keyDown(selected(), { key: "End" });
    await waitFor(() => expect(selected().textContent).toBe("Settings"));
    expect(document.activeElement).toBe(selected());
    expect(location.history).toEqual(["/dashboard/7?tab=settings"]);
    // An address naming no tab opens the first.
    act(() => location.navigate("/dashboard/7?tab=nothing"));
    expect(selected().textContent).toBe("Employee Classes");
  });

  test("no enrollment yet: the plan card invites to continue", async () => {
    server = fakeServer({
      "GET /api/business/7": { json: business({ status: "incomplete" }) },
      "GET /api/business/7/enrollments": { json: [] },
    });
    renderIn(<DashboardPage params={{ businessId: "7" }} />);
    await screen.findByText("No plan selected yet.");
    expect(screen.getByText("Registration Incomplete").className).toContain("tone-yellow");
    expect(screen.getByText("No employee classes defined yet.")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Documents" }));
    await screen.findByText("No documents available yet.");
  });
});

describe("enrollment pages", () => {
  test("details show plan, budget, date, census, the employer's size, the group-plan classes and the classes", async () => {
    server = fakeServer({
      "GET /api/enrollment/31": {
        json: enrollment({ totalEmployees: 64, groupPlanClasses: [{ name: "Office", basis: ["salaried"], headcount: 28 }] }),
      },
    });
    renderIn(<EnrollmentDetailsPage params={{ enrollmentId: "31" }} />);
    expect(screen.getByText("Loading enrollment...").getAttribute("aria-busy")).toBe("true");
    await screen.findByRole("heading", { name: "Enrollment Details" });
    expect(screen.getByText("$4,500.00")).toBeTruthy();
    expect(screen.getByText("March 1, 2027")).toBeTruthy();
    expect(screen.getByText("4 employees on file")).toBeTruthy();
    expect(screen.getByText("Employees on the first day of the plan year").nextElementSibling!.textContent).toBe("64");
    expect(screen.getByText("Office (Salaried employees; 28 employees)")).toBeTruthy();
    expect(screen.getByText("Classes Defined")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add or Edit Classes" }).getAttribute("href")).toBe("/enrollment/31/classes");
  });

  test("a class the census leaves under the minimum class size after submitting is named, on the dashboard and the details, with whom to write to", async () => {
    const short = enrollment({
      status: "pending",
      finalizedAt: "2026-11-03T00:00:00.000Z",
      groupPlanClasses: [{ name: "Office", basis: ["salaried"], headcount: 28 }],
      classSizeShortfalls: [{ className: "Part-time", headcount: 1, minimum: 10 }],
    });
    server = fakeServer({
      "GET /api/business/7": { json: business() },
      "GET /api/business/7/enrollments": { json: [short] },
      "GET /api/enrollment/31": { json: short },
    });
    renderIn(<DashboardPage params={{ businessId: "7" }} />);
    await screen.findByRole("heading", { name: "Acme Dental" });
    const notice = screen.getByText(/Your census leaves a class under the minimum class size\./).closest(".notice")!;
    expect(notice.textContent).toContain('"Part-time" has 1 employee and needs at least 10.');
    expect(notice.textContent).toContain("Classes cannot be changed once an enrollment is submitted.");
    expect(notice.querySelector("a")!.getAttribute("href")).toStartWith("mailto:");
    cleanup();
    renderIn(<EnrollmentDetailsPage params={{ enrollmentId: "31" }} />);
    await screen.findByRole("heading", { name: "Enrollment Details" });
    expect(screen.getByText(/Your census leaves a class under the minimum class size\./)).toBeTruthy();
    cleanup();
    // None short: no notice.
    server.restore();
    server = fakeServer({ "GET /api/enrollment/31": { json: enrollment() } });
    renderIn(<EnrollmentDetailsPage params={{ enrollmentId: "31" }} />);
    await screen.findByRole("heading", { name: "Enrollment Details" });
    expect(screen.queryByText(/minimum class size/)).toBeNull();
  });

  test("a submitted enrollment offers View Classes, on its finalizedAt alone", async () => {
    server = fakeServer({
      "GET /api/enrollment/31": { json: enrollment({ status: "approved", finalizedAt: "2026-11-03T00:00:00.000Z" }) },
    });
    renderIn(<EnrollmentDetailsPage params={{ enrollmentId: "31" }} />);
    await screen.findByRole("heading", { name: "Enrollment Details" });
    expect(screen.getByRole("button", { name: "View Classes" }).getAttribute("href")).toBe("/enrollment/31/classes");
  });

  test("classes can be edited and saved before finalizing", async () => {
    server = fakeServer({ "GET /api/enrollment/31": { json: enrollment() }, "PUT /api/enrollment/31/classes": { json: { ok: true } } });
    renderIn(<EnrollmentClassesPage params={{ enrollmentId: "31" }} />);
    await screen.findByText("2 classes defined");
    fireEvent.click(screen.getByRole("button", { name: "Delete Part-time" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete" }));
    fireEvent.click(screen.getByRole("button", { name: "Save Classes" }));
    await screen.findByText("Your employee class definitions have been saved.");
    expect(server.callsTo("PUT", "/api/enrollment/31/classes")[0].body).toEqual({
      employeeClasses: [{ name: "Full-time", allowanceAmount: 500 }],
      totalEmployees: 20,
      groupPlanClasses: [],
    });
  });

  test("a save the server refuses (400) keeps the classes and shows each class's problem", async () => {
    server = fakeServer({
      "GET /api/enrollment/31": { json: enrollment() },
      "PUT /api/enrollment/31/classes": {
        status: 400,
        json: {
          message: "Please correct the highlighted fields in the request.",
          errors: { "employeeClasses.1.allowanceAmount": "Allowance amount is required" },
        },
      },
    });
    renderIn(<EnrollmentClassesPage params={{ enrollmentId: "31" }} />);
    await screen.findByText("2 classes defined");
    fireEvent.click(screen.getByRole("button", { name: "Save Classes" }));
    await screen.findByText("Allowance amount is required");
    expect(toastText()).toContain("Save Failed");
    expect(toastText()).toContain("Please correct the highlighted fields in the request.");
    expect(screen.queryByText("Your employee class definitions have been saved.")).toBeNull();
    expect(screen.getByText("2 classes defined")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Save Classes" }) as HTMLButtonElement).disabled).toBe(false);
  });

  test("a save refused because the enrollment was submitted meanwhile (409) says so and keeps the list", async () => {
    server = fakeServer({
      "GET /api/enrollment/31": { json: enrollment() },
      "PUT /api/enrollment/31/classes": {
        status: 409,
        json: { message: "This enrollment has been submitted and can no longer be changed." },
      },
    });
    renderIn(<EnrollmentClassesPage params={{ enrollmentId: "31" }} />);
    await screen.findByText("2 classes defined");
    fireEvent.click(screen.getByRole("button", { name: "Delete Part-time" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete" }));
    fireEvent.click(screen.getByRole("button", { name: "Save Classes" }));
    await waitFor(() => expect(toastText()).toContain("This enrollment has been submitted and can no longer be changed."));
    expect(toastText()).toContain("Save Failed");
    expect(screen.queryByText("Your employee class definitions have been saved.")).toBeNull();
    expect(screen.getByText("1 class defined")).toBeTruthy();
  });

  test("classes are read-only after finalizing, with the reason", async () => {
    server = fakeServer({ "GET /api/enrollment/31": { json: enrollment({ status: "pending", finalizedAt: "2026-11-03T00:00:00.000Z" }) } });
    renderIn(<EnrollmentClassesPage params={{ enrollmentId: "31" }} />);
    await screen.findByText(/This enrollment has been submitted and can no longer be changed\./);
    expect(screen.queryByRole("button", { name: "Save Classes" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Full-time" })).toBeNull();
  });

  test("an enrollment that cannot be loaded says so", async () => {
    server = fakeServer({ "GET /api/enrollment/31": { status: 404, json: { message: "Not found." } } });
    renderIn(<EnrollmentDetailsPage params={{ enrollmentId: "31" }} />);
    await screen.findByRole("heading", { name: "Enrollment Not Found" });
  });
});

describe("compliance on the dashboard", () => {
  const banded = enrollment({
    employeeClasses: [
      {
        name: "Full-time",
        allowanceAmount: 300,
        basis: ["full-time", "state"],
        headcount: 3,
        ageBands: [
          { minAge: 0, maxAge: 29, allowanceAmount: 200, headcount: 1 },
          { minAge: 30, allowanceAmount: 600, headcount: 2 },
        ],
      },
    ],
    census: { count: 3, skipped: false, rejected: 0 },
  });

  test("each class shows its basis and its band allowances with the census employees in each", async () => {
    server = fakeServer({ "GET /api/business/7": { json: business() }, "GET /api/business/7/enrollments": { json: [banded] } });
    renderIn(<DashboardPage params={{ businessId: "7" }} />);
    const table = await screen.findByRole("table");
    expect(within(table).getByText("Based on: Combination: Full-time employees + Employees working in the same state")).toBeTruthy();
    expect(within(table).getByText("Ages 0 to 29: $200.00/month (1 employee)")).toBeTruthy();
    expect(within(table).getByText("Ages 30 and over: $600.00/month (2 employees)")).toBeTruthy();
  });

  const classNotice = {
    title: NOTICE_TITLE,
    businessName: "Acme Dental",
    className: "Full-time",
    planYearStart: "2027-03-01",
    planYearEnd: "2028-02-29",
    sections: noticeSections({
      businessName: "Acme Dental",
      className: "Full-time",
      terms: {
        allowanceCents: 30_000,
        ageBands: [
          { minAge: 0, maxAge: 29, allowanceCents: 20_000 },
          { minAge: 30, allowanceCents: 60_000 },
        ],
      },
      planYearStart: "2027-03-01",
      planYearEnd: "2028-02-29",
      contact: { name: "Pat Lee", email: "pat@acme.test", phone: "512-555-0100" },
      administrator: { name: "Advantage ICHRA", email: "help@advantage.example", phone: "1-800-555-0100" },
    }),
  };

  test("the notice page shows the class's notice as the server states it, with the plan year", async () => {
    server = fakeServer({ "GET /api/enrollment/31": { json: banded }, "GET /api/enrollment/31/notices/0": { json: classNotice } });
    renderIn(<NoticePage params={{ enrollmentId: "31", classIndex: "0" }} />);
    expect(screen.getByText("Loading notice...").getAttribute("aria-busy")).toBe("true");
    await screen.findByRole("heading", { level: 1, name: /Notice of your Individual Coverage Health Reimbursement Arrangement/ });
    expect(screen.getByText(/Plan year Monday, March 1, 2027 to Tuesday, February 29, 2028/)).toBeTruthy();
    expect(screen.getByText("Pat Lee, Acme Dental: email pat@acme.test, phone (512) 555-0100.")).toBeTruthy();
    const rows = screen.getAllByRole("row").map((r) => r.textContent);
    expect(rows).toContain("0 to 29$200.00");
    expect(rows).toContain("30 and over$600.00");
  });

  test("the notice page: an unknown class says so; a refused enrollment is Enrollment Not Found", async () => {
    server = fakeServer({
      "GET /api/enrollment/31": { json: banded },
      "GET /api/enrollment/31/notices/5": { status: 404, json: { message: "This enrollment has no such employee class." } },
    });
    renderIn(<NoticePage params={{ enrollmentId: "31", classIndex: "5" }} />);
    await screen.findByRole("heading", { name: "Notice Not Found" });
    cleanup();
    server.restore();
    server = fakeServer({ "GET /api/enrollment/31": { status: 401, json: { message: "Please sign in." } } });
    renderIn(<NoticePage params={{ enrollmentId: "31", classIndex: "0" }} />);
    await screen.findByRole("heading", { name: "Enrollment Not Found" });
  });

  test("the notice page: a class index that is no number asks nothing of the server; a failed notice is Enrollment Not Found", async () => {
    server = fakeServer({ "GET /api/enrollment/31": { json: banded } });
    renderIn(<NoticePage params={{ enrollmentId: "31", classIndex: "first" }} />);
    await screen.findByRole("heading", { name: "Notice Not Found" });
    expect(server.calls.map((c) => c.path)).toEqual(["/api/enrollment/31"]);
    cleanup();
    server.restore();
    server = fakeServer({
      "GET /api/enrollment/31": { json: banded },
      "GET /api/enrollment/31/notices/0": { status: 500, json: { message: "boom" } },
    });
    renderIn(<NoticePage params={{ enrollmentId: "31", classIndex: "0" }} />);
    await screen.findByRole("heading", { name: "Enrollment Not Found" });
  });
});
