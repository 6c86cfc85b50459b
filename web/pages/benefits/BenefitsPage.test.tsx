import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { formatMonth } from "@src/lib/months";
import { CLAIM_ATTESTATION, type Ledger, messages, PROOF_ATTESTATION } from "@src/modules/reimbursements/model";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { currentToast } from "../../components/toast/toast-store";
import { benefitsHomePath } from "../../lib/benefits-home-path";
import { browserTimeZone, inBrowserTimeZone } from "../../lib/time-zone";
import { claimFixture, homeFixture, proofFixture } from "../../test/benefits-fixtures";
import { fakeServer } from "../../test/fake-server";
import { fakeUploads, type UploadOutcome } from "../../test/fake-upload";
import { renderAt } from "../../test/render-at";
import BenefitsPage from "./BenefitsPage";

let server: ReturnType<typeof fakeServer> | undefined;
let uploads: ReturnType<typeof fakeUploads> | undefined;
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  server?.restore();
  uploads?.restore();
  server = undefined;
  uploads = undefined;
});

function show(answers: Parameters<typeof fakeServer>[0], outcomes: UploadOutcome[] = []) {
  server = fakeServer(answers);
  uploads = fakeUploads(outcomes);
  renderAt(<BenefitsPage />, "/benefits");
}

const pdf = (name = "policy.pdf", size = 2048) => new File([new Uint8Array(size).fill(0x25)], name, { type: "application/pdf" });
const choose = (label: RegExp | string, ...files: File[]) => fireEvent.change(screen.getByLabelText(label), { target: { files } });
const type = (label: RegExp | string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });
const shownValue = (label: RegExp | string) => (screen.getByLabelText(label) as HTMLInputElement).value;
/** Fills a proof form (the page's only one, or `form`) with these answers, attests and sends it. */
function sendProofForm(
  answers: { carrier: string; coverageStart: string; coveredPeople: string; file: File },
  form: HTMLElement = document.body,
) {
  const inForm = within(form);
  fireEvent.input(inForm.getByLabelText(/Insurance company/), { target: { value: answers.carrier } });
  fireEvent.input(inForm.getByLabelText(/Coverage start date/), { target: { value: answers.coverageStart } });
  fireEvent.input(inForm.getByLabelText(/Who is covered/), { target: { value: answers.coveredPeople } });
  fireEvent.change(inForm.getByLabelText(/^Document/), { target: { files: [answers.file] } });
  fireEvent.click(inForm.getByLabelText(PROOF_ATTESTATION, { exact: false }));
  fireEvent.click(inForm.getByRole("button", { name: "Send proof of coverage" }));
}
/** Fails naming what has the focus instead (expect's diff of two DOM nodes takes minutes). */
const expectFocusOn = (element: Element | null | undefined) =>
  expect(document.activeElement === element ? "focused" : `the focus is on ${document.activeElement?.outerHTML.slice(0, 120)}`).toBe(
    "focused",
  );

describe("the employee's home", () => {
  test("shows that it is loading", async () => {
    show({ "GET /api/benefits": "pending" });
    expect(screen.getByText("Loading your benefits...").getAttribute("aria-busy")).toBe("true");
  });

  test("a failed load says so and Try again loads it", async () => {
    let fail = true;
    show({ "GET /api/benefits": () => (fail ? { status: 500, json: { message: "boom" } } : { json: homeFixture() }) });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We couldn't load your benefits");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByRole("heading", { name: "Hi, Maria" });
    // Asked in the employee's own time zone: "this month" is theirs.
    expect(server!.callsTo("GET", benefitsHomePath())).toHaveLength(2);
    expect(benefitsHomePath()).toBe(`/api/benefits?tz=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`);
  });

  test("without a session it asks to sign in; an employer's session is told it is not an employee's", async () => {
    show({ "GET /api/benefits": { status: 401, json: { message: "Please sign in." } } });
    expect((await screen.findByRole("button", { name: "Sign in" })).getAttribute("href")).toBe("/login");
    cleanup();
    server!.restore();
    show({ "GET /api/benefits": { status: 403, json: { message: "Employees only." } } });
    await screen.findByText(/not an employee's/);
    expect(screen.queryByText(/Allowance for/)).toBeNull();
  });

  test("a new employee: the allowance, the next step, no proof and no claims yet", async () => {
    show({ "GET /api/benefits": { json: homeFixture() } });
    await screen.findByRole("heading", { name: "Hi, Maria" });
    expect(screen.getByRole("status").textContent).toContain("Next step: Send proof of your individual health coverage");
    expect(screen.getByText("Allowance for March 2027").nextElementSibling?.textContent).toBe("$500.00");
    expect(screen.getByText("Balance").nextElementSibling?.textContent).toBe("$1,087.50");
    expect(screen.getByText("Not sent")).toBeTruthy();
    expect(screen.getByRole("form", { name: "Send your proof of coverage" })).toBeTruthy();
    expect(screen.getByText("You have not sent any claims yet.")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Claim a month's premium" })).toBeNull();
    expect(screen.getByText("Once you have sent your proof of coverage, you can claim each month's premium here.")).toBeTruthy();
    expect(screen.getByText(/Unused allowance carries over to later months of this plan year\./)).toBeTruthy();
    // The notice, needed to claim a premium tax credit, is a link away, signed in.
    expect(screen.getByRole("link", { name: "Read your ICHRA notice" }).getAttribute("href")).toBe("/benefits/notice");
  });

  test("an allowance that begins in a later month shows that month and its amount, and says when it begins", async () => {
    show({ "GET /api/benefits": { json: homeFixture({ eligibleFrom: "2027-05", allowance: 0, firstAllowance: 500 }) } });
    await screen.findByRole("heading", { name: "Hi, Maria" });
    expect(screen.getByText(/Your allowance begins in May 2027\./)).toBeTruthy();
    const summary = screen.getByRole("region", { name: "Your allowance" });
    expect(within(summary).getByText("Allowance for May 2027").nextElementSibling?.textContent).toBe("$500.00");
    cleanup();
    server?.restore();
    show({ "GET /api/benefits": { json: homeFixture() } });
    await screen.findByRole("heading", { name: "Hi, Maria" });
    expect(screen.queryByText(/Your allowance begins in/)).toBeNull();
  });

  test("a last day of employment is named with the month the allowance ends with, past or to come", async () => {
    show({ "GET /api/benefits": { json: homeFixture({ employmentEndedOn: "2027-03-31" }) } });
    await screen.findByRole("heading", { name: "Hi, Maria" });
    expect(screen.getByText(/Your last day of employment is March 31, 2027, so your allowance ends with March 2027\./)).toBeTruthy();
    cleanup();
    server?.restore();
    show({ "GET /api/benefits": { json: homeFixture({ employmentEndedOn: "2027-02-14" }) } });
    await screen.findByRole("heading", { name: "Hi, Maria" });
    expect(screen.getByText(/Your employment ended on February 14, 2027, so your allowance ended with February 2027\./)).toBeTruthy();
  });

  test("without carry-over, the balance is explained as what each month so far has left", async () => {
    show({ "GET /api/benefits": { json: homeFixture({ carryOver: false }) } });
    await screen.findByRole("heading", { name: "Hi, Maria" });
    expect(
      screen.getByText(
        /Each month's allowance is for that month's premium only\. Your balance is what is left to claim for the months so far and for any later month whose premium was approved ahead\./,
      ),
    ).toBeTruthy();
  });

  test("the statement is read when first opened: each entry with its change and the balance after it; a failure can be tried again", async () => {
    const event = (id: number, kind: Ledger["events"][number]["kind"], month: string, amount: number, unpaid: number, balance: number) => ({
      id,
      at: "2027-03-02T15:00:00.000Z",
      month,
      kind,
      amount,
      unpaid,
      balance,
      claimId: ["allowance", "lapse", "restore"].includes(kind) ? null : 7,
      payrollRunId: kind === "payment" ? 3 : null,
    });
    const ledger: Ledger = {
      employeeId: 1,
      planYear: { start: "2027-01-01", end: "2027-12-31" },
      carryOver: true,
      months: [],
      events: [
        event(1, "allowance", "2027-03", 500, 0, 500),
        event(2, "approval", "2027-03", -412.5, 412.5, 87.5),
        event(3, "payment", "2027-03", 0, -412.5, 87.5),
        event(4, "reversal", "2027-03", 12.5, 0, 100),
        // A last day recorded, then cleared: April's allowance, written early, lapses and comes back.
        event(5, "allowance", "2027-04", 500, 0, 600),
        event(6, "lapse", "2027-04", -500, 0, 100),
        event(7, "restore", "2027-04", 500, 0, 600),
      ],
      totals: { allowances: 1000, approvals: 412.5, reversals: 12.5, payments: 412.5, balance: 600, approvedUnpaid: 0 },
    };
    let fail = true;
    show({
      "GET /api/benefits": { json: homeFixture() },
      "GET /api/benefits/ledger": () => (fail ? { status: 500, json: { message: "boom" } } : { json: ledger }),
    });
    await screen.findByRole("heading", { name: "Hi, Maria" });
    const ledgerCalls = () => server!.calls.filter((c) => c.path.startsWith("/api/benefits/ledger"));
    expect(ledgerCalls()).toHaveLength(0);
    const statement = screen.getByText("Your statement for this plan year").closest("details")!;
    statement.open = true;
    fireEvent(statement, new Event("toggle"));
    const alert = await within(statement).findByRole("alert");
    expect(alert.textContent).toContain("The statement could not be loaded.");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    const table = await within(statement).findByRole("region", { name: "Statement for this plan year" });
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => [...row.querySelectorAll("td")].slice(1).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Allowance for March 2027", "+$500.00", "$500.00"],
      ["Claim for March 2027 approved", "\u2212$412.50", "$87.50"],
      ["Claim for March 2027: $412.50 paid through payroll", "—", "$87.50"],
      ["Approval of the claim for March 2027 withdrawn", "+$12.50", "$100.00"],
      ["Allowance for April 2027", "+$500.00", "$600.00"],
      ["Allowance for April 2027 withdrawn: the allowance ended before it", "\u2212$500.00", "$100.00"],
      ["Allowance for April 2027 given back: the allowance no longer ends before it", "+$500.00", "$600.00"],
    ]);
    expect(within(statement).getByText("Allowances $1,000.00, approved $400.00, paid $412.50; balance $600.00.")).toBeTruthy();
    // The plan year on the home, in the employee's time zone; closed and opened again, not read again.
    expect(ledgerCalls().at(-1)!.path).toBe(`/api/benefits/ledger?planYear=2027-01-01&tz=${encodeURIComponent(browserTimeZone())}`);
    statement.open = false;
    fireEvent(statement, new Event("toggle"));
    statement.open = true;
    fireEvent(statement, new Event("toggle"));
    expect(ledgerCalls()).toHaveLength(2);
  });
});

describe("opting out", () => {
  const optedOut = homeFixture({
    allowanceEnded: { endedBy: "waiver", on: "2027-03-10", lastMonth: "2027-03" },
    optedOut: { on: "2027-03-10", waivedFrom: "2027-04" },
    optOutFrom: null,
  });

  test("says from which month it waives, refuses without the box ticked, then sends once and shows what it did", async () => {
    let opted = false;
    show({
      "GET /api/benefits": () => ({
        json: opted ? optedOut : homeFixture({ claims: [claimFixture({ month: "2027-05" })], optOutFrom: "2027-06" }),
      }),
      "POST /api/benefits/opt-out": () => {
        opted = true;
        return { json: optedOut };
      },
    });
    fireEvent.click(await screen.findByText("Opt out of the ICHRA"));
    // A premium already claimed for May stays the employee's: the waiver starts after it.
    expect(
      screen.getByText(
        /waive its reimbursements from June 2027 on\. You can still claim your premiums through May 2027\. We will email you and Acme Tools that you opted out\./,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Until June 2027 starts you can take it back here; after that it is for good\./)).toBeTruthy();
    const box = screen.getByLabelText(/^I opt out of the ICHRA and waive its reimbursements from June 2027 on\./);
    fireEvent.click(screen.getByRole("button", { name: "Opt out" }));
    expect(await screen.findByText(messages.waive)).toBeTruthy();
    expectFocusOn(box);
    expect(server!.callsTo("POST", `/api/benefits/opt-out?tz=${encodeURIComponent(browserTimeZone())}`)).toHaveLength(0);

    fireEvent.click(box);
    fireEvent.click(screen.getByRole("button", { name: "Opt out" }));
    const card = await screen.findByRole("region", { name: "You opted out of the ICHRA" });
    expect(card.textContent).toContain(
      "On March 10, 2027 you opted out of the ICHRA offered by Acme Tools and waived its reimbursements from April 2027 on.",
    );
    expect(card.textContent).toContain("You can take it back until March 31, 2027; after that it is for good.");
    expect(server!.callsTo("POST", `/api/benefits/opt-out?tz=${encodeURIComponent(browserTimeZone())}`).map((c) => c.body)).toEqual([
      { waive: true, waivedFrom: "2027-06" },
    ]);
    await waitFor(() => expectFocusOn(card));
    expect(currentToast.value?.title).toBe("Opted Out");
    expect(screen.queryByRole("button", { name: "Opt out" })).toBeNull();
  });

  test("until its first month starts it can be taken back: the form comes back; after, the card says it is for good, and whom to write to", async () => {
    let opted = true;
    show({
      "GET /api/benefits": () => ({ json: opted ? optedOut : homeFixture() }),
      "DELETE /api/benefits/opt-out": () => {
        opted = false;
        return { json: homeFixture() };
      },
    });
    const card = await screen.findByRole("region", { name: "You opted out of the ICHRA" });
    expect(card.textContent).toContain("You can take it back until March 31, 2027; after that it is for good.");
    fireEvent.click(within(card).getByRole("button", { name: "Take back my opting out" }));
    const summary = await screen.findByText("Opt out of the ICHRA");
    expect(server!.callsTo("DELETE", `/api/benefits/opt-out?tz=${encodeURIComponent(browserTimeZone())}`)).toHaveLength(1);
    await waitFor(() => expectFocusOn(summary));
    expect(currentToast.value?.title).toBe("Opting Out Taken Back");
    cleanup();
    server?.restore();
    // April: the waiver has started.
    show({ "GET /api/benefits": { json: { ...optedOut, month: "2027-04", today: "2027-04-02" } } });
    const started = await screen.findByRole("region", { name: "You opted out of the ICHRA" });
    expect(within(started).queryByRole("button")).toBeNull();
    expect(started.textContent).toContain("It is for good: no later month is reimbursed. If you think this is a mistake, write to us at");
    expect(within(started).getByRole("link", { name: "hello@advantage-ichra.example" }).getAttribute("href")).toBe(
      "mailto:hello@advantage-ichra.example",
    );
    expect(within(started).getByRole("link", { name: "1-800-555-0199" }).getAttribute("href")).toBe("tel:1-800-555-0199");
  });

  test("once the opting out has ended the allowance, the balance is not said to carry over, and the claims say no later month comes", async () => {
    show({
      "GET /api/benefits": {
        json: homeFixture({
          allowanceEnded: { endedBy: "waiver", on: "2027-01-20", lastMonth: "2027-02" },
          optedOut: { on: "2027-01-20", waivedFrom: "2027-03" },
          optOutFrom: null,
          proof: proofFixture({ status: "approved" }),
          claimableMonths: [],
        }),
      },
    });
    await screen.findByRole("heading", { name: "Hi, Maria" });
    expect(
      screen.getByText(
        /You opted out, so your allowance ended with February 2027: what is left of it pays only premiums through February 2027\./,
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/carries over/)).toBeNull();
    expect(screen.getByText(/Your allowance ends with February 2027: no later month can be claimed\./)).toBeTruthy();
    // With no month left to claim, the balance is said to stay unused, not shown as money to come.
    expect(screen.getByText(/No month is left to claim, so your balance of \$1,087\.50 stays unused: it is not paid out\./)).toBeTruthy();
    // Opted out before the allowance starts, ending with its first month: no later month either.
    cleanup();
    server?.restore();
    show({
      "GET /api/benefits": {
        json: homeFixture({
          eligibleFrom: "2027-05",
          allowance: 0,
          allowanceEnded: { endedBy: "waiver", on: "2027-01-20", lastMonth: "2027-05" },
          optedOut: { on: "2027-01-20", waivedFrom: "2027-06" },
          optOutFrom: null,
        }),
      },
    });
    await screen.findByRole("heading", { name: "Hi, Maria" });
    expect(screen.getByText(/Your allowance begins in May 2027\./)).toBeTruthy();
    expect(screen.queryByText(/carries over/)).toBeNull();
  });

  test("opted out meanwhile in another window: the refusal shows the card as it now is, and the keyboard is on it", async () => {
    let opted = false;
    show({
      "GET /api/benefits": () => ({ json: opted ? optedOut : homeFixture() }),
      "POST /api/benefits/opt-out": () => {
        opted = true;
        return {
          status: 409,
          json: { message: "You already opted out of the ICHRA on March 10, 2027, waiving its reimbursements from April 2027 on." },
        };
      },
    });
    fireEvent.click(await screen.findByText("Opt out of the ICHRA"));
    fireEvent.click(screen.getByLabelText(/^I opt out of the ICHRA/));
    fireEvent.click(screen.getByRole("button", { name: "Opt out" }));
    const card = await screen.findByRole("region", { name: "You opted out of the ICHRA" });
    await waitFor(() => expectFocusOn(card));
    expect(currentToast.value?.description).toContain("You already opted out");
  });

  test("a refusal says why and keeps the form; with nothing left to waive there is no form", async () => {
    show({
      "GET /api/benefits": { json: homeFixture() },
      "POST /api/benefits/opt-out": { status: 500, json: { message: "boom" } },
    });
    fireEvent.click(await screen.findByText("Opt out of the ICHRA"));
    fireEvent.click(screen.getByLabelText(/I opt out of the ICHRA and waive its reimbursements from April 2027 on/));
    fireEvent.click(screen.getByRole("button", { name: "Opt out" }));
    await waitFor(() => expect(currentToast.value?.title).toBe("Not Opted Out"));
    expect(currentToast.value?.variant).toBe("destructive");
    expect((screen.getByLabelText(/I opt out of the ICHRA/) as HTMLInputElement).checked).toBe(true);
    cleanup();
    server?.restore();
    show({
      "GET /api/benefits": {
        json: homeFixture({
          employmentEndedOn: "2027-02-14",
          allowanceEnded: { endedBy: "employment", on: "2027-02-14", lastMonth: "2027-02" },
          optOutFrom: null,
        }),
      },
    });
    await screen.findByRole("heading", { name: "Hi, Maria" });
    expect(screen.queryByText("Opt out of the ICHRA")).toBeNull();
  });
});

describe("proof of coverage", () => {
  test("names every missing field with the server's messages and sends nothing", async () => {
    show({ "GET /api/benefits": { json: homeFixture() } });
    await screen.findByRole("form", { name: "Send your proof of coverage" });
    fireEvent.click(screen.getByRole("button", { name: "Send proof of coverage" }));
    for (const message of [messages.carrier, messages.coverageStart, messages.coveredPeople, messages.file, messages.proofAttestation])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText(/Insurance company/).getAttribute("aria-invalid")).toBe("true");
    // The attestation's exact words are the checkbox's label.
    expect(screen.getByLabelText(PROOF_ATTESTATION, { exact: false })).toBeTruthy();
    // A file that is not a PDF or a photo is refused as soon as it is picked, and not kept.
    choose(/^Document/, new File(["x"], "notes.docx", { type: "application/msword" }));
    expect(await screen.findByText(messages.fileType("notes.docx"))).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Chosen files" })).toBeNull();
    // Sending without another file still says why that one was not taken, not only that a file is missing.
    fireEvent.click(screen.getByRole("button", { name: "Send proof of coverage" }));
    await waitFor(() => expect(screen.getByText(messages.fileType("notes.docx"))).toBeTruthy());
    expect(screen.queryByText(messages.file)).toBeNull();
    // A good pick clears the message.
    choose(/^Document/, pdf("policy.pdf"));
    await waitFor(() => expect(screen.queryByText(messages.fileType("notes.docx"))).toBeNull());
    expect(screen.getByText("policy.pdf")).toBeTruthy();
    expect(uploads!.sent).toHaveLength(0);
  });

  test("a failed upload keeps what was typed and chosen; Retry sends the same form", async () => {
    const proof = proofFixture({ status: "pending" });
    let sent = false;
    show({ "GET /api/benefits": () => ({ json: homeFixture(sent ? { proof } : {}) }) }, ["network-error", { status: 201, json: proof }]);
    await screen.findByRole("form", { name: "Send your proof of coverage" });
    sendProofForm({
      carrier: "Blue Cross Blue Shield of Texas",
      coverageStart: "2027-01-01",
      coveredPeople: "Me and my spouse",
      file: pdf("policy.pdf"),
    });

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The upload did not reach us: the connection failed.");
    // The button was disabled while sending; the focus is on Retry, not lost.
    await waitFor(() => expectFocusOn(within(alert).getByRole("button", { name: "Retry" })));
    expect(alert.textContent).toContain("What you typed and the files you chose are kept.");
    expect(shownValue(/Insurance company/)).toBe("Blue Cross Blue Shield of Texas");
    expect(shownValue(/Coverage start date/)).toBe("2027-01-01");
    expect(screen.getByText("policy.pdf")).toBeTruthy();
    expect((screen.getByLabelText(PROOF_ATTESTATION, { exact: false }) as HTMLInputElement).checked).toBe(true);

    sent = true;
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await screen.findByText("Pending review", { selector: ".status-badge" });
    // Sent, the form gives way to the proof's status: the focus is on its card.
    await waitFor(() => expect(document.activeElement?.id).toBe("proof"));
    expect(screen.queryByRole("form", { name: "Send your proof of coverage" })).toBeNull();
    // Sent in the browser's time zone, as the home is read: the plan years open are the employee's today's.
    const path = inBrowserTimeZone("/api/benefits/coverage-proof");
    expect(path).toBe(`/api/benefits/coverage-proof?tz=${encodeURIComponent(browserTimeZone())}`);
    expect(uploads!.sent.map((u) => u.path)).toEqual([path, path]);
    expect(uploads!.fieldsOf(1)).toEqual(uploads!.fieldsOf(0));
    expect(uploads!.fieldsOf(1)).toEqual({
      planYearStart: "2027-01-01",
      carrier: "Blue Cross Blue Shield of Texas",
      coverageStart: "2027-01-01",
      coveredPeople: "Me and my spouse",
      attestation: "true",
      file: "policy.pdf",
    });
  });

  test("what was typed survives a reload until the proof is sent; the file and the attestation are chosen again", async () => {
    const proof = proofFixture({ status: "pending" });
    let sent = false;
    show({ "GET /api/benefits": () => ({ json: homeFixture(sent ? { proof } : {}) }) });
    await screen.findByRole("form", { name: "Send your proof of coverage" });
    type(/Insurance company/, "Blue Cross Blue Shield of Texas");
    type(/Coverage start date/, "2027-01-01");
    choose(/^Document/, pdf("policy.pdf"));
    fireEvent.click(screen.getByLabelText(PROOF_ATTESTATION, { exact: false }));
    await screen.findByText("policy.pdf");
    cleanup();
    server?.restore();
    uploads?.restore();

    show({ "GET /api/benefits": () => ({ json: homeFixture(sent ? { proof } : {}) }) }, [{ status: 201, json: proof }]);
    await screen.findByRole("form", { name: "Send your proof of coverage" });
    expect(shownValue(/Insurance company/)).toBe("Blue Cross Blue Shield of Texas");
    expect(shownValue(/Coverage start date/)).toBe("2027-01-01");
    expect(shownValue(/Who is covered/)).toBe("");
    expect(screen.queryByText("policy.pdf")).toBeNull();
    expect((screen.getByLabelText(PROOF_ATTESTATION, { exact: false }) as HTMLInputElement).checked).toBe(false);
    // The form says what it kept and that the document is to be chosen again.
    const form = screen.getByRole("form", { name: "Send your proof of coverage" });
    const notice = within(form).getByText(/What you typed earlier is filled in below\./);
    expect(notice.textContent).toContain("Files are not kept: please choose your document again");
    expect(form.getAttribute("aria-describedby")).toBe(notice.id);

    sent = true;
    sendProofForm({ carrier: "Blue Cross Blue Shield of Texas", coverageStart: "2027-01-01", coveredPeople: "Me", file: pdf() });
    await screen.findByText("Pending review", { selector: ".status-badge" });
    expect(Object.keys({ ...sessionStorage })).toEqual([]);
  });

  test("a file the server refuses takes the keyboard to its Remove button, which reads out why", async () => {
    const refusal = messages.fileType("fake.pdf");
    show({ "GET /api/benefits": { json: homeFixture() } }, [{ status: 400, json: { message: refusal, errors: { file: refusal } } }]);
    await screen.findByRole("form", { name: "Send your proof of coverage" });
    sendProofForm({ carrier: "Ambetter", coverageStart: "2027-01-01", coveredPeople: "Me", file: pdf("fake.pdf") });
    // The one file fills the field, so there is no picker to carry the error: its Remove button does.
    const remove = await screen.findByRole("button", { name: "Remove fake.pdf" });
    await waitFor(() => expectFocusOn(remove));
    expect(document.getElementById(remove.getAttribute("aria-describedby") ?? "")?.textContent).toBe(refusal);
  });

  test("shows the upload's progress while it is sent", async () => {
    show({ "GET /api/benefits": { json: homeFixture() } }, ["pending"]);
    await screen.findByRole("form", { name: "Send your proof of coverage" });
    sendProofForm({ carrier: "Ambetter", coverageStart: "2027-01-01", coveredPeople: "Me", file: pdf() });
    const bar = await screen.findByLabelText("Uploading... 40%");
    expect(bar.getAttribute("value")).toBe("40");
    expect(screen.getByRole("button", { name: "Sending..." }).hasAttribute("disabled")).toBe(true);
    // The keyboard is not left on the page: it is on the progress, Stop upload next, and it is said once.
    await waitFor(() => expectFocusOn(bar.closest(".upload-progress")));
    expect(screen.getByText("Uploading your files.").getAttribute("role")).toBe("status");
  });

  test("once every byte is sent, Stop upload goes and the keyboard that was on it comes back to the progress, which says the files are checked", async () => {
    show({ "GET /api/benefits": { json: homeFixture() } }, ["sent"]);
    await screen.findByRole("form", { name: "Send your proof of coverage" });
    sendProofForm({ carrier: "Ambetter", coverageStart: "2027-01-01", coveredPeople: "Me", file: pdf() });
    await screen.findByLabelText("Uploading... 40%");
    screen.getByRole("button", { name: "Stop upload" }).focus();
    const bar = await screen.findByLabelText("Uploaded, checking the files...");
    expect(screen.queryByRole("button", { name: "Stop upload" })).toBeNull();
    await waitFor(() => expectFocusOn(bar.closest(".upload-progress")));
    expect(screen.getByText("Uploaded, checking the files.").getAttribute("role")).toBe("status");
  });

  test("an upload can be stopped; what was typed and chosen is kept and Retry sends it again", async () => {
    const proof = proofFixture({ status: "pending" });
    let sent = false;
    show({ "GET /api/benefits": () => ({ json: homeFixture(sent ? { proof } : {}) }) }, ["pending", { status: 201, json: proof }]);
    await screen.findByRole("form", { name: "Send your proof of coverage" });
    sendProofForm({ carrier: "Ambetter", coverageStart: "2027-01-01", coveredPeople: "Me", file: pdf("photo.pdf") });
    await screen.findByLabelText("Uploading... 40%");
    fireEvent.click(screen.getByRole("button", { name: "Stop upload" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The upload was stopped. What you typed and the files you chose are kept.");
    await waitFor(() => expectFocusOn(within(alert).getByRole("button", { name: "Retry" })));
    expect(shownValue(/Insurance company/)).toBe("Ambetter");
    expect(screen.getByText("photo.pdf")).toBeTruthy();
    sent = true;
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await screen.findByText("Pending review", { selector: ".status-badge" });
    expect(uploads!.fieldsOf(1)).toEqual(uploads!.fieldsOf(0));
  });

  test("a pending proof: claims can be sent, and none is approved until the proof is", async () => {
    show({ "GET /api/benefits": { json: homeFixture({ proof: proofFixture({ status: "pending" }) }) } });
    await screen.findByText("Pending review", { selector: ".status-badge" });
    expect(screen.getByText("We are reviewing it. You can already send claims, but none can be approved until it is.")).toBeTruthy();
  });

  test("a rejected proof shows why, and the form to send a new one", async () => {
    const proof = proofFixture({ status: "rejected", reason: "This is a dental plan's card" });
    show({ "GET /api/benefits": { json: homeFixture({ proof }) } });
    await screen.findByText("Not accepted", { selector: ".status-badge" });
    expect(screen.getByText(/This is a dental plan's card\. Please send a new one below\./)).toBeTruthy();
    expect(screen.getByRole("form", { name: "Send your proof of coverage" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "policy.pdf" }).getAttribute("href")).toBe("/api/benefits/documents/11");
    // The claims card asks for the new proof, not for a first one.
    expect(screen.getByText("Once you have sent a new proof of coverage, you can claim each month's premium here.")).toBeTruthy();
  });

  test("the new proof after a rejected one starts from what that one said, but not its file nor its attestation", async () => {
    const proof = proofFixture({
      status: "rejected",
      reason: "The coverage start is wrong",
      carrier: "Ambetter from Superior",
      coverageStart: "2027-02-01",
      coveredPeople: "Me and my son",
    });
    const pending = proofFixture({ status: "pending" });
    let sent = false;
    show({ "GET /api/benefits": () => ({ json: homeFixture({ proof: sent ? pending : proof }) }) }, [{ status: 201, json: pending }]);
    const form = await screen.findByRole("form", { name: "Send your proof of coverage" });
    expect(shownValue(/Insurance company/)).toBe("Ambetter from Superior");
    expect(shownValue(/Coverage start date/)).toBe("2027-02-01");
    expect(shownValue(/Who is covered/)).toBe("Me and my son");
    expect(within(form).queryByText("policy.pdf")).toBeNull();
    expect((screen.getByLabelText(PROOF_ATTESTATION, { exact: false }) as HTMLInputElement).checked).toBe(false);
    expect(within(form).getByText(/start from the proof that was not accepted/)).toBeTruthy();
    // Nothing typed yet: nothing is said to be kept, and nothing is kept in the tab.
    expect(within(form).queryByText(/What you typed earlier/)).toBeNull();
    expect(Object.keys({ ...sessionStorage })).toEqual([]);

    // Only the date is corrected; the rest is sent as it was.
    type(/Coverage start date/, "2027-01-01");
    choose(/^Document/, pdf("new-card.pdf"));
    fireEvent.click(screen.getByLabelText(PROOF_ATTESTATION, { exact: false }));
    sent = true;
    fireEvent.click(screen.getByRole("button", { name: "Send proof of coverage" }));
    await waitFor(() => expect(uploads!.sent).toHaveLength(1));
    expect(uploads!.fieldsOf(0)).toEqual({
      planYearStart: "2027-01-01",
      carrier: "Ambetter from Superior",
      coverageStart: "2027-01-01",
      coveredPeople: "Me and my son",
      attestation: "true",
      file: "new-card.pdf",
    });
  });
});

describe("claims", () => {
  const withProof = (overrides = {}) =>
    homeFixture({ proof: proofFixture(), claimableMonths: [{ from: "2027-01", to: "2027-12" }], ...overrides });

  test("Cancel closes the claim form without sending and gives focus back to the button that opened it", async () => {
    show({ "GET /api/benefits": { json: withProof() } });
    fireEvent.click(await screen.findByRole("button", { name: "Claim a month's premium" }));
    await screen.findByRole("form", { name: "Claim a month's premium" });
    type(/Premium you paid/, "412.50");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("form", { name: "Claim a month's premium" })).toBeNull();
    await waitFor(() => expect(document.activeElement === screen.getByRole("button", { name: "Claim a month's premium" })).toBe(true));
    expect(uploads?.sent).toHaveLength(0);
    // Cancelled, what was typed is given up: the form opens empty again.
    fireEvent.click(screen.getByRole("button", { name: "Claim a month's premium" }));
    expect(shownValue(/Premium you paid/)).toBe("");
  });

  test("a premium typed with a decimal comma is refused before anything is sent, not read 100 times larger", async () => {
    show({ "GET /api/benefits": { json: withProof() } });
    fireEvent.click(await screen.findByRole("button", { name: "Claim a month's premium" }));
    const form = await screen.findByRole("form", { name: "Claim a month's premium" });
    type(/Premium you paid/, "412,37");
    fireEvent.submit(form);
    await within(form).findByText(messages.amount, { selector: "small" });
    expect(uploads?.sent).toHaveLength(0);
  });

  test("a claim being written comes back open after a reload, with what was typed, and asks for its files again", async () => {
    show({ "GET /api/benefits": { json: withProof() } });
    fireEvent.click(await screen.findByRole("button", { name: "Claim a month's premium" }));
    await screen.findByRole("form", { name: "Claim a month's premium" });
    // A fresh form says nothing of kept text.
    expect(screen.queryByText(/What you typed earlier is filled in below/)).toBeNull();
    type(/Premium you paid/, "412.50");
    type(/Who is covered/, "Me and my daughter");
    choose(/^Proof of payment/, pdf("bill.pdf"));
    fireEvent.click(screen.getByLabelText(CLAIM_ATTESTATION, { exact: false }));
    await screen.findByText("bill.pdf");
    cleanup();
    server?.restore();
    uploads?.restore();

    const scrolledTo: Element[] = [];
    const scrollIntoView = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this);
    };
    show({ "GET /api/benefits": { json: withProof() } });
    // Open without pressing the button, which gives way to the form, and brought into view.
    const form = await screen.findByRole("form", { name: "Claim a month's premium" });
    Element.prototype.scrollIntoView = scrollIntoView;
    expect(scrolledTo).toEqual([form]);
    expect(screen.queryByRole("button", { name: "Claim a month's premium" })).toBeNull();
    expect(shownValue(/Premium you paid/)).toBe("412.50");
    expect(shownValue(/Who is covered/)).toBe("Me and my daughter");
    expect(screen.queryByText("bill.pdf")).toBeNull();
    expect((screen.getByLabelText(CLAIM_ATTESTATION, { exact: false }) as HTMLInputElement).checked).toBe(false);
    const notice = within(form).getByText(/What you typed earlier is filled in below\./);
    expect(notice.textContent).toContain("Files are not kept: please choose your proof of payment again");
    // Read out with the form.
    expect(form.getAttribute("aria-describedby")).toBe(notice.id);

    // Cancelled, the draft is given up: the next visit shows the button again.
    fireEvent.click(within(form).getByRole("button", { name: "Cancel" }));
    cleanup();
    server?.restore();
    show({ "GET /api/benefits": { json: withProof() } });
    await screen.findByRole("button", { name: "Claim a month's premium" });
    expect(screen.queryByRole("form", { name: "Claim a month's premium" })).toBeNull();
  });

  test("offers the claimable months not yet claimed, checks each field, and refuses a bad amount", async () => {
    const claims = [claimFixture({ month: "2027-02" }), claimFixture({ id: 22, month: "2027-01", status: "denied", reason: "Wrong plan" })];
    show({ "GET /api/benefits": { json: withProof({ claims }) } });
    expect(screen.queryByRole("form", { name: "Claim a month's premium" })).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Claim a month's premium" }));
    await screen.findByRole("form", { name: "Claim a month's premium" });
    const options = Array.from((screen.getByLabelText(/Month of coverage/) as HTMLSelectElement).options).map((o) => o.value);
    expect(options[0]).toBe("2027-01");
    expect(options).not.toContain("2027-02");
    expect(options.at(-1)).toBe("2027-12");
    expect(shownValue(/Month of coverage/)).toBe("2027-03");
    // Months not reached yet say they are paid ahead, and choosing one says what that means.
    const optionText = (value: string) => screen.getByRole("option", { name: new RegExp(`^${value}`) }).textContent;
    expect(optionText("March 2027")).toBe("March 2027");
    expect(optionText("April 2027")).toBe("April 2027 (paid ahead)");
    expect(screen.queryByText(/premium paid ahead can be reimbursed/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Month of coverage/), { target: { value: "2027-04" } });
    expect(await screen.findByText(/premium paid ahead can be reimbursed from that month's own allowance/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Month of coverage/), { target: { value: "2027-03" } });
    // The proof's carrier and people are offered again.
    expect(shownValue(/Insurance company/)).toBe("Blue Cross Blue Shield of Texas");
    type(/Premium you paid/, "12.345");
    fireEvent.click(screen.getByRole("button", { name: "Submit claim" }));
    expect(await screen.findByText(messages.amount)).toBeTruthy();
    expect(screen.getByText(messages.files)).toBeTruthy();
    expect(screen.getByText(messages.claimAttestation)).toBeTruthy();
    expect(screen.getByLabelText(CLAIM_ATTESTATION, { exact: false })).toBeTruthy();
    type(/Premium you paid/, "0");
    fireEvent.click(screen.getByRole("button", { name: "Submit claim" }));
    expect(await screen.findByText(messages.amount)).toBeTruthy();
    expect(uploads!.sent).toHaveLength(0);
  });

  test("files are checked as they are picked: a sixth file or one over 5 MB is left out and the field says why", async () => {
    show({ "GET /api/benefits": { json: withProof() } });
    fireEvent.click(await screen.findByRole("button", { name: "Claim a month's premium" }));
    await screen.findByRole("form", { name: "Claim a month's premium" });
    choose(/Proof of payment/, pdf("big-photo.pdf", 5 * 1024 * 1024 + 1), pdf("receipt-1.pdf"));
    expect(await screen.findByText(messages.fileTooLarge("big-photo.pdf"))).toBeTruthy();
    expect(screen.getByLabelText(/Proof of payment/).getAttribute("aria-invalid")).toBe("true");
    const chosen = () => within(screen.getByRole("list", { name: "Chosen files" })).getAllByRole("listitem").length;
    expect(chosen()).toBe(1);
    choose(/Proof of payment/, ...[2, 3, 4, 5, 6].map((n) => pdf(`receipt-${n}.pdf`)));
    expect(await screen.findByText(messages.tooManyFiles)).toBeTruthy();
    expect(chosen()).toBe(5);
    expect(screen.queryByText("receipt-6.pdf")).toBeNull();
    expect(screen.getByText("5 files chosen: remove one to choose another.")).toBeTruthy();
    expect(uploads!.sent).toHaveLength(0);
  });

  test("the server's refusal of a field is shown under it, with the form as it was", async () => {
    const refused = {
      status: 400,
      json: { message: "Please correct the highlighted fields.", errors: { month: "2027-03 is before the start of your coverage." } },
    };
    show({ "GET /api/benefits": { json: withProof() } }, [refused]);
    fireEvent.click(await screen.findByRole("button", { name: "Claim a month's premium" }));
    await screen.findByRole("form", { name: "Claim a month's premium" });
    // The button gives way to the form: the focus goes to its first field.
    await waitFor(() => expectFocusOn(screen.getByLabelText(/Month of coverage/)));
    type(/Premium you paid/, "412.50");
    choose(/Proof of payment/, pdf("receipt-1.pdf"), pdf("receipt-2.png"));
    fireEvent.click(screen.getByLabelText(CLAIM_ATTESTATION, { exact: false }));
    fireEvent.click(screen.getByRole("button", { name: "Submit claim" }));
    expect(await screen.findByText("2027-03 is before the start of your coverage.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("Please correct the fields marked above.");
    await waitFor(() => expectFocusOn(screen.getByLabelText(/Month of coverage/)));
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    expect(shownValue(/Premium you paid/)).toBe("412.50");
    expect(uploads!.fieldsOf(0)).toEqual({
      month: "2027-03",
      amount: "412.50",
      carrier: "Blue Cross Blue Shield of Texas",
      coveredPeople: "Me and my spouse",
      attestation: "true",
      files: ["receipt-1.pdf", "receipt-2.png"],
    });
    // A chosen file can be taken off the list.
    fireEvent.click(screen.getByRole("button", { name: "Remove receipt-1.pdf" }));
    expect(screen.queryByText("receipt-1.pdf")).toBeNull();
    expect(screen.getByText("receipt-2.png")).toBeTruthy();
    // The removed file's button is gone: the focus goes to the file now in its place, then to the picker.
    await waitFor(() => expectFocusOn(screen.getByRole("button", { name: "Remove receipt-2.png" })));
    fireEvent.click(screen.getByRole("button", { name: "Remove receipt-2.png" }));
    await waitFor(() => expectFocusOn(screen.getByLabelText(/Proof of payment/)));
  });

  test("a server failure offers Retry with everything kept; the sent claim then shows in the list", async () => {
    const sentClaim = claimFixture({ id: 30, month: "2027-03" });
    let sent = false;
    show({ "GET /api/benefits": () => ({ json: withProof({ claims: sent ? [sentClaim] : [] }) }) }, [
      { status: 503, json: { message: "Service Unavailable" } },
      { status: 201, json: sentClaim },
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Claim a month's premium" }));
    await screen.findByRole("form", { name: "Claim a month's premium" });
    type(/Premium you paid/, "$1,412.50");
    choose(/Proof of payment/, pdf("receipt.pdf"));
    fireEvent.click(screen.getByLabelText(CLAIM_ATTESTATION, { exact: false }));
    fireEvent.click(screen.getByRole("button", { name: "Submit claim" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Something went wrong on our side (error 503).");
    expect(shownValue(/Premium you paid/)).toBe("$1,412.50");
    sent = true;
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await screen.findByRole("heading", { name: "March 2027" });
    // Sent, the form closes; the list shows the claim, and the focus is back on the button that opened the form.
    expect(screen.queryByRole("form", { name: "Claim a month's premium" })).toBeNull();
    await waitFor(() => expectFocusOn(screen.getByRole("button", { name: "Claim a month's premium" })));
    expect(uploads!.fieldsOf(1).amount).toBe("1412.50");
    expect(uploads!.fieldsOf(1)).toEqual(uploads!.fieldsOf(0));
  });

  test("each status says what comes next in plain words", async () => {
    const claims = [
      claimFixture({ id: 1, month: "2027-01", status: "paid", approvedAmount: 400, paidAt: "2027-02-15T12:00:00.000Z" }),
      claimFixture({ id: 2, month: "2027-02", status: "partially-approved", approvedAmount: 300, reason: "Only $300.00 was available" }),
      claimFixture({ id: 3, month: "2027-03", status: "denied", reason: "The receipt is for a dental plan" }),
      claimFixture({ id: 4, month: "2027-04", status: "approved", approvedAmount: 412.5 }),
      claimFixture({ id: 5, month: "2027-05", status: "submitted" }),
    ];
    show({ "GET /api/benefits": { json: withProof({ claims }) } });
    const item = (month: string) => screen.getByRole("heading", { name: month }).closest("li")!.textContent;
    await screen.findByRole("heading", { name: "January 2027" });
    expect(item("January 2027")).toContain("Paid $400.00 of $412.50 through payroll on February 15, 2027.");
    expect(item("February 2027")).toContain("Approved $300.00 of $412.50. Only $300.00 was available. It will be paid");
    expect(item("March 2027")).toContain("Denied: The receipt is for a dental plan. You can claim this month again.");
    expect(item("April 2027")).toContain("Approved: $412.50 will be paid with your employer's next payroll.");
    expect(item("May 2027")).toContain("We are reviewing this claim.");
    expect(item("January 2027")).toContain("Paid");
    // A partial approval does not wear the green of one approved in full.
    const badge = (month: string) => screen.getByRole("heading", { name: month }).closest("li")!.querySelector(".status-badge")!.className;
    expect(badge("April 2027")).toContain("tone-green");
    expect(badge("February 2027")).toContain("tone-teal");
  });

  test("a denied month is offered again only while no other claim holds it and it is open", async () => {
    const claims = [
      claimFixture({ id: 6, month: "2027-03", status: "submitted" }),
      claimFixture({ id: 3, month: "2027-03", status: "denied", reason: "The receipt is for a dental plan" }),
      claimFixture({ id: 2, month: "2026-12", status: "denied", reason: "Wrong plan" }),
    ];
    show({ "GET /api/benefits": { json: withProof({ claims }) } });
    await screen.findAllByRole("heading", { name: "March 2027" });
    const denied = (id: number) => document.getElementById(`claim-${id}`)!.querySelector(".claim-next")!.textContent;
    // March was claimed again; December 2026 is outside the months open for claims.
    expect(denied(3)).toBe("Denied: The receipt is for a dental plan.");
    expect(denied(2)).toBe("Denied: Wrong plan.");
  });

  test("a denied month whose allowance later approvals used up is neither promised again nor offered", async () => {
    const claims = [
      claimFixture({ id: 8, month: "2027-02", status: "approved", approvedAmount: 800 }),
      claimFixture({ id: 7, month: "2027-01", status: "denied", reason: "Wrong plan" }),
    ];
    show({ "GET /api/benefits": { json: withProof({ claims, usedUpMonths: ["2027-01", "2027-02"] }) } });
    await screen.findByRole("heading", { name: "January 2027" });
    expect(document.getElementById("claim-7")!.querySelector(".claim-next")!.textContent).toBe("Denied: Wrong plan.");
    fireEvent.click(screen.getByRole("button", { name: "Claim a month's premium" }));
    const offered = [...((await screen.findByLabelText(/Month of coverage/)) as HTMLSelectElement).options].map((o) => o.value);
    expect(offered).not.toContain("2027-01");
    expect(offered).not.toContain("2027-02");
    expect(offered).toContain("2027-03");
  });

  test("with every open month claimed or used up, the card says so", async () => {
    const claims = [claimFixture({ id: 9, month: "2027-01", status: "approved", approvedAmount: 400 })];
    show({
      "GET /api/benefits": {
        json: withProof({ claims, claimableMonths: [{ from: "2027-01", to: "2027-02" }], usedUpMonths: ["2027-02"] }),
      },
    });
    expect(await screen.findByText("Every month you can claim now already has a claim, or no allowance left.")).toBeTruthy();
  });

  test("a paid partial approval keeps its reason, and the claim's history keeps the question and the answer", async () => {
    const at = (day: string) => `2027-02-${day}T15:00:00.000Z`;
    const history = [
      { action: "submitted" as const, note: null, amount: null, at: at("01") },
      { action: "needs-info" as const, note: "Please send the page with the amount", amount: null, at: at("02") },
      { action: "info-provided" as const, note: "Here is page 2", amount: null, at: at("03") },
      { action: "partially-approved" as const, note: "Only $300.00 was available", amount: 300, at: at("04") },
      { action: "paid" as const, note: null, amount: 300, at: at("15") },
    ];
    const paid = claimFixture({
      month: "2027-02",
      status: "paid",
      approvedAmount: 300,
      reason: "Only $300.00 was available",
      paidAt: at("15"),
      history,
    });
    show({ "GET /api/benefits": { json: withProof({ claims: [paid] }) } });
    const card = (await screen.findByRole("heading", { name: "February 2027" })).closest("li")!;
    expect(card.textContent).toContain("Paid $300.00 of $412.50 through payroll on February 15, 2027. Only $300.00 was available.");
    const steps = within(within(card).getByRole("list", { name: "History of the February 2027 claim" }))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(steps).toHaveLength(5);
    expect(steps[1]).toContain("Asked for more information: Please send the page with the amount");
    expect(steps[2]).toContain("Answered: Here is page 2");
    expect(steps[3]).toContain("Partially approved $300.00: Only $300.00 was available");
    expect(steps[4]).toContain("Paid $300.00");
  });

  test("a claim's files say which came with the claim and which with each answer", async () => {
    const at = (day: string) => `2027-02-${day}T15:00:00.000Z`;
    const doc = (id: number, fileName: string, day: string) => ({
      id,
      fileName,
      mediaType: "image/jpeg" as const,
      size: 9_000,
      uploadedAt: at(day),
    });
    const answered = claimFixture({
      submittedAt: at("01"),
      documents: [doc(31, "bill.jpg", "01"), doc(32, "proof.pdf", "01"), doc(33, "bill.jpg", "03"), doc(34, "page-2.jpg", "06")],
      history: [
        { action: "submitted", note: null, amount: 412.5, at: at("01") },
        { action: "needs-info", note: "Please send the page with the amount", amount: null, at: at("02") },
        { action: "info-provided", note: null, amount: null, at: at("03") },
        { action: "needs-info", note: "And the second page", amount: null, at: at("05") },
        { action: "info-provided", note: null, amount: null, at: at("06") },
      ],
    });
    const plain = claimFixture({ id: 22, month: "2027-01" });
    show({ "GET /api/benefits": { json: withProof({ claims: [answered, plain] }) } });
    const card = (await screen.findByRole("heading", { name: "February 2027" })).closest("li")!;
    const files = within(card).getByRole("group", { name: "Files of the February 2027 claim" });
    const list = (name: string) => Array.from(within(files).getByRole("list", { name }).querySelectorAll("a"), (a) => a.textContent);
    expect(list("Sent with the claim:")).toEqual(["bill.jpg", "proof.pdf"]);
    expect(list("Sent with your answer on February 3, 2027:")).toEqual(["bill.jpg"]);
    expect(list("Sent with your answer on February 6, 2027:")).toEqual(["page-2.jpg"]);
    expect(files.textContent).toMatch(
      /^Sent with the claim:.*Sent with your answer on February 3, 2027:.*Sent with your answer on February 6, 2027:/,
    );
    // A claim whose files all came with it lists them as before, without a heading.
    const other = (await screen.findByRole("heading", { name: "January 2027" })).closest("li")!;
    expect(within(other).getByRole("list", { name: "Files of the January 2027 claim" }).textContent).toContain("receipt-feb.pdf");
    expect(within(other).queryByText(/Sent with/)).toBeNull();
  });

  test("during the previous plan year's run-out its months are offered, before and after this year's proof is sent", async () => {
    const runOut = {
      today: "2028-01-10",
      month: "2028-01",
      planYear: { start: "2028-01-01", end: "2028-12-31" },
      claims: [claimFixture({ month: "2027-11" })],
    };
    const offered = async () => {
      fireEvent.click(await screen.findByRole("button", { name: "Claim a month's premium" }));
      await screen.findByRole("form", { name: "Claim a month's premium" });
      return Array.from((screen.getByLabelText(/Month of coverage/) as HTMLSelectElement).options).map((o) => o.value);
    };
    show({ "GET /api/benefits": { json: homeFixture({ ...runOut, claimableMonths: [{ from: "2027-01", to: "2027-12" }] }) } });
    const before = await offered();
    expect(before).toContain("2027-12");
    expect(before).not.toContain("2027-11");
    expect(screen.queryByText(/Once you have sent your proof of coverage/)).toBeNull();
    cleanup();
    server!.restore();
    const proof = proofFixture({ planYearStart: "2028-01-01", planYearEnd: "2028-12-31", coverageStart: "2028-01-01" });
    const both = [
      { from: "2028-01", to: "2028-12" },
      { from: "2027-01", to: "2027-12" },
    ];
    show({ "GET /api/benefits": { json: homeFixture({ ...runOut, proof, claimableMonths: both }) } });
    const after = await offered();
    expect(after).toContain("2027-12");
    expect(after).toContain("2028-01");
    expect(shownValue(/Month of coverage/)).toBe("2028-01");
  });

  test("during the run-out the year that ended has its own statement, read for that plan year", async () => {
    const runOut = homeFixture({
      today: "2028-01-10",
      month: "2028-01",
      planYear: { start: "2028-01-01", end: "2028-12-31" },
      lastYear: { planYear: { start: "2027-01-01", end: "2027-12-31" }, claimsUntil: "2028-03-30", proof: null },
    });
    const ledger = (start: string): Ledger => ({
      employeeId: 1,
      planYear: { start, end: `${start.slice(0, 4)}-12-31` },
      carryOver: true,
      months: [],
      events: [],
      totals: { allowances: 0, approvals: 0, reversals: 0, payments: 0, balance: 0, approvedUnpaid: 0 },
    });
    show({
      "GET /api/benefits": { json: runOut },
      "GET /api/benefits/ledger": (call) => ({ json: ledger(new URL(call.path, "http://x").searchParams.get("planYear")!) }),
    });
    await screen.findByRole("heading", { name: "Hi, Maria" });
    const last = screen.getByText("Your statement for the plan year that ended on December 31, 2027").closest("details")!;
    last.open = true;
    fireEvent(last, new Event("toggle"));
    await within(last).findByText("Nothing yet: the first allowance is written when its month begins.");
    expect(
      server!.calls
        .filter((c) => c.path.startsWith("/api/benefits/ledger"))
        .map((c) => new URL(c.path, "http://x").searchParams.get("planYear")),
    ).toEqual(["2027-01-01"]);
    // Outside the run-out there is only this year's.
    cleanup();
    server!.restore();
    show({ "GET /api/benefits": { json: homeFixture() } });
    await screen.findByRole("heading", { name: "Hi, Maria" });
    expect(screen.queryByText(/plan year that ended/)).toBeNull();
    expect(screen.getByText("Your statement for this plan year")).toBeTruthy();
  });

  test("during the run-out the year that ended has its own proof card until its proof is approved; its form names that year", async () => {
    const lastYear = { planYear: { start: "2027-01-01", end: "2027-12-31" }, claimsUntil: "2028-03-30", proof: null };
    const thisYearsProof = proofFixture({ planYearStart: "2028-01-01", planYearEnd: "2028-12-31", coverageStart: "2028-01-01" });
    const sentProof = proofFixture({
      status: "pending",
      planYearStart: "2027-01-01",
      planYearEnd: "2027-12-31",
      coverageStart: "2025-06-01",
    });
    let sent = false;
    const runOut = () =>
      homeFixture({
        today: "2028-01-10",
        month: "2028-01",
        planYear: { start: "2028-01-01", end: "2028-12-31" },
        proof: thisYearsProof,
        lastYear: sent ? { ...lastYear, proof: sentProof } : lastYear,
        claimableMonths: [{ from: "2028-01", to: "2028-12" }],
        nextStep: { code: "prove-last-year", message: "Your last plan year's premiums can still be claimed until March 30, 2028." },
      });
    show({ "GET /api/benefits": () => ({ json: runOut() }) }, [{ status: 201, json: sentProof }]);
    const card = await screen.findByRole("region", { name: "Proof of coverage for last plan year" });
    expect(card.textContent).toContain(
      "Premiums of your plan year January 1, 2027 to December 31, 2027 can still be claimed until March 30, 2028, once you have sent your proof of coverage for it.",
    );
    // The next step leads to it.
    expect(screen.getByRole("link", { name: "Send proof" }).getAttribute("href")).toBe("#last-year-proof");
    const form = within(card).getByRole("form", { name: "Send your proof of coverage for last plan year" });
    // This year's proof is approved: its form is not shown, only last year's.
    expect(screen.getAllByRole("form", { name: /Send your proof of coverage/ })).toEqual([form]);
    sent = true;
    sendProofForm({ carrier: "Ambetter", coverageStart: "2025-06-01", coveredPeople: "Me", file: pdf("card.pdf") }, form);
    await within(card).findByText("Pending review", { selector: ".status-badge" });
    expect(uploads!.fieldsOf(0)).toMatchObject({ planYearStart: "2027-01-01", coverageStart: "2025-06-01" });
    await waitFor(() => expect(document.activeElement?.id).toBe("last-year-proof"));
  });

  test("before the next plan year starts it has its own proof card; its form names that year, and once sent the card says when its months open", async () => {
    const nextYear = { planYear: { start: "2028-01-01", end: "2028-12-31" }, proof: null };
    const thisYearsProof = proofFixture({ planYearStart: "2027-01-01", planYearEnd: "2027-12-31", coverageStart: "2027-01-01" });
    const sentProof = proofFixture({
      status: "pending",
      planYearStart: "2028-01-01",
      planYearEnd: "2028-12-31",
      coverageStart: "2028-01-01",
    });
    let sent = false;
    const renewing = () =>
      homeFixture({
        today: "2027-12-02",
        month: "2027-12",
        proof: thisYearsProof,
        nextYear: sent ? { ...nextYear, proof: sentProof } : nextYear,
        nextStep: sent
          ? { code: "all-set", message: "You're all set for this plan year. Your next claim is for January 2028, in your next plan year." }
          : {
              code: "prove-next-year",
              message: "You're all set for now. Your next plan year starts on January 1, 2028: send your proof of coverage for it.",
            },
      });
    show({ "GET /api/benefits": () => ({ json: renewing() }) }, [{ status: 201, json: sentProof }]);
    const card = await screen.findByRole("region", { name: "Proof of coverage for next plan year" });
    expect(within(card).getByText("Not sent", { selector: ".status-badge" })).toBeTruthy();
    expect(card.textContent).toContain("Your next plan year runs from January 1, 2028 to December 31, 2028.");
    expect(screen.getByRole("link", { name: "Send proof" }).getAttribute("href")).toBe("#next-year-proof");
    const form = within(card).getByRole("form", { name: "Send your proof of coverage for next plan year" });
    // This year's proof is approved: only the next year's form is shown.
    expect(screen.getAllByRole("form", { name: /Send your proof of coverage/ })).toEqual([form]);
    sent = true;
    sendProofForm({ carrier: "Ambetter", coverageStart: "2028-01-01", coveredPeople: "Me", file: pdf("2028-card.pdf") }, form);
    await within(card).findByText("Pending review", { selector: ".status-badge" });
    expect(uploads!.fieldsOf(0)).toMatchObject({ planYearStart: "2028-01-01", coverageStart: "2028-01-01" });
    expect(card.textContent).toContain("Its months can be claimed once it starts.");
    expect(within(card).queryByRole("form")).toBeNull();
    await waitFor(() => expect(document.activeElement?.id).toBe("next-year-proof"));
  });

  test("the next step of a question leads to its claim's card, where the answer form is", async () => {
    const claims = [claimFixture({ id: 8, month: "2027-02" }), claimFixture({ id: 9, status: "needs-info", reason: "Which plan?" })];
    show({
      "GET /api/benefits": {
        json: withProof({ claims, nextStep: { code: "answer-question", message: "We need more information about your claim." } }),
      },
    });
    const link = await screen.findByRole("link", { name: "Answer the question" });
    expect(link.getAttribute("href")).toBe("#claim-9");
    expect(document.getElementById("claim-9")?.querySelector("form")).toBeTruthy();
    // Followed, the cursor is in the answer box.
    fireEvent.click(link);
    expectFocusOn(screen.getByLabelText("Your answer"));
  });

  test("a claim that needs information is answered with a note; an empty answer is refused first, and a refused file is not left behind unasked", async () => {
    const claim = claimFixture({ status: "needs-info", reason: "Please send the page with the member's name" });
    show({ "GET /api/benefits": { json: withProof({ claims: [claim] }) } }, [{ status: 200, json: { ...claim, status: "submitted" } }]);
    const answer = await screen.findByRole("form", { name: /^Answer our question about / });
    // Named by its month, so two waiting claims are two forms told apart.
    expect(screen.getByRole("form", { name: `Answer our question about ${formatMonth(claim.month)}` }) === answer).toBe(true);
    expect(screen.getByText(/We need more information: Please send the page with the member's name\. Please answer below\./)).toBeTruthy();
    fireEvent.click(within(answer).getByRole("button", { name: "Send answer" }));
    expect(await within(answer).findByText(messages.answerNeeded)).toBeTruthy();
    // A file it cannot send is refused as it is picked, and nothing of it is sent.
    fireEvent.change(within(answer).getByLabelText(/More files/), {
      target: { files: [new File(["x"], "page2.docx", { type: "application/msword" })] },
    });
    expect(await within(answer).findByText(messages.fileType("page2.docx"))).toBeTruthy();
    fireEvent.input(within(answer).getByLabelText("Your answer"), { target: { value: "The second page is attached." } });
    // The note does not go without the file its sender chose, unless asked again.
    fireEvent.click(within(answer).getByRole("button", { name: "Send answer" }));
    expect(await within(answer).findByText(messages.answerWithoutRefusedFile(messages.fileType("page2.docx")))).toBeTruthy();
    expect(uploads!.sent).toHaveLength(0);
    fireEvent.click(within(answer).getByRole("button", { name: "Send answer" }));
    await waitFor(() => expect(server!.callsTo("GET", benefitsHomePath())).toHaveLength(2));
    // The answer form goes with the reply: the focus is on the claim it answered.
    expectFocusOn(screen.getByRole("heading", { name: "February 2027" }).closest("li"));
    expect(uploads!.sent[0]!.path).toBe("/api/benefits/claims/21/info");
    expect(uploads!.fieldsOf(0)).toEqual({ note: "The second page is attached." });
  });
});

describe("an answer being written", () => {
  test("survives a reload until it is sent, and is forgotten then", async () => {
    const claim = claimFixture({ status: "needs-info", reason: "Please send the page with the member's name" });
    const home = { "GET /api/benefits": { json: homeFixture({ proof: proofFixture(), claims: [claim] }) } };
    show(home);
    let answer = await screen.findByRole("form", { name: /^Answer our question about / });
    fireEvent.input(within(answer).getByLabelText("Your answer"), { target: { value: "The member is my daughter." } });
    cleanup();
    server?.restore();
    uploads?.restore();
    show(home, [{ status: 200, json: { ...claim, status: "submitted" } }]);
    answer = await screen.findByRole("form", { name: /^Answer our question about / });
    expect((within(answer).getByLabelText("Your answer") as HTMLTextAreaElement).value).toBe("The member is my daughter.");
    expect(within(answer).getByText(/What you typed earlier is filled in below\./).textContent).toContain(
      "Files are not kept: if you meant to send some, please choose them again.",
    );
    fireEvent.click(within(answer).getByRole("button", { name: "Send answer" }));
    await waitFor(() => expect(uploads!.sent).toHaveLength(1));
    expect(uploads!.fieldsOf(0)).toEqual({ note: "The member is my daughter." });
    await waitFor(() => expect(Object.keys(sessionStorage).filter((k) => k.includes("claim-answer"))).toEqual([]));
  });
});

describe("days of sending and paying", () => {
  // An evening in California is already the next day in UTC: the cards say the employee's day,
  // the one the history beside them shows.
  let was: string | undefined;
  beforeAll(() => {
    was = process.env.TZ;
    process.env.TZ = "America/Los_Angeles";
  });
  afterAll(() => {
    if (was === undefined) delete process.env.TZ;
    else process.env.TZ = was;
  });

  test("are the employee's own days, not the UTC days", async () => {
    const evening = "2027-02-04T03:05:00.000Z";
    const proof = proofFixture({ submittedAt: "2027-01-05T04:30:00.000Z" });
    const claim = claimFixture({
      status: "paid",
      approvedAmount: 412.5,
      submittedAt: evening,
      paidAt: "2027-02-16T02:00:00.000Z",
      history: [{ action: "submitted", note: null, amount: 412.5, at: evening }],
    });
    show({ "GET /api/benefits": { json: homeFixture({ proof, claims: [claim], claimableMonths: [{ from: "2027-01", to: "2027-12" }] }) } });
    const card = (await screen.findByRole("heading", { name: "February 2027" })).closest("li")!;
    const sentOn = (where: HTMLElement) => within(where).getByText("Sent").nextElementSibling?.textContent;
    expect(sentOn(card)).toBe("February 3, 2027");
    expect(within(card).getByRole("list", { name: "History of the February 2027 claim" }).textContent).toContain("February 3, 2027");
    expect(card.textContent).toContain("Paid $412.50 through payroll on February 15, 2027.");
    expect(sentOn(screen.getByRole("region", { name: "Proof of coverage" }))).toBe("January 4, 2027");
  });
});

describe("a double click", () => {
  // The fields are checked before the upload starts (and the button is disabled): a second
  // click meanwhile must not send the files again.
  test("sends a proof of coverage once", async () => {
    const proof = proofFixture({ status: "pending" });
    let sent = false;
    show({ "GET /api/benefits": () => ({ json: homeFixture(sent ? { proof } : {}) }) }, [{ status: 201, json: proof }]);
    await screen.findByRole("form", { name: "Send your proof of coverage" });
    sent = true;
    sendProofForm({ carrier: "Ambetter", coverageStart: "2027-01-01", coveredPeople: "Me", file: pdf() });
    fireEvent.click(screen.getByRole("button", { name: "Send proof of coverage" }));
    await screen.findByText("Pending review", { selector: ".status-badge" });
    expect(uploads!.sent).toHaveLength(1);
  });

  test("sends a claim once", async () => {
    const sentClaim = claimFixture({ id: 30, month: "2027-03" });
    let sent = false;
    const home = () =>
      homeFixture({ proof: proofFixture(), claimableMonths: [{ from: "2027-01", to: "2027-12" }], claims: sent ? [sentClaim] : [] });
    show({ "GET /api/benefits": () => ({ json: home() }) }, [{ status: 201, json: sentClaim }]);
    fireEvent.click(await screen.findByRole("button", { name: "Claim a month's premium" }));
    await screen.findByRole("form", { name: "Claim a month's premium" });
    type(/Premium you paid/, "412.50");
    choose(/Proof of payment/, pdf("receipt.pdf"));
    fireEvent.click(screen.getByLabelText(CLAIM_ATTESTATION, { exact: false }));
    sent = true;
    fireEvent.click(screen.getByRole("button", { name: "Submit claim" }));
    fireEvent.click(screen.getByRole("button", { name: "Submit claim" }));
    await screen.findByRole("heading", { name: "March 2027" });
    expect(uploads!.sent.map((u) => u.path)).toEqual([inBrowserTimeZone("/api/benefits/claims")]);
  });
});
