import { afterEach, describe, expect, setSystemTime, test } from "bun:test";
import {
  ALL_PAID_MESSAGE,
  APPROVED_AFTER_THROUGH_MESSAGE,
  messages,
  NOTHING_APPROVED_MESSAGE,
  PAYROLL_CHANGED_MESSAGE,
  THROUGH_IN_FUTURE_MESSAGE,
} from "@src/modules/reimbursements/model";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { currentToast } from "../../components/toast/toast-store";
import { fakeServer } from "../../test/fake-server";
import { ReimbursementsSection } from "./ReimbursementsSection";

let server: ReturnType<typeof fakeServer>;
const restores: (() => void)[] = [];
afterEach(() => {
  cleanup();
  server?.restore();
  while (restores.length) restores.pop()!();
});

const totals = (approvedUnpaid: number, paid: number) => ({
  enrollmentId: 4,
  employees: [
    { employeeId: 1, name: "Maria Lopez", email: "maria@example.com", approvedUnpaid, paid },
    { employeeId: 2, name: "Sam Chen", email: "sam@example.com", approvedUnpaid: 0, paid: 0 },
  ],
  totals: { approvedUnpaid, paid },
});
/** The server's answer to what a run through a day would pay. */
const preview = (through: string, total: number, employees: number, nothingToPay: string | null = null) => ({
  json: { through, total, employees, nothingToPay },
});
const through = (call: { path: string }) => new URL(call.path, "http://localhost").searchParams.get("through")!;

// The employer's second run: the screen calls it by its number, not its id or its place in the list.
const run = {
  id: 9,
  number: 2,
  enrollmentId: 4,
  through: "2027-03-10",
  total: 412.5,
  employees: 1,
  createdAt: "2027-03-10T16:00:00.000Z",
  csvPath: "/api/enrollment/4/payroll-runs/9.csv",
};

describe("the employer's Reimbursements section", () => {
  test("loading, then a failure with Try again", async () => {
    let fail = true;
    server = fakeServer({
      "GET /api/enrollment/4/reimbursements": () => (fail ? { status: 500, json: { message: "boom" } } : { json: totals(0, 0) }),
      "GET /api/enrollment/4/payroll-runs": { json: [] },
    });
    render(<ReimbursementsSection enrollmentId={4} />);
    expect(screen.getByText("Loading reimbursements...").getAttribute("aria-busy")).toBe("true");
    const alert = await screen.findByRole("alert");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByText("No payroll runs yet.");
  });

  test("shows only per-employee totals, runs payroll, and lists the run with its CSV", async () => {
    // An evening in Chicago that is already the next day in UTC.
    const zone = process.env.TZ;
    process.env.TZ = "America/Chicago";
    setSystemTime(new Date("2027-03-11T03:00:00Z"));
    restores.push(() => {
      setSystemTime();
      process.env.TZ = zone;
    });
    let ran = false;
    server = fakeServer({
      "GET /api/enrollment/4/reimbursements": () => ({ json: ran ? totals(0, 412.5) : totals(412.5, 0) }),
      "GET /api/enrollment/4/payroll-runs": () => ({ json: ran ? [run] : [] }),
      // Through March 1 the run pays less than the totals above: one approval came after that day.
      "GET /api/enrollment/4/payroll-runs/preview": (call) =>
        through(call) === "2027-03-01" ? preview("2027-03-01", 100, 1) : preview(through(call), 412.5, 1),
      "POST /api/enrollment/4/payroll-runs": () => {
        ran = true;
        return { status: 201, json: run };
      },
    });
    render(<ReimbursementsSection enrollmentId={4} />);
    const table = await screen.findByRole("table", { name: "Approved reimbursements" });
    const maria = within(table).getByRole("row", { name: /Maria Lopez/ });
    expect(maria.textContent).toContain("$412.50");
    // No claim detail reaches the employer: no carrier, month or document.
    expect(screen.queryByText(/Blue Cross|receipt|\.pdf/i)).toBeNull();
    // How to add it to payroll, with the exception the tax rules make for S corporation owners.
    expect(
      screen.getByText(/as a non-taxable reimbursement; for a shareholder owning more than 2% of an S corporation it is taxable wages/),
    ).toBeTruthy();
    // The day starts as the employer's own today, not the server's (UTC) one.
    expect((screen.getByLabelText(/Approved through/) as HTMLInputElement).value).toBe("2027-03-10");
    fireEvent.input(screen.getByLabelText(/Approved through/), { target: { value: "2027-03-10" } });
    fireEvent.click(screen.getByRole("button", { name: "Run payroll" }));
    // Marking amounts paid cannot be undone: nothing is sent until the day is confirmed.
    const confirm = await screen.findByRole("region", { name: /approved on or before March 10, 2027 and not yet paid goes into this run/ });
    expect(confirm.textContent).toContain("This cannot be undone.");
    // It says what the run pays, as the server counts it for that day in the employer's zone.
    expect(confirm.textContent).toContain("It pays $412.50 to 1 employee.");
    expect(server.callsTo("GET", "/api/enrollment/4/payroll-runs/preview?through=2027-03-10&timeZone=America%2FChicago")).toHaveLength(1);
    // The keyboard goes on at the question itself, not its Yes (an Enter pressed twice on Run
    // payroll must not answer it), and back to Run payroll when it is cancelled.
    await waitFor(() => expect(document.activeElement === confirm).toBe(true));
    expect(server.callsTo("POST", "/api/enrollment/4/payroll-runs")).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("region", { name: /goes into this run/ })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Run payroll"));
    // Escape cancels it too, as it would a dialog.
    fireEvent.click(screen.getByRole("button", { name: "Run payroll" }));
    fireEvent.keyDown(await screen.findByRole("region", { name: /goes into this run/ }), { key: "Escape" });
    expect(screen.queryByRole("region", { name: /goes into this run/ })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Run payroll"));
    expect(server.callsTo("POST", "/api/enrollment/4/payroll-runs")).toHaveLength(0);
    // Through an earlier day it says what that day's run pays, not the totals above. A day typed
    // while the question shows keeps the keyboard in the field.
    fireEvent.click(screen.getByRole("button", { name: "Run payroll" }));
    await screen.findByRole("region", { name: /goes into this run/ });
    const day = screen.getByLabelText(/Approved through/);
    day.focus();
    fireEvent.input(day, { target: { value: "2027-03-02" } });
    expect(screen.queryByRole("region", { name: /goes into this run/ })).toBeNull();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(day);
    fireEvent.input(screen.getByLabelText(/Approved through/), { target: { value: "2027-03-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Run payroll" }));
    expect((await screen.findByRole("region", { name: /goes into this run/ })).textContent).toContain("It pays $100.00 to 1 employee.");
    fireEvent.input(screen.getByLabelText(/Approved through/), { target: { value: "2027-03-10" } });
    // The new run's row is brought to the middle of the window, clear of the toast at its bottom.
    const scrolled: unknown[] = [];
    const scrollIntoView = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = function (options) {
      scrolled.push([this, options]);
    };
    restores.push(() => {
      HTMLElement.prototype.scrollIntoView = scrollIntoView;
    });
    fireEvent.click(screen.getByRole("button", { name: "Run payroll" }));
    fireEvent.click(await screen.findByRole("button", { name: "Yes, run payroll" }));
    const runs = await screen.findByRole("table", { name: "Payroll runs" });
    // The day is read in the employer's time zone, which goes with it.
    // It goes with the total the employer confirmed, which the server checks before paying.
    expect(server.callsTo("POST", "/api/enrollment/4/payroll-runs")[0]!.body).toEqual({
      through: "2027-03-10",
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      expectedTotal: 412.5,
    });
    // The toast names where the CSV is, not a place "below" that it may cover.
    expect(currentToast.value?.description).toBe("Run 2: $412.50 for 1 employee. Its CSV is in Payroll runs.");
    expect(within(runs).getByRole("rowheader").textContent).toStartWith("Run 2 · ");
    const link = within(runs).getByRole("link", { name: "Download CSV of run 2, through March 10, 2027" });
    expect(link.getAttribute("href")).toBe("/api/enrollment/4/payroll-runs/9.csv");
    await waitFor(() => expect(document.activeElement === link).toBe(true));
    expect(scrolled).toEqual([[link, { block: "center" }]]);
    await waitFor(() =>
      expect(within(screen.getByRole("table", { name: "Approved reimbursements" })).getAllByText("$412.50").length).toBe(2),
    );
  });

  test("nothing waiting for payroll is said at once, without asking to confirm a run", async () => {
    for (const [owed, said] of [
      [totals(0, 0), NOTHING_APPROVED_MESSAGE],
      [totals(0, 412.5), ALL_PAID_MESSAGE],
    ] as const) {
      server = fakeServer({
        "GET /api/enrollment/4/reimbursements": { json: owed },
        "GET /api/enrollment/4/payroll-runs": { json: [] },
        "GET /api/enrollment/4/payroll-runs/preview": (call) => preview(through(call), 0, 0, said),
      });
      render(<ReimbursementsSection enrollmentId={4} />);
      fireEvent.click(await screen.findByRole("button", { name: "Run payroll" }));
      expect((await screen.findByRole("alert")).textContent).toBe(said);
      expect(screen.queryByRole("button", { name: "Yes, run payroll" })).toBeNull();
      // The button, disabled while asking, has the keyboard again.
      await waitFor(() => expect(document.activeElement?.textContent).toBe("Run payroll"));
      expect(server.callsTo("POST", "/api/enrollment/4/payroll-runs")).toHaveLength(0);
      cleanup();
      server.restore();
    }
  });

  test("a bad date is named under the field; a day before the approvals is said plainly", async () => {
    server = fakeServer({
      "GET /api/enrollment/4/reimbursements": { json: totals(12.5, 0) },
      "GET /api/enrollment/4/payroll-runs": { json: [] },
      "GET /api/enrollment/4/payroll-runs/preview": (call) =>
        preview(through(call), 0, 0, APPROVED_AFTER_THROUGH_MESSAGE("March 10, 2026")),
    });
    render(<ReimbursementsSection enrollmentId={4} />);
    await screen.findByText("No payroll runs yet.");
    fireEvent.input(screen.getByLabelText(/Approved through/), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Run payroll" }));
    expect(await screen.findByText(messages.through)).toBeTruthy();
    expect(document.activeElement?.id).toBe("payroll-through");
    expect(server.callsTo("POST", "/api/enrollment/4/payroll-runs")).toHaveLength(0);
    // A day after today is refused on the field, before the question that says it cannot be undone.
    fireEvent.input(screen.getByLabelText(/Approved through/), { target: { value: "2030-01-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Run payroll" }));
    expect(await screen.findByText(THROUGH_IN_FUTURE_MESSAGE)).toBeTruthy();
    expect(document.activeElement?.id).toBe("payroll-through");
    expect(screen.queryByRole("button", { name: "Yes, run payroll" })).toBeNull();
    expect(server.callsTo("POST", "/api/enrollment/4/payroll-runs")).toHaveLength(0);
    fireEvent.input(screen.getByLabelText(/Approved through/), { target: { value: "2026-03-10" } });
    fireEvent.click(screen.getByRole("button", { name: "Run payroll" }));
    expect((await screen.findByRole("alert")).textContent).toBe(APPROVED_AFTER_THROUGH_MESSAGE("March 10, 2026"));
    expect(screen.queryByRole("button", { name: "Yes, run payroll" })).toBeNull();
  });

  test("a day typed while the answer is on its way: the earlier day's answer is dropped, and the run goes with the day and total it states", async () => {
    server = fakeServer({
      "GET /api/enrollment/4/reimbursements": { json: totals(500, 0) },
      "GET /api/enrollment/4/payroll-runs": { json: [] },
      // The first question (November 20) is never answered in time; the second (November 1) at once.
      "GET /api/enrollment/4/payroll-runs/preview": (call) => (through(call) === "2026-11-01" ? preview("2026-11-01", 120, 1) : "pending"),
      "POST /api/enrollment/4/payroll-runs": { status: 201, json: run },
    });
    render(<ReimbursementsSection enrollmentId={4} />);
    await screen.findByText("No payroll runs yet.");
    const field = screen.getByLabelText(/Approved through/);
    fireEvent.input(field, { target: { value: "2026-11-20" } });
    fireEvent.click(screen.getByRole("button", { name: "Run payroll" }));
    await screen.findByRole("button", { name: "Checking what it pays..." });
    // The employer changes the day before the answer: the button is theirs again, and the new day is asked.
    fireEvent.input(field, { target: { value: "2026-11-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Run payroll" }));
    const question = await screen.findByRole("region", { name: /goes into this run/ });
    expect(question.textContent).toContain("approved on or before November 1, 2026");
    expect(question.textContent).toContain("It pays $120.00 to 1 employee.");
    fireEvent.click(within(question).getByRole("button", { name: "Yes, run payroll" }));
    await waitFor(() => expect(server.callsTo("POST", "/api/enrollment/4/payroll-runs")).toHaveLength(1));
    expect(server.callsTo("POST", "/api/enrollment/4/payroll-runs")[0]!.body).toMatchObject({ through: "2026-11-01", expectedTotal: 120 });
  });

  test("a preview that fails says so, asks nothing, and gives the keyboard back to Run payroll", async () => {
    server = fakeServer({
      "GET /api/enrollment/4/reimbursements": { json: totals(500, 0) },
      "GET /api/enrollment/4/payroll-runs": { json: [] },
      "GET /api/enrollment/4/payroll-runs/preview": { status: 500, text: "Internal Server Error" },
    });
    render(<ReimbursementsSection enrollmentId={4} />);
    fireEvent.click(await screen.findByRole("button", { name: "Run payroll" }));
    expect((await screen.findByRole("alert")).textContent).toBe("We couldn't work out what the run pays. Please try again.");
    expect(screen.queryByRole("button", { name: "Yes, run payroll" })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Run payroll"));
    expect(server.callsTo("POST", "/api/enrollment/4/payroll-runs")).toHaveLength(0);
  });

  test("a run whose amount changed after the question pays nothing and says what it would pay now", async () => {
    let approvedSince = false;
    server = fakeServer({
      "GET /api/enrollment/4/reimbursements": () => ({ json: totals(approvedSince ? 512.5 : 412.5, 0) }),
      "GET /api/enrollment/4/payroll-runs": { json: [] },
      "GET /api/enrollment/4/payroll-runs/preview": (call) => preview(through(call), approvedSince ? 512.5 : 412.5, approvedSince ? 2 : 1),
      "POST /api/enrollment/4/payroll-runs": () => {
        approvedSince = true;
        return { status: 409, json: { message: PAYROLL_CHANGED_MESSAGE(512.5, 2) } };
      },
    });
    render(<ReimbursementsSection enrollmentId={4} />);
    fireEvent.click(await screen.findByRole("button", { name: "Run payroll" }));
    fireEvent.click(await screen.findByRole("button", { name: "Yes, run payroll" }));
    expect((await screen.findByRole("alert")).textContent).toBe(PAYROLL_CHANGED_MESSAGE(512.5, 2));
    // The totals above are read again, and asking again states the new amount.
    await waitFor(() =>
      expect(within(screen.getByRole("table", { name: "Approved reimbursements" })).getAllByText("$512.50").length).toBe(2),
    );
    fireEvent.click(screen.getByRole("button", { name: "Run payroll" }));
    expect((await screen.findByRole("region", { name: /goes into this run/ })).textContent).toContain("It pays $512.50 to 2 employees.");
  });
});
