import { afterEach, describe, expect, test } from "bun:test";
import { daysFrom, formatDate, localToday } from "@src/lib/date-rules";
import { type EmployeeListItem, SEND_BEFORE_SUBMIT_MESSAGE, type SendResult } from "@src/modules/employees/model";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { currentToast, dismissToast } from "../../components/toast/toast-store";
import { fakeServer } from "../../test/fake-server";
import { addEmployee, fillNewEmployee } from "../../test/new-employee-form";
import { EmployeesSection, invitationSummary, lastDayLabel, optedOutLabel } from "./EmployeesSection";

/** A notice's due date still ahead, whenever the tests run. */
const dueIn30 = daysFrom(localToday(), 30);

const person = (id: number, over: Partial<EmployeeListItem>): EmployeeListItem => ({
  id,
  firstName: "Maria",
  lastName: "Garcia",
  email: "maria@example.com",
  className: "Full-time",
  allowance: 525,
  inviteStatus: "not_sent",
  inviteSentAt: null,
  inviteExpiresAt: null,
  noticeSentAt: null,
  noticePlanYearStart: "2027-03-03",
  noticeDueBy: dueIn30,
  eligibleFrom: null,
  declinedAt: null,
  employmentEndedOn: null,
  optedOut: null,
  registration: null,
  ...over,
});

let server: ReturnType<typeof fakeServer> | null = null;
const listPath = "/api/enrollment/7/employees";
const listed = (employees: EmployeeListItem[]) => ({ json: { enrollmentId: 7, employees } });

afterEach(() => {
  server?.restore();
  server = null;
  dismissToast();
  cleanup();
});

const list = [
  person(1, {}),
  person(2, {
    firstName: "Sam",
    lastName: "Lee",
    email: "sam@example.com",
    className: "Part-time",
    allowance: 200,
    inviteStatus: "opened",
    inviteSentAt: "2026-11-20T10:00:00.000Z",
  }),
  person(3, {
    firstName: "Ana",
    lastName: "Diaz",
    inviteStatus: "registered",
    inviteSentAt: "2026-11-19T10:00:00.000Z",
    registration: { submittedAt: "2026-11-21T10:00:00.000Z", coverageLevel: "family" },
  }),
];

describe("EmployeesSection", () => {
  test("loading, then each employee with class, allowance, invitation status and registration", async () => {
    server = fakeServer({ [`GET ${listPath}`]: listed(list) });
    render(<EmployeesSection enrollmentId={7} submitted />);
    expect(screen.getByText("Loading employees...")).toBeTruthy();
    await screen.findByText("Maria Garcia");
    expect(server.calls).toEqual([{ method: "GET", path: listPath, body: undefined }]);
    const rows = [...document.querySelectorAll("tbody tr")].map((tr) => tr.textContent);
    expect(rows[0]).toContain("Full-time");
    expect(rows[0]).toContain("$525.00/month");
    expect(rows[0]).toContain("Not sent");
    expect(rows[0]).toContain("Not yet");
    expect(rows[1]).toContain("Opened");
    expect(rows[2]).toContain("Registered");
    expect(rows[2]).toContain("Family");
    // The plan the employee shopped for is theirs, not the employer's.
    expect(rows[2]).not.toMatch(/Gold|Silver|Bronze|Platinum/);
    // The invitation's status is drawn as every status is, its colour saying how it stands.
    const badges = [...document.querySelectorAll("tbody tr td[data-label='Invitation'] .status-badge")].map((b) => b.className);
    expect(badges).toEqual(["status-badge tone-gray", "status-badge tone-yellow", "status-badge tone-green"]);
    // Dates read as on the rest of the dashboard: the unsent notice's deadline and the days things were sent alike.
    expect(rows[0]).toContain(`Notice for the plan year from March 3, 2027 not sent (due by ${formatDate(dueIn30)})`);
    expect(rows[1]).toContain("sent November 20, 2026");
    expect(rows[2]).toContain("on November 21, 2026");
    expect(screen.getByText("1 of 3 registered.")).toBeTruthy();
    // What was and was not sent, said plainly: Maria was never sent an invitation.
    expect(screen.getByText("Invitations sent to 2 of 3 employees; 1 has not been sent one yet.")).toBeTruthy();
    // Send for the never-invited, Resend for the others; Revoke only while an invite is live.
    expect(screen.getByRole("button", { name: "Send invitation to Maria Garcia" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Resend invitation to Sam Lee" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Revoke invitation of Sam Lee" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Revoke invitation of Ana Diaz" })).toBeNull();
    // A registered employee needs no invitation again.
    expect(screen.queryByRole("button", { name: /invitation to Ana Diaz/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Revoke invitation of Maria Garcia" })).toBeNull();
  });

  test("one who opted out at the invitation reads so first, as a badge beside the invitation's", async () => {
    server = fakeServer({ [`GET ${listPath}`]: listed([person(2, { inviteStatus: "opened", declinedAt: "2026-11-27T15:00:00.000Z" })]) });
    render(<EmployeesSection enrollmentId={7} submitted />);
    await screen.findByText("Maria Garcia");
    const cell = document.querySelector("tbody tr td[data-label='Registration']")!;
    expect(cell.querySelector(".status-badge")?.textContent).toBe("Opted out");
    expect(cell.querySelector(".status-badge")?.className).toBe("status-badge tone-red");
    expect(cell.textContent).toContain("on November 27, 2026");
  });

  test("a notice not sent by its day says it is overdue", async () => {
    server = fakeServer({ [`GET ${listPath}`]: listed([person(1, { noticeDueBy: daysFrom(localToday(), -2) })]) });
    render(<EmployeesSection enrollmentId={7} submitted />);
    await screen.findByText("Maria Garcia");
    expect(document.querySelector("tbody tr")!.textContent).toContain(
      `Notice for the plan year from March 3, 2027 not sent (overdue: it was due by ${formatDate(daysFrom(localToday(), -2))})`,
    );
  });

  test("before the enrollment is submitted: the list, no way to send anything, and why", async () => {
    server = fakeServer({ [`GET ${listPath}`]: listed(list) });
    render(<EmployeesSection enrollmentId={7} />);
    await screen.findByText("Maria Garcia");
    expect(screen.getByText(SEND_BEFORE_SUBMIT_MESSAGE)).toBeTruthy();
    const buttons = [...document.querySelectorAll(".employees-section button")].map((b) => b.textContent);
    expect(buttons.filter((text) => /send|invit|notice/i.test(text ?? ""))).toEqual([]);
  });

  test("a registered employee who opted out later shows from which month, beside their registration", async () => {
    const optedOut = { ...list[2]!, optedOut: { waivedFrom: "2027-04", on: "2027-03-10" } };
    server = fakeServer({ [`GET ${listPath}`]: listed([list[0]!, list[1]!, optedOut]) });
    render(<EmployeesSection enrollmentId={7} submitted />);
    await screen.findByText("Ana Diaz");
    const row = document.querySelector('tr[data-employee-id="3"]')!.textContent;
    expect(row).toContain("Family");
    expect(row).toMatch(/Opted out on March 10, 2027: reimbursements waived from April 2027 on/);
    expect(document.querySelector('tr[data-employee-id="1"]')!.textContent).not.toContain("Opted out");
  });

  test("an opting out is shown with the window to take it back until its first month starts", () => {
    expect(optedOutLabel({ waivedFrom: "2027-04", on: "2027-03-10" }, "2027-03-31")).toBe(
      "Opted out on March 10, 2027: reimbursements waived from April 2027 on (they can take it back until March 31, 2027)",
    );
    expect(optedOutLabel({ waivedFrom: "2027-04", on: "2027-03-10" }, "2027-04-01")).toBe(
      "Opted out on March 10, 2027: reimbursements waived from April 2027 on",
    );
  });

  test("sending to all not yet invited posts once and shows the new statuses", async () => {
    const sent: SendResult = {
      sent: 1,
      employees: [person(1, { inviteStatus: "sent", inviteSentAt: "2026-11-21T10:00:00.000Z" }), list[1], list[2]],
    };
    server = fakeServer({ [`GET ${listPath}`]: listed(list), "POST /api/enrollment/7/invitations": { json: sent } });
    render(<EmployeesSection enrollmentId={7} submitted />);
    const button = await screen.findByRole("button", { name: "Send invitations to all not yet invited (1)" });
    // Asked first: nothing is sent until Yes, and Cancel gives the button back with the keyboard on it.
    fireEvent.click(button);
    const question = screen.getByRole("region", { name: /^The 1 employee not yet invited will get an email/ });
    // The keyboard is on the question, not on Yes: an Enter held on the button that asked does not answer it.
    expect(document.activeElement).toBe(question);
    fireEvent.click(within(question).getByRole("button", { name: "Cancel" }));
    const again = await screen.findByRole("button", { name: "Send invitations to all not yet invited (1)" });
    await waitFor(() => expect(document.activeElement === again).toBe(true));
    expect(server.calls).toHaveLength(1);
    fireEvent.click(again);
    fireEvent.keyDown(screen.getByRole("button", { name: "Yes, send 1 invitation" }), { key: "Escape" });
    expect(screen.queryByRole("region", { name: /not yet invited will get an email/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Send invitations to all not yet invited (1)" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, send 1 invitation" }));
    // Everyone invited: the summary says so and takes the keyboard, and no button stands there disabled.
    const summary = await screen.findByText("Invitations sent to 3 of 3 employees.");
    await waitFor(() => expect(document.activeElement === summary).toBe(true));
    expect(screen.queryByRole("button", { name: /Send invitations to all/ })).toBeNull();
    expect(server.calls.slice(1)).toEqual([{ method: "POST", path: "/api/enrollment/7/invitations", body: undefined }]);
    expect(document.querySelector("tbody tr")!.textContent).toContain("Sent");
    expect(currentToast.value?.title).toBe("Invitations Sent (1)");
  });

  test("sending to all refused: the toast says why, nothing changes, and the button is back with the keyboard on it", async () => {
    server = fakeServer({
      [`GET ${listPath}`]: listed(list),
      "POST /api/enrollment/7/invitations": { status: 409, json: { message: "This enrollment is not approved yet." } },
    });
    render(<EmployeesSection enrollmentId={7} submitted />);
    fireEvent.click(await screen.findByRole("button", { name: "Send invitations to all not yet invited (1)" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, send 1 invitation" }));
    await waitFor(() => expect(currentToast.value?.variant).toBe("destructive"));
    expect(currentToast.value?.description).toBe("This enrollment is not approved yet.");
    const again = await screen.findByRole("button", { name: "Send invitations to all not yet invited (1)" });
    await waitFor(() => expect(document.activeElement === again).toBe(true));
    expect(screen.queryByRole("region", { name: /not yet invited will get an email/ })).toBeNull();
    expect(document.querySelector('tr[data-employee-id="1"]')!.textContent).toContain("Not sent");
  });

  test("revoking one answers with the list; a refusal is shown, not swallowed", async () => {
    server = fakeServer({
      [`GET ${listPath}`]: listed(list),
      "DELETE /api/enrollment/7/employees/2/invitation": {
        status: 409,
        json: { message: "This employee has already registered; the invitation can no longer be revoked." },
      },
    });
    render(<EmployeesSection enrollmentId={7} submitted />);
    const revoke = await screen.findByRole("button", { name: "Revoke invitation of Sam Lee" });
    fireEvent.click(revoke);
    fireEvent.click(screen.getByRole("button", { name: "Yes, revoke" }));
    await waitFor(() => expect(currentToast.value?.variant).toBe("destructive"));
    // Still live: the question is gone and Revoke is offered again, with the keyboard on it.
    await waitFor(() => expect(document.activeElement === screen.getByRole("button", { name: "Revoke invitation of Sam Lee" })).toBe(true));
    expect(server.calls.slice(1)).toEqual([{ method: "DELETE", path: "/api/enrollment/7/employees/2/invitation", body: undefined }]);
    expect(currentToast.value?.description).toBe("This employee has already registered; the invitation can no longer be revoked.");
  });

  test("a census nobody was sent anything from says so; a revoked invitation is counted apart", () => {
    expect(invitationSummary([person(1, {}), person(2, {})])).toBe(
      "No invitations have been sent yet: your 2 employees have received nothing from us. Each gets a personal invitation only when you send it.",
    );
    expect(invitationSummary([person(1, { inviteStatus: "sent" }), person(2, { inviteStatus: "revoked" })])).toBe(
      "Invitations sent to 1 of 2 employees. 1 invitation was revoked.",
    );
  });

  test("a failed load says so and can be retried", async () => {
    let loads = 0;
    server = fakeServer({ [`GET ${listPath}`]: () => (++loads === 1 ? { status: 404, json: { message: "Not found." } } : listed([])) });
    render(<EmployeesSection enrollmentId={7} submitted />);
    await screen.findByText("The employee list could not be loaded.");
    expect(screen.getByRole("alert").textContent).toContain("The employee list could not be loaded.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(screen.getByText("Loading employees...")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    await screen.findByText("No employees yet. Upload your employee census to invite your employees.");
  });

  test("sending one and revoking one: the toast names what happened and the list is the server's answer", async () => {
    const resent: SendResult = { sent: 1, employees: [list[0], { ...list[1], inviteStatus: "sent" }, list[2]] };
    server = fakeServer({
      [`GET ${listPath}`]: listed(list),
      "POST /api/enrollment/7/employees/2/invitation": { json: resent },
      "DELETE /api/enrollment/7/employees/2/invitation": listed([list[0], { ...list[1], inviteStatus: "revoked" }, list[2]]),
    });
    render(<EmployeesSection enrollmentId={7} submitted />);
    fireEvent.click(await screen.findByRole("button", { name: "Resend invitation to Sam Lee" }));
    await waitFor(() => expect(currentToast.value?.title).toBe("Invitation Resent"));
    expect(document.querySelectorAll("tbody tr")[1].textContent).toContain("Sent");
    const revoke = screen.getByRole("button", { name: "Revoke invitation of Sam Lee" });
    revoke.focus();
    fireEvent.click(revoke);
    // A revoked link stops working at once: asked first, with the keyboard on the question,
    // and Cancel (or Escape) sends nothing and gives the keyboard back to Revoke.
    const question = screen.getByRole("region", { name: /Revoke the invitation of Sam Lee\? Their personal link stops working at once/ });
    expect(document.activeElement).toBe(question);
    fireEvent.click(within(question).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(document.activeElement === screen.getByRole("button", { name: "Revoke invitation of Sam Lee" })).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Revoke invitation of Sam Lee" }));
    fireEvent.keyDown(screen.getByRole("region", { name: /Revoke the invitation of Sam Lee/ }), { key: "Escape" });
    expect(screen.queryByRole("region", { name: /Revoke the invitation of Sam Lee/ })).toBeNull();
    expect(server.calls.filter((c) => c.method === "DELETE")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Revoke invitation of Sam Lee" }));
    const yes = screen.getByRole("button", { name: "Yes, revoke" });
    yes.focus();
    fireEvent.click(yes);
    await waitFor(() => expect(currentToast.value?.title).toBe("Invitation Revoked"));
    expect(document.querySelectorAll("tbody tr")[1].textContent).toContain("Revoked");
    expect(screen.queryByRole("button", { name: "Revoke invitation of Sam Lee" })).toBeNull();
    // The button pressed is gone: the keyboard goes on from what the row offers now, not from the top of the page.
    await waitFor(() => expect(document.activeElement === screen.getByRole("button", { name: "Send invitation to Sam Lee" })).toBe(true));
  });

  describe("a census skipped in the wizard, uploaded from the dashboard", () => {
    const pickFile = (name = "census.csv") =>
      fireEvent.change(screen.getByLabelText("Drag and drop your census file here, or select it"), {
        target: { files: [new File(["a,b"], name, { type: "text/csv" })] },
      });

    test("with no employees the upload is offered; rows refused stay listed until replaced, and the page is told", async () => {
      let loads = 0;
      let uploads = 0;
      let told = 0;
      const refusedRow = { row: 3, field: "Email", message: "Invalid email format" };
      server = fakeServer({
        [`GET ${listPath}`]: () =>
          ++loads === 1 ? listed([]) : listed(uploads === 1 ? [list[0]!] : [list[0]!, person(4, { firstName: "Bo" })]),
        "POST /api/enrollment/7/census": () =>
          ++uploads === 1
            ? { json: { accepted: 1, rejected: 1, errors: [refusedRow] } }
            : { json: { accepted: 2, rejected: 0, errors: [] } },
      });
      render(<EmployeesSection enrollmentId={7} submitted classNames={["Full-time", "Part-time"]} onHeadcountChanged={() => told++} />);
      await screen.findByRole("heading", { name: "Upload your employee census" });
      expect(screen.getByText(/must match one of your employee classes: Full-time, Part-time/)).toBeTruthy();

      pickFile();
      fireEvent.click(screen.getByRole("button", { name: "Upload File" }));
      await screen.findByText("Maria Garcia");
      expect(server.callsTo("POST", "/api/enrollment/7/census")).toHaveLength(1);
      expect(told).toBe(1);
      // One row was left out: it is listed, and the upload stays to send the corrected file.
      expect(screen.getByRole("heading", { name: "1 row was not accepted" })).toBeTruthy();
      expect(screen.getByRole("region", { name: "Rows with errors" }).textContent).toContain("Invalid email format");

      pickFile("census-fixed.csv");
      fireEvent.click(screen.getByRole("button", { name: "Upload File" }));
      await screen.findByText("Bo Garcia");
      expect(told).toBe(2);
      expect(screen.queryByRole("heading", { name: "1 row was not accepted" })).toBeNull();
      expect(screen.getByText("Upload Complete")).toBeTruthy();
    });

    test("a census on file can be replaced until anything has gone out, and not before submitting", async () => {
      server = fakeServer({ [`GET ${listPath}`]: listed([person(1, {})]) });
      render(<EmployeesSection enrollmentId={7} submitted classNames={["Full-time"]} />);
      await screen.findByText("Maria Garcia");
      expect(screen.getByText("Replace the employee census")).toBeTruthy();
      expect(screen.getByText(/A new upload replaces every employee listed/)).toBeTruthy();
      cleanup();
      server.restore();

      server = fakeServer({ [`GET ${listPath}`]: listed([person(1, { noticeSentAt: "2026-11-20T10:00:00.000Z" })]) });
      render(<EmployeesSection enrollmentId={7} submitted classNames={["Full-time"]} />);
      await screen.findByText("Maria Garcia");
      expect(screen.queryByRole("heading", { name: "Upload your employee census" })).toBeNull();
      expect(screen.queryByText("Replace the employee census")).toBeNull();
      cleanup();
      server.restore();
      server = fakeServer({ [`GET ${listPath}`]: listed([]) });
      render(<EmployeesSection enrollmentId={7} classNames={["Full-time"]} />);
      await screen.findByText("No employees yet. Upload your employee census to invite your employees.");
      expect(screen.queryByRole("heading", { name: "Upload your employee census" })).toBeNull();
    });
  });

  test("an employee added after submitting joins the list, and the page is told its headcounts changed", async () => {
    const added = person(9, { firstName: "Dana", lastName: "Lopez", email: "dana@example.com", inviteStatus: "sent" });
    server = fakeServer({
      [`GET ${listPath}`]: listed(list),
      "POST /api/enrollment/7/employees": { status: 201, json: { enrollmentId: 7, employees: [...list, added] } },
    });
    let told = 0;
    render(<EmployeesSection enrollmentId={7} submitted classNames={["Full-time", "Part-time"]} onHeadcountChanged={() => told++} />);
    await screen.findByText("Sam Lee");
    fillNewEmployee();
    addEmployee();
    await screen.findByText("Dana Lopez");
    expect(told).toBe(1);
    expect(currentToast.value?.description).toBe("Dana Lopez was added and emailed an invitation to register, with their ICHRA notice.");
  });

  test("the last day of someone who left: recorded from their row, shown there, changed or removed; a refusal stays in the field", async () => {
    const endPath = "POST /api/enrollment/7/employees/3/employment-end";
    const ended = { ...list[2]!, employmentEndedOn: "2027-01-15" };
    let answer: { status?: number; json: unknown } = {
      status: 400,
      json: { message: "Invalid", errors: { endedOn: "The last day of employment cannot be before the hire date (January 1, 2020)." } },
    };
    server = fakeServer({ [`GET ${listPath}`]: listed(list), [endPath]: () => answer });
    render(<EmployeesSection enrollmentId={7} submitted />);
    // Before submitting there is no one to leave the plan: the button comes with the submitted enrollment.
    fireEvent.click(await screen.findByRole("button", { name: "Record last day of employment of Ana Diaz" }));
    const field = document.getElementById("ended-on-3") as HTMLInputElement;
    expect(field.labels?.[0]?.textContent).toContain("Last day of employment");
    expect(document.activeElement).toBe(field);
    // Nothing typed: told so, nothing sent.
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Last day of employment is required")).toBeTruthy();
    expect(server.calls).toHaveLength(1);
    // The server's refusal is shown in the field, and the form stays open with what was typed.
    fireEvent.input(field, { target: { value: "2019-12-31" } });
    // Pressed as a keyboard user does: the button has the focus, and is disabled while saving.
    const save = screen.getByRole("button", { name: "Save" });
    save.focus();
    fireEvent.click(save);
    expect(await screen.findByText("The last day of employment cannot be before the hire date (January 1, 2020).")).toBeTruthy();
    await waitFor(() => expect(document.activeElement === field).toBe(true));
    expect(server.calls.at(-1)).toEqual({
      method: "POST",
      path: "/api/enrollment/7/employees/3/employment-end",
      body: { endedOn: "2019-12-31" },
    });
    answer = { json: { enrollmentId: 7, employees: [list[0], list[1], ended] } };
    fireEvent.input(field, { target: { value: "2027-01-15" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText(lastDayLabel("2027-01-15"));
    expect(currentToast.value).toMatchObject({ title: "Last Day Recorded", description: "Ana Diaz's allowance ends with January 2027." });
    expect(document.getElementById("ended-on-3")).toBeNull();
    // Recorded by mistake: changed, or removed.
    fireEvent.click(screen.getByRole("button", { name: "Change last day of employment of Ana Diaz" }));
    expect((document.getElementById("ended-on-3") as HTMLInputElement).value).toBe("2027-01-15");
    answer = { json: { enrollmentId: 7, employees: list } };
    fireEvent.click(screen.getByRole("button", { name: "Remove the date" }));
    // Booleans, not nodes: a failing poll would print the node, which takes seconds in happy-dom.
    await waitFor(() => expect(screen.queryByText(/: last day /) === null).toBe(true));
    expect(server.calls.at(-1)).toEqual({ method: "POST", path: "/api/enrollment/7/employees/3/employment-end", body: { endedOn: null } });
    expect(currentToast.value?.title).toBe("Last Day Removed");
    // Escape closes the form without saving, and the row's button takes the focus back.
    fireEvent.click(screen.getByRole("button", { name: "Record last day of employment of Ana Diaz" }));
    const calls = server.calls.length;
    fireEvent.keyDown(document.getElementById("ended-on-3")!, { key: "Escape" });
    expect(document.getElementById("ended-on-3")).toBeNull();
    expect(server.calls).toHaveLength(calls);
    await waitFor(() => expect(document.activeElement?.getAttribute("data-employment-end")).toBe("3"));
  });
});

describe("a recorded last day", () => {
  test("reads as gone by once the day is past, and as to come until then (the day itself included)", () => {
    expect(lastDayLabel("2027-01-15", "2027-01-16")).toBe("Left: last day January 15, 2027");
    expect(lastDayLabel("2027-01-15", "2027-01-15")).toBe("Leaving: last day January 15, 2027");
    expect(lastDayLabel("2027-01-15", "2026-11-27")).toBe("Leaving: last day January 15, 2027");
  });
});
