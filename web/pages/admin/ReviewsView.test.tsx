import { afterEach, describe, expect, test } from "bun:test";
import { daysFrom, localToday, todayUtc } from "@src/lib/date-rules";
import { formatDay } from "@src/lib/months";
import type { AdminClaim, AdminProof, Ledger, ReviewItem } from "@src/modules/reimbursements/model";
import {
  APPROVAL_AFTER_ALLOWANCE_MESSAGE,
  BEFORE_PROVEN_COVERAGE_MESSAGE,
  ENROLLMENT_NOT_APPROVED_MESSAGE,
  messages,
  NO_TIME_TO_ASK_MESSAGE,
  OVER_AVAILABLE_MESSAGE,
  PROOF_NOT_APPROVED_MESSAGE,
} from "@src/modules/reimbursements/model";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { shownDateTime } from "../../lib/dates";
import { browserTimeZone } from "../../lib/time-zone";
import { claimFixture, proofFixture } from "../../test/benefits-fixtures";
import { renderAt } from "../../test/render-at";
import { sameCarrier } from "./ReviewDetail";
import { decideBy, ReviewsView } from "./ReviewsView";
import { fakeAdminServer } from "./test-network";

let server: ReturnType<typeof fakeAdminServer>;
afterEach(() => {
  cleanup();
  server?.restore();
});

const employee = {
  id: 5,
  firstName: "Maria",
  lastName: "Lopez",
  email: "maria@example.com",
  className: "Full-time",
  coverageLevel: "individual",
  employmentEndedOn: null as string | null,
  allowanceEnded: null as AdminClaim["employee"]["allowanceEnded"],
  optedOut: null as AdminClaim["employee"]["optedOut"],
};
const employer = { businessId: 7, name: "Acme Tools", enrollmentId: 4, enrollmentApproved: true };

const item = (kind: ReviewItem["kind"], id: number, overrides: Partial<ReviewItem> = {}): ReviewItem => ({
  kind,
  id,
  status: kind === "claim" ? "submitted" : "pending",
  submittedAt: "2027-03-02T15:00:00.000Z",
  employee: { id: 5, name: "Maria Lopez" },
  employer: { businessId: 7, name: "Acme Tools" },
  month: kind === "claim" ? "2027-03" : null,
  amount: kind === "claim" ? 650 : null,
  coverageStart: kind === "proof" ? "2027-01-01" : null,
  carrier: "Blue Cross",
  documents: [],
  questions: [],
  ...overrides,
});

const adminClaim = (overrides: Partial<AdminClaim> = {}): AdminClaim => {
  const { history: _history, ...claim } = claimFixture({ id: 21, month: "2027-03", amount: 650 });
  return {
    ...claim,
    // Sent yesterday: well within its days to decide, whatever day the tests run on.
    submittedAt: new Date(Date.now() - 86_400_000).toISOString(),
    documents: [
      { id: 31, fileName: "receipt.pdf", mediaType: "application/pdf", size: 9_000, uploadedAt: "2027-03-02T15:00:00.000Z" },
      { id: 32, fileName: "photo.jpg", mediaType: "image/jpeg", size: 2_400_000, uploadedAt: "2027-03-02T15:00:00.000Z" },
    ],
    employee,
    employer,
    decidedBy: null,
    history: [{ action: "submitted", note: null, amount: 650, at: "2027-03-02T15:00:00.000Z", actor: "Maria Lopez" }],
    proof: { id: 3, status: "approved", coverageStart: "2027-01-01", carrier: "Blue Cross", coveredPeople: "Me and my spouse" },
    allowanceForMonth: 500,
    availableForMonth: 500,
    carryOver: false,
    ...overrides,
  };
};

const adminProof = (overrides: Partial<AdminProof> = {}): AdminProof => ({
  ...proofFixture({ status: "pending", decidedAt: null }),
  employee,
  employer,
  decidedBy: null,
  ...overrides,
});

function show(path: string, routes: Parameters<typeof fakeAdminServer>[0], total = "2", onUnauthorized = () => {}) {
  server = fakeAdminServer(routes, (call) => (call.path.startsWith("/api/admin/review-queue") ? { "x-total-count": total } : undefined));
  return renderAt(<ReviewsView onUnauthorized={onUnauthorized} />, path);
}

/** Fails naming what has the focus instead (expect's diff of two DOM nodes takes minutes). */
function expectFocusOn(element: Element) {
  expect(document.activeElement === element ? "focused" : `the focus is on ${document.activeElement?.outerHTML.slice(0, 120)}`).toBe(
    "focused",
  );
}

const decidedAt = "2026-11-24T05:17:00.000Z";

/** The ids an element's aria-describedby names. */
const describedBy = (element: Element) => (element.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);

/** The dialog's focusable elements in document order, which is its Tab order (no positive tabindex here). */
const tabOrder = (dialog: HTMLElement) =>
  Array.from(dialog.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, iframe, summary")).filter(
    (el) => !(el as HTMLInputElement).disabled,
  );

const employers = [
  { businessId: 7, name: "Acme Tools" },
  { businessId: 2, name: "Bluebird Logistics" },
];
/** The text of the option a select shows as chosen. */
const selected = (label: string) => {
  const select = screen.getByLabelText(label) as HTMLSelectElement;
  return select.options[select.selectedIndex]?.textContent;
};

const queueCalls = () => server.calls.filter((c) => c.path.startsWith("/api/admin/review-queue")).map((c) => c.path);

describe("the review queue", () => {
  test("loads with the filters the address names and changes the address when a filter changes", async () => {
    const location = show("/admin/reviews?status=paid&kind=claim&employer=7", {
      "GET /api/admin/review-queue": { json: [item("claim", 21, { status: "paid" })] },
      "GET /api/admin/review-employers": { json: employers },
    });
    expect(screen.getByText("Loading the review queue...")).toBeTruthy();
    await screen.findByRole("button", { name: "Review the claim of Maria Lopez for March 2027" });
    expect(queueCalls()[0]).toBe("/api/admin/review-queue?status=paid&kind=claim&businessId=7&limit=50");
    // The status is the badge the employee sees for the same claim.
    expect(document.querySelector("td[data-label='Status'] .status-badge")?.className).toBe("status-badge tone-indigo");
    expect(document.querySelector("td[data-label='Status']")?.textContent).toBe("Paid");
    await waitFor(() => expect(selected("Employer")).toBe("Acme Tools"));
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("paid");
    fireEvent.change(screen.getByLabelText("Kind"), { target: { value: "all" } });
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin/reviews?status=paid&employer=7"));
    fireEvent.change(screen.getByLabelText("Employer"), { target: { value: "all" } });
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin/reviews?status=paid"));
    await waitFor(() => expect(queueCalls().at(-1)).toBe("/api/admin/review-queue?status=paid&limit=50"));
  });

  test("a waiting item says the day it must be decided by, 30 days from when it was sent and paused by a question until its answer, and whether that has passed", async () => {
    const today = localToday();
    const sentOn = (daysAgo: number) => `${daysFrom(today, -daysAgo)}T12:00:00`;
    show("/admin/reviews", {
      "GET /api/admin/review-queue": {
        json: [
          item("claim", 21, { submittedAt: new Date(sentOn(40)).toISOString() }),
          item("proof", 22, { submittedAt: new Date(sentOn(5)).toISOString() }),
          // Asked 5 days after it was sent (25 days left) and not answered: its 45 days to answer
          // end today, and then the 25 days and the extension run.
          item("claim", 23, {
            status: "needs-info",
            submittedAt: new Date(sentOn(50)).toISOString(),
            questions: [{ askedAt: new Date(sentOn(45)).toISOString(), answeredAt: null }],
          }),
          // Asked 20 days after it was sent (10 days left), answered 3 days ago: 10 days and the
          // one 15-day extension from the answer.
          item("claim", 24, {
            submittedAt: new Date(sentOn(30)).toISOString(),
            questions: [{ askedAt: new Date(sentOn(10)).toISOString(), answeredAt: new Date(sentOn(3)).toISOString() }],
          }),
        ],
      },
      "GET /api/admin/review-employers": { json: employers },
    });
    await screen.findAllByRole("button", { name: "Review the claim of Maria Lopez for March 2027" });
    const notes = Array.from(document.querySelectorAll(".decide-by")).map((el) => [el.textContent, el.classList.contains("overdue")]);
    expect(notes).toEqual([
      [`Overdue: decide by ${formatDay(daysFrom(today, -10))}`, true],
      [`Decide by ${formatDay(daysFrom(today, 25))}`, false],
      [`Answer due by ${formatDay(today)}; decide by ${formatDay(daysFrom(today, 40))}`, false],
      [`Decide by ${formatDay(daysFrom(today, 22))}`, false],
    ]);
    expect(decideBy({ kind: "claim", status: "approved", submittedAt: new Date(sentOn(50)).toISOString(), questions: [] })).toBeNull();
  });

  test("any employer with something to review can be chosen, even one with nothing in this status", async () => {
    const location = show(
      "/admin/reviews?status=paid",
      {
        "GET /api/admin/review-queue": { json: [] },
        "GET /api/admin/review-employers": { json: employers },
      },
      "0",
    );
    await screen.findByText("Nothing to review with these filters.");
    await waitFor(() => expect(screen.getAllByRole("option").map((o) => o.textContent)).toContain("Bluebird Logistics"));
    fireEvent.change(screen.getByLabelText("Employer"), { target: { value: "2" } });
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin/reviews?status=paid&employer=2"));
    await waitFor(() => expect(queueCalls().at(-1)).toBe("/api/admin/review-queue?status=paid&businessId=2&limit=50"));
    // Still named once the queue for it is empty, not as a number.
    expect(selected("Employer")).toBe("Bluebird Logistics");
  });

  test("sits in one card, heading, filters and table, like the other admin sections", async () => {
    show("/admin/reviews", { "GET /api/admin/review-queue": { json: [item("proof", 3)] } });
    const table = await screen.findByRole("region", { name: "Items to review" });
    const card = screen.getByRole("heading", { level: 1, name: "Reviews" }).closest("article");
    expect(card).not.toBeNull();
    expect(card?.contains(screen.getByLabelText("Status"))).toBe(true);
    expect(card?.contains(table)).toBe(true);
  });

  test("an employer's name filters the queue to that employer", async () => {
    const location = show("/admin/reviews", { "GET /api/admin/review-queue": { json: [item("proof", 3), item("claim", 21)] } });
    expect((await screen.findByText("2 items")).getAttribute("role")).toBe("status");
    fireEvent.click(screen.getAllByRole("button", { name: "Only Acme Tools" })[0]!);
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin/reviews?employer=7"));
  });

  test("an empty queue and a failed one each say so", async () => {
    show("/admin/reviews", { "GET /api/admin/review-queue": { json: [] } }, "0");
    await screen.findByText("Nothing to review with these filters.");
    cleanup();
    server.restore();
    let fail = true;
    show("/admin/reviews", {
      "GET /api/admin/review-queue": () => (fail ? { status: 500, json: { message: "boom" } } : { json: [item("claim", 21)] }),
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We couldn't load the review queue. Please try again.");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByRole("button", { name: /Review the claim of Maria Lopez/ });
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("a claim under review", () => {
  const open = async (claim: AdminClaim, decide: Parameters<typeof fakeAdminServer>[0][string]) => {
    show("/admin/reviews", {
      "GET /api/admin/review-queue": { json: [item("claim", 21)] },
      "GET /api/admin/claims/21": { json: claim },
      "POST /api/admin/claims/21/decision": decide,
    });
    fireEvent.click(await screen.findByRole("button", { name: /Review the claim of Maria Lopez/ }));
    return screen.findByRole("dialog");
  };

  test("the address names the open item: it opens from the address, and closing takes it out without a new entry", async () => {
    const routes = {
      "GET /api/admin/review-queue": { json: [item("claim", 21)] },
      "GET /api/admin/claims/21": { json: adminClaim() },
    };
    const location = show("/admin/reviews", routes);
    fireEvent.click(await screen.findByRole("button", { name: /Review the claim of Maria Lopez/ }));
    await screen.findByRole("dialog");
    expect(location.history.at(-1)).toBe("/admin/reviews?open=claim-21");
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(location.history).toEqual(["/admin/reviews", "/admin/reviews"]);
    cleanup();
    server?.restore();
    // A reload (or a shared link) opens it again; a hand-made address naming nothing is ignored.
    show("/admin/reviews?open=claim-21", routes);
    await screen.findByRole("dialog");
    cleanup();
    server?.restore();
    show("/admin/reviews?open=claim-x", routes);
    await screen.findByRole("button", { name: /Review the claim of Maria Lopez/ });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("a reason being typed survives a reload, and is forgotten once the decision is recorded", async () => {
    const routes = {
      "GET /api/admin/review-queue": { json: [item("claim", 21)] },
      "GET /api/admin/claims/21": { json: adminClaim({ availableForMonth: 1000 }) },
      "POST /api/admin/claims/21/decision": { status: 200, json: adminClaim({ status: "denied", reason: "A dental plan." }) },
    };
    show("/admin/reviews?open=claim-21", routes);
    let dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByLabelText("Deny"));
    fireEvent.input(within(dialog).getByLabelText(/Reason/), { target: { value: "A dental plan." } });
    cleanup();
    server?.restore();
    show("/admin/reviews?open=claim-21", routes);
    dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByLabelText("Deny"));
    expect((within(dialog).getByLabelText(/Reason/) as HTMLTextAreaElement).value).toBe("A dental plan.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    await within(dialog).findByRole("status");
    expect(sessionStorage.getItem("kept-draft:review:claim-21")).toBeNull();
  });

  test("shows its documents inline with their metadata, and why it is over what is available", async () => {
    const dialog = await open(adminClaim(), { status: 200, json: adminClaim() });
    // The frame is named for what it shows, as a screen reader announces it.
    const frame = await within(dialog).findByTitle("Preview of receipt.pdf");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("src")).toBe("/api/admin/documents/31/receipt.pdf?inline=1");
    const image = within(dialog).getByAltText("Document photo.jpg");
    expect(image.getAttribute("src")).toBe("/api/admin/documents/32?inline=1");
    expect(dialog.textContent).toContain("photo.jpg · JPEG image · 2.3 MB");
    // The employee's coverage level in words, as the employer's list names it.
    expect(dialog.textContent).toContain("Maria Lopez (maria@example.com), Full-time");
    expect(dialog.textContent).toContain("Coverage levelIndividual (the allowance is paid for it: check who the document covers)");
    expect(
      within(dialog)
        .getAllByRole("link", { name: "Download" })
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/api/admin/documents/31", "/api/admin/documents/32"]);
    expect(dialog.textContent).toContain("The claim ($650.00) is more than the $500.00 available for March 2027");
    expect(dialog.textContent).toContain("Available for March 2027$500.00");
  });

  test("the employee's statement for the claim's plan year is read when opened", async () => {
    const ledger: Ledger = {
      employeeId: employee.id,
      planYear: { start: "2027-01-01", end: "2027-12-31" },
      carryOver: true,
      months: [],
      events: [
        {
          id: 1,
          at: "2027-03-01T06:00:00.000Z",
          month: "2027-03",
          kind: "allowance",
          amount: 500,
          unpaid: 0,
          balance: 500,
          claimId: null,
          payrollRunId: null,
        },
      ],
      totals: { allowances: 500, approvals: 0, reversals: 0, payments: 0, balance: 500, approvedUnpaid: 0 },
    };
    show("/admin/reviews", {
      "GET /api/admin/review-queue": { json: [item("claim", 21)] },
      "GET /api/admin/claims/21": { json: adminClaim() },
      [`GET /api/admin/employees/${employee.id}/ledger`]: { json: ledger },
    });
    fireEvent.click(await screen.findByRole("button", { name: /Review the claim of Maria Lopez/ }));
    const dialog = await screen.findByRole("dialog");
    const statement = (await within(dialog).findByText("The employee's statement for the plan year from January 1, 2027")).closest(
      "details",
    )!;
    statement.open = true;
    fireEvent(statement, new Event("toggle"));
    const table = await within(statement).findByRole("region", { name: "The employee's statement" });
    expect(within(table).getAllByRole("row")[1]!.textContent).toContain("Allowance for March 2027+$500.00$500.00");
    const asked = server.calls.find((c) => c.path.startsWith(`/api/admin/employees/${employee.id}/ledger`))!;
    expect(asked.path).toBe(`/api/admin/employees/${employee.id}/ledger?planYear=2027-01-01&tz=${encodeURIComponent(browserTimeZone())}`);
  });

  test("a claim the employee answered shows the question and the answer, and its history in words", async () => {
    const answered = adminClaim({
      status: "submitted",
      reason: "The receipt does not show who is covered.",
      decidedBy: "ops",
      history: [
        { action: "submitted", note: null, amount: 650, at: "2027-03-02T15:00:00.000Z", actor: "employee" },
        {
          action: "needs-info",
          note: "The receipt does not show who is covered.",
          amount: null,
          at: "2027-03-03T15:00:00.000Z",
          actor: "ops",
        },
        {
          action: "info-provided",
          note: "My daughter is on the policy too.",
          amount: null,
          at: "2027-03-04T15:00:00.000Z",
          actor: "employee",
        },
      ],
    });
    const dialog = await open(answered, { status: 200, json: answered });
    const text = dialog.textContent!;
    expect(text).toContain("Submitted, answered by the employee");
    expect(text).not.toContain("Submitted, by ops");
    expect(text).toContain("Question askedThe receipt does not show who is covered.");
    expect(text).toContain("AnswerMy daughter is on the policy too.");
    expect(text).toContain("Asked for more information by ops: The receipt does not show who is covered.");
    expect(text).toContain("Answered by the employee: My daughter is on the policy too.");
  });

  test("a refusal the dialog could not foresee (the proof rejected meanwhile) is shown as the server says it", async () => {
    const dialog = await open(adminClaim({ availableForMonth: 1000 }), { status: 409, json: { message: PROOF_NOT_APPROVED_MESSAGE } });
    fireEvent.click(await within(dialog).findByLabelText("Approve in full"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    const refused = await within(dialog).findByRole("alert");
    expect(refused.textContent).toBe(PROOF_NOT_APPROVED_MESSAGE);
    // The button was disabled while sending: the focus is on the refusal, not lost to the page.
    await waitFor(() => expectFocusOn(refused));
    expect(server.callsTo("POST", "/api/admin/claims/21/decision").map((c) => c.body)).toEqual([
      { decision: "approve", seenStatus: "submitted" },
    ]);
  });

  test("over what is available, approving in full is not offered and says why; a part of it is, capped with its reason", async () => {
    let answer: { status: number; json: unknown } = { status: 500, json: { message: "not expected" } };
    const dialog = await open(adminClaim(), () => answer);
    const full = (await within(dialog).findByLabelText("Approve in full")) as HTMLInputElement;
    // Not offered as if it could succeed: disabled, with the reason beside the choices, describing them.
    expect(full.disabled).toBe(true);
    const why = within(dialog).getByText(
      "The claim ($650.00) is more than the $500.00 available for March 2027, so it cannot be approved in full: approve part of it, at most $500.00, with a reason.",
    );
    const note = why.closest("[id]")!;
    const group = within(dialog).getByRole("group", { name: /Decision/ });
    expect(group.contains(note)).toBe(true);
    expect(describedBy(group)).toContain(note.id);
    expect(describedBy(full)).toContain(note.id);
    for (const open of ["Approve part of it", "Deny", "Ask for more information"])
      expect((within(dialog).getByLabelText(open) as HTMLInputElement).disabled).toBe(false);
    // Nothing chosen, the focus goes to the first choice that can be taken.
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    await within(dialog).findByText(messages.decision);
    expectFocusOn(within(dialog).getByLabelText("Approve part of it"));

    // A question or a denial starts empty: the partial approval's reason is not a question.
    fireEvent.click(within(dialog).getByLabelText("Ask for more information"));
    expect((within(dialog).getByLabelText(/Question for the employee/) as HTMLTextAreaElement).value).toBe("");
    fireEvent.input(within(dialog).getByLabelText(/Question for the employee/), { target: { value: "Which plan?" } });
    fireEvent.click(within(dialog).getByLabelText("Deny"));
    expect((within(dialog).getByLabelText(/Reason/) as HTMLTextAreaElement).value).toBe("");
    fireEvent.click(within(dialog).getByLabelText("Ask for more information"));
    expect((within(dialog).getByLabelText(/Question for the employee/) as HTMLTextAreaElement).value).toBe("Which plan?");
    fireEvent.click(within(dialog).getByLabelText("Approve part of it"));
    expect((within(dialog).getByLabelText(/Approved amount/) as HTMLInputElement).value).toBe("500.00");
    expect((within(dialog).getByLabelText(/Reason/) as HTMLTextAreaElement).value).toBe(
      "Only $500.00 of the allowance was available for March 2027.",
    );
    // More than what is available is refused before anything is sent.
    const amount = within(dialog).getByLabelText(/Approved amount/) as HTMLInputElement;
    fireEvent.input(amount, { target: { value: "600" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    await within(dialog).findByText(OVER_AVAILABLE_MESSAGE(500, "March 2027"), { selector: "small" });
    expect(server.callsTo("POST", "/api/admin/claims/21/decision")).toHaveLength(0);
    fireEvent.input(amount, { target: { value: "500.00" } });
    answer = {
      status: 200,
      json: adminClaim({ status: "partially-approved", approvedAmount: 500, decidedBy: "ops", decidedAt, reason: "capped" }),
    };
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    await within(dialog).findByText(`Partially approved ($500.00), by ops on ${shownDateTime(decidedAt)}`);
    // The form is gone: the focus is on what the decision did.
    const outcome = within(dialog).getByRole("status");
    expect(outcome.textContent).toBe("The claim is now partially approved. The employee is emailed.");
    expectFocusOn(outcome);
    // Decided, the month's figure is what it has left after this approval, and says so.
    expect(dialog.textContent).toContain("Still available for March 2027");
    const posts = server.callsTo("POST", "/api/admin/claims/21/decision").map((c) => c.body);
    // Each says the status the reviewer saw, so a decision taken meanwhile is not overridden unseen.
    expect(posts).toEqual([
      {
        decision: "approve",
        approvedAmount: 500,
        reason: "Only $500.00 of the allowance was available for March 2027.",
        seenStatus: "submitted",
      },
    ]);
    expect(within(dialog).queryByRole("button", { name: "Record decision" })).toBeNull();
  });

  test("a claim within what is available starts a partial approval empty: the reviewer says how much", async () => {
    const dialog = await open(adminClaim({ availableForMonth: 1000 }), { status: 200, json: adminClaim() });
    await within(dialog).findByText("Documents");
    // The title says whose claim and for which month, as the queue's row did.
    expect(within(dialog).getByRole("heading", { level: 2 }).textContent).toBe("Premium claim: Maria Lopez, March 2027");
    fireEvent.click(within(dialog).getByLabelText("Approve part of it"));
    expect((within(dialog).getByLabelText(/Approved amount/) as HTMLInputElement).value).toBe("");
    // More than the claim is refused in the form, in the server's words.
    fireEvent.input(within(dialog).getByLabelText(/Approved amount/), { target: { value: "700" } });
    fireEvent.input(within(dialog).getByLabelText(/Reason/), { target: { value: "Part of it." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    await within(dialog).findByText(messages.amountOverClaim("$650.00"));
    expect(server.callsTo("POST", "/api/admin/claims/21/decision")).toHaveLength(0);
    // Written with a dollar sign, as the employee's claim form takes it, it is dollars.
    fireEvent.input(within(dialog).getByLabelText(/Approved amount/), { target: { value: " $450 " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    await waitFor(() => expect(server.callsTo("POST", "/api/admin/claims/21/decision")).toHaveLength(1));
    expect(server.callsTo("POST", "/api/admin/claims/21/decision")[0].body).toMatchObject({ decision: "approve", approvedAmount: 450 });
  });

  test("deny and needs-info need a reason; nothing is sent without a decision", async () => {
    const dialog = await open(adminClaim({ availableForMonth: 1000 }), { status: 200, json: adminClaim({ status: "needs-info" }) });
    await within(dialog).findByText("Documents");
    expect(dialog.textContent).not.toContain("cannot be approved in full");
    expect(
      within(dialog)
        .getAllByRole("radio")
        .every((radio) => !(radio as HTMLInputElement).disabled),
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    await within(dialog).findByText(messages.decision);
    // A refused decision puts focus on what to fix, not on the button.
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Approve in full"));
    fireEvent.click(within(dialog).getByLabelText("Ask for more information"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    await within(dialog).findByText(messages.questionRequired);
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Question for the employee/));
    expect(server.callsTo("POST", "/api/admin/claims/21/decision")).toHaveLength(0);
    fireEvent.input(within(dialog).getByLabelText(/Question for the employee/), { target: { value: "Please send page 2" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    await waitFor(() => expect(server.callsTo("POST", "/api/admin/claims/21/decision")).toHaveLength(1));
    expect(server.callsTo("POST", "/api/admin/claims/21/decision")[0]!.body).toEqual({
      decision: "needs-info",
      reason: "Please send page 2",
      seenStatus: "submitted",
    });
  });

  test("a claim waiting for the employee's answer can be approved or denied, not asked again", async () => {
    const waiting = adminClaim({ status: "needs-info", decidedBy: "ops", decidedAt, reason: "Which plan is this?" });
    const dialog = await open(waiting, { status: 200, json: waiting });
    await within(dialog).findByText(`Needs info, by ops on ${shownDateTime(decidedAt)}`);
    const choices = within(dialog)
      .getAllByRole("radio")
      .map((radio) => radio.closest("label")?.textContent);
    expect(choices).toEqual(["Approve in full", "Approve part of it", "Deny"]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    await within(dialog).findByText("Please choose a decision: approve in full, approve part of it, or deny");
  });

  test("a paid claim says who approved it and when, not as if they had paid it", async () => {
    const paid = adminClaim({ status: "paid", approvedAmount: 500, decidedBy: "ops", decidedAt });
    const dialog = await open(paid, { status: 200, json: paid });
    await within(dialog).findByText(`Paid ($500.00), approved by ops on ${shownDateTime(decidedAt)}`);
    // Decided: no decision to take, and no link to one.
    expect(within(dialog).queryByRole("link", { name: "Skip to decision" })).toBeNull();
  });

  test("an ended session while deciding sends to the admin sign-in, not a message in the form", async () => {
    let sentToLogin = 0;
    show(
      "/admin/reviews",
      {
        "GET /api/admin/review-queue": { json: [item("claim", 21)] },
        "GET /api/admin/claims/21": { json: adminClaim({ availableForMonth: 1000 }) },
        "POST /api/admin/claims/21/decision": { status: 401, json: { message: "Sign in to continue." } },
      },
      "1",
      () => sentToLogin++,
    );
    fireEvent.click(await screen.findByRole("button", { name: /Review the claim of Maria Lopez/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(await within(dialog).findByLabelText("Approve in full"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    await waitFor(() => expect(sentToLogin).toBe(1));
    expect(within(dialog).queryByText("Sign in to continue.")).toBeNull();
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });

  test("a claim shows the proof's carrier and people beside its own, so a claim for another policy stands out", async () => {
    const other = adminClaim({
      carrier: "Dental Co",
      proof: { id: 3, status: "approved", coverageStart: "2027-01-01", carrier: "Blue Cross", coveredPeople: "Me and my spouse" },
    });
    const dialog = await open(other, { status: 200, json: other });
    await within(dialog).findByText("Blue Cross, covering Me and my spouse");
    expect(within(dialog).getByText("Dental Co")).toBeTruthy();
    // Another carrier than the proven policy's is flagged in words, not left to be noticed.
    expect(within(dialog).getByText(/The claim names another carrier than the proof of coverage/)).toBeTruthy();
  });

  test("the same carrier written another way is not flagged", async () => {
    expect(sameCarrier("BCBS of Texas", "bcbs  of texas.")).toBe(true);
    expect(sameCarrier("Aetna", "Aetna CVS Health")).toBe(true);
    expect(sameCarrier("Dental Co", "Blue Cross")).toBe(false);
    const same = adminClaim({
      carrier: "blue cross",
      proof: { id: 3, status: "approved", coverageStart: "2027-01-01", carrier: "Blue Cross", coveredPeople: "Me" },
    });
    const dialog = await open(same, { status: 200, json: same });
    await within(dialog).findByText("Blue Cross, covering Me");
    expect(within(dialog).queryByText(/another carrier/)).toBeNull();
  });

  /** The approve choices are disabled, described by the reasons beside them; deny and asking stay open. */
  test("once the day to decide has passed, a question is not offered, and why is said beside the choices", async () => {
    // Sent 40 days ago, no question asked: its 30 days ended ten days ago.
    const late = adminClaim({ submittedAt: new Date(Date.now() - 40 * 86_400_000).toISOString() });
    const dialog = await open(late, { status: 200, json: late });
    const due = daysFrom(todayUtc(new Date(Date.now() - 40 * 86_400_000)), 30);
    const group = within(dialog).getByRole("group", { name: /Decision/ });
    const note = within(group).getByText(NO_TIME_TO_ASK_MESSAGE(due)).closest("[id]")!;
    const ask = within(dialog).getByLabelText("Ask for more information") as HTMLInputElement;
    expect(ask.disabled).toBe(true);
    expect(describedBy(ask)).toContain(note.id);
    // Approving part of it (the claim is over what is available) and denying stay offered.
    for (const choice of ["Approve part of it", "Deny"])
      expect((within(dialog).getByLabelText(choice) as HTMLInputElement).disabled).toBe(false);
  });

  function expectNoApproval(dialog: HTMLElement, reasons: string[]) {
    const group = within(dialog).getByRole("group", { name: /Decision/ });
    const notes = reasons.map((reason) => within(group).getByText(reason).closest("[id]")!);
    for (const choice of ["Approve in full", "Approve part of it"]) {
      const radio = within(dialog).getByLabelText(choice) as HTMLInputElement;
      expect(radio.disabled).toBe(true);
      for (const note of notes) expect(describedBy(radio)).toContain(note.id);
    }
    for (const note of notes) expect(describedBy(group)).toContain(note.id);
    for (const choice of ["Deny", "Ask for more information"])
      expect((within(dialog).getByLabelText(choice) as HTMLInputElement).disabled).toBe(false);
  }

  test("a claim whose proof is not approved cannot be approved: the approve choices are disabled, saying why beside them", async () => {
    const dialog = await open(
      adminClaim({ proof: { id: 3, status: "pending", coverageStart: "2027-01-01", carrier: "Blue Cross", coveredPeople: "Me" } }),
      { status: 409, json: { message: PROOF_NOT_APPROVED_MESSAGE } },
    );
    await within(dialog).findByText(PROOF_NOT_APPROVED_MESSAGE);
    expect(within(dialog).queryByText(ENROLLMENT_NOT_APPROVED_MESSAGE)).toBeNull();
    expectNoApproval(dialog, [PROOF_NOT_APPROVED_MESSAGE]);
    // Over what is available too, the reason given is the one that stops any approval.
    expect(dialog.textContent).not.toContain("cannot be approved in full");
    // Nothing chosen: the focus lands on the first choice that can be taken, and nothing is sent.
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    await within(dialog).findByText(messages.decision);
    expectFocusOn(within(dialog).getByLabelText("Deny"));
    expect(server.callsTo("POST", "/api/admin/claims/21/decision")).toHaveLength(0);
  });

  test("a claim of an employer whose enrollment is not approved yet says so beside the decision, and cannot be approved", async () => {
    const dialog = await open(adminClaim({ employer: { ...employer, enrollmentApproved: false }, availableForMonth: 1000 }), {
      status: 200,
      json: {},
    });
    await within(dialog).findByText(ENROLLMENT_NOT_APPROVED_MESSAGE);
    expectNoApproval(dialog, [ENROLLMENT_NOT_APPROVED_MESSAGE]);
  });

  test("a claim for a month before the approved proof's coverage, or with nothing left for its month, cannot be approved", async () => {
    const early = adminClaim({
      availableForMonth: 1000,
      proof: { id: 3, status: "approved", coverageStart: "2027-04-01", carrier: "Blue Cross", coveredPeople: "Me" },
    });
    let dialog = await open(early, { status: 200, json: {} });
    const before = BEFORE_PROVEN_COVERAGE_MESSAGE("March 2027", "April 1, 2027");
    await within(dialog).findByText(before);
    expectNoApproval(dialog, [before]);
    cleanup();
    server.restore();

    dialog = await open(adminClaim({ availableForMonth: 0 }), { status: 200, json: {} });
    const nothingLeft = OVER_AVAILABLE_MESSAGE(0, "March 2027");
    await within(dialog).findByText(nothingLeft);
    expectNoApproval(dialog, [nothingLeft]);
  });

  test("a claim for a month after the employee's last day says so, not that nothing is left, and cannot be approved", async () => {
    const after = adminClaim({
      month: "2027-03",
      availableForMonth: 0,
      employee: {
        ...employee,
        employmentEndedOn: "2027-02-12",
        allowanceEnded: { endedBy: "employment", on: "2027-02-12", lastMonth: "2027-02" },
      },
    });
    const dialog = await open(after, { status: 200, json: after });
    // A last day to come reads as one that ends, not one that ended.
    await within(dialog).findByText("2027-02-12" < localToday() ? "Employment ended" : "Employment ends");
    expect(within(dialog).getByText(/Last day February 12, 2027/).textContent).toContain("the allowance ends with February 2027");
    const reason = APPROVAL_AFTER_ALLOWANCE_MESSAGE(after.employee.allowanceEnded!);
    expect(reason).toContain("This employee's employment ended on February 12, 2027, so their allowance ended with February 2027");
    expectNoApproval(dialog, [reason]);
    expect(within(dialog).queryByText(/Nothing of the allowance is left/)).toBeNull();
  });

  test("a claim for a month after the employee opted out says so, and cannot be approved", async () => {
    const allowanceEnded = { endedBy: "waiver" as const, on: "2027-02-20", lastMonth: "2027-02" };
    const optedOut = { on: "2027-02-20", waivedFrom: "2027-03" };
    const after = adminClaim({ month: "2027-03", availableForMonth: 0, employee: { ...employee, allowanceEnded, optedOut } });
    const dialog = await open(after, { status: 200, json: after });
    await within(dialog).findByText("Opted out");
    expect(within(dialog).getByText(/On February 20, 2027/).textContent).toContain("reimbursements waived from March 2027 on");
    const reason = APPROVAL_AFTER_ALLOWANCE_MESSAGE(allowanceEnded);
    expect(reason).toStartWith("This employee opted out of the ICHRA on February 20, 2027, so their allowance ended with February 2027");
    expectNoApproval(dialog, [reason]);
  });

  test("a skip link after the close button jumps past the documents' preview to the decision", async () => {
    const dialog = await open(adminClaim({ availableForMonth: 1000 }), { status: 200, json: {} });
    const frame = await within(dialog).findByTitle("Preview of receipt.pdf");
    const order = tabOrder(dialog);
    const skip = within(dialog).getByRole("link", { name: "Skip to decision" });
    // Close, then the skip link: the first Tab from the dialog's start reaches it, before the frame.
    expect(order.indexOf(skip)).toBe(1);
    expect(order[0]!.getAttribute("aria-label")).toBe("Close");
    expect(order.indexOf(frame)).toBeGreaterThan(1);
    fireEvent.click(skip);
    expectFocusOn(within(dialog).getByLabelText("Approve in full"));
    // A choice already made is where it lands; a disabled one is never the target.
    fireEvent.click(within(dialog).getByLabelText("Deny"));
    (document.activeElement as HTMLElement).blur();
    fireEvent.click(skip);
    expectFocusOn(within(dialog).getByLabelText("Deny"));
  });

  test("the skip link goes to the first choice that can be taken when approving cannot", async () => {
    const dialog = await open(adminClaim({ employer: { ...employer, enrollmentApproved: false } }), { status: 200, json: {} });
    fireEvent.click(await within(dialog).findByRole("link", { name: "Skip to decision" }));
    expectFocusOn(within(dialog).getByLabelText("Deny"));
  });
});

describe("a proof of coverage under review", () => {
  test("rejecting needs a reason; the decision is recorded", async () => {
    show("/admin/reviews", {
      "GET /api/admin/review-queue": { json: [item("proof", 3)] },
      "GET /api/admin/coverage-proofs/3": { json: adminProof() },
      "POST /api/admin/coverage-proofs/3/decision": {
        json: adminProof({ status: "rejected", reason: "Dental card", decidedBy: "ops", decidedAt }),
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Review the proof of coverage of Maria Lopez" }));
    const dialog = await screen.findByRole("dialog");
    const frame = await within(dialog).findByTitle("Preview of policy.pdf");
    expect(frame.getAttribute("src")).toBe("/api/admin/documents/11/policy.pdf?inline=1");
    // The decision is one Tab and Enter away, not past the preview's own controls.
    const skip = within(dialog).getByRole("link", { name: "Skip to decision" });
    expect(tabOrder(dialog).indexOf(skip)).toBe(1);
    expect(tabOrder(dialog).indexOf(frame)).toBeGreaterThan(1);
    fireEvent.click(skip);
    expectFocusOn(within(dialog).getByLabelText("Approve"));
    // The coverage level the allowance is paid for, beside who the proof covers.
    expect(dialog.textContent).toContain("Coverage levelIndividual (the allowance is paid for it");
    expect(dialog.textContent).toContain("Who is coveredMe and my spouse");
    fireEvent.click(within(dialog).getByLabelText("Reject"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    await within(dialog).findByText(messages.reasonRequired);
    fireEvent.input(within(dialog).getByLabelText(/Reason/), { target: { value: "Dental card" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    // Who decided and when.
    await within(dialog).findByText(`Not accepted, by ops on ${shownDateTime(decidedAt)}`);
    const outcome = within(dialog).getByRole("status");
    expect(outcome.textContent).toBe("The proof of coverage is not accepted. The employee is emailed.");
    expectFocusOn(outcome);
    expect(server.callsTo("POST", "/api/admin/coverage-proofs/3/decision")[0]!.body).toEqual({ decision: "reject", reason: "Dental card" });
  });
});

describe("a review that cannot be opened", () => {
  test("loading, then the failure says so; an ended session sends to the login instead", async () => {
    show("/admin/reviews", {
      "GET /api/admin/review-queue": { json: [item("claim", 21)] },
      "GET /api/admin/claims/21": { status: 500, json: { message: "boom" } },
    });
    fireEvent.click(await screen.findByRole("button", { name: /Review the claim of Maria Lopez/ }));
    let dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText("Loading...").getAttribute("aria-busy")).toBe("true");
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "We couldn't load this premium claim. Please close this and try again.",
    );
    expect(within(dialog).queryByText("Loading...")).toBeNull();
    cleanup();
    server.restore();

    let sentToLogin = 0;
    server = fakeAdminServer({
      "GET /api/admin/review-queue": { json: [item("proof", 3)] },
      "GET /api/admin/coverage-proofs/3": { status: 401, json: { message: "Please sign in." } },
    });
    renderAt(<ReviewsView onUnauthorized={() => sentToLogin++} />, "/admin/reviews");
    fireEvent.click(await screen.findByRole("button", { name: "Review the proof of coverage of Maria Lopez" }));
    dialog = screen.getByRole("dialog");
    await waitFor(() => expect(sentToLogin).toBe(1));
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(within(dialog).getByText("Loading...")).toBeTruthy();
  });
});

describe("the focus when a review closes", () => {
  test("back on the Review button that opened it; when a decision took that row out of the queue, on the next row's, else the heading", async () => {
    let queue = [item("claim", 21), item("proof", 3)];
    show("/admin/reviews", {
      "GET /api/admin/review-queue": () => ({ json: queue }),
      "GET /api/admin/claims/21": { json: adminClaim({ availableForMonth: 1000 }) },
      "POST /api/admin/claims/21/decision": () => {
        queue = [item("proof", 3)];
        return { json: adminClaim({ status: "denied", decidedBy: "ops", decidedAt, reason: "Not a premium." }) };
      },
      "GET /api/admin/coverage-proofs/3": { json: adminProof() },
      "POST /api/admin/coverage-proofs/3/decision": () => {
        queue = [];
        return { json: adminProof({ status: "approved", decidedBy: "ops", decidedAt }) };
      },
    });
    const reviewClaim = await screen.findByRole("button", { name: /Review the claim of Maria Lopez/ });
    // Closed without a decision: back where it was opened.
    fireEvent.click(reviewClaim);
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog") === null).toBe(true));
    await waitFor(() => expectFocusOn(reviewClaim));

    // Denied, the claim leaves the queue: Escape lands on the row now in its place.
    fireEvent.click(reviewClaim);
    let dialog = await screen.findByRole("dialog");
    fireEvent.click(await within(dialog).findByLabelText("Deny"));
    fireEvent.input(within(dialog).getByLabelText(/Reason/), { target: { value: "Not a premium." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    await within(dialog).findByText("The claim is now denied. The employee is emailed.");
    // (Compared as a boolean: expect's printing of a DOM node takes seconds.)
    await waitFor(() => expect(screen.queryByRole("button", { name: /Review the claim of Maria Lopez/ }) === null).toBe(true));
    fireEvent(dialog, new Event("cancel", { cancelable: true }));
    (dialog as HTMLDialogElement).close();
    await waitFor(() => expect(screen.queryByRole("dialog") === null).toBe(true));
    const reviewProof = screen.getByRole("button", { name: "Review the proof of coverage of Maria Lopez" });
    await waitFor(() => expectFocusOn(reviewProof));

    // Approved, the last one leaves it empty: the queue's heading.
    fireEvent.click(reviewProof);
    dialog = await screen.findByRole("dialog");
    fireEvent.click(await within(dialog).findByLabelText("Approve"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Record decision" }));
    await within(dialog).findByText("The proof of coverage is approved. The employee is emailed.");
    await screen.findByText("Nothing to review with these filters.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Back to the review queue" }));
    await waitFor(() => expect(screen.queryByRole("dialog") === null).toBe(true));
    await waitFor(() => expectFocusOn(screen.getByRole("heading", { level: 1, name: "Reviews" })));
  });
});
