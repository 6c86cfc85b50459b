import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import type { EmployeeListItem } from "@src/modules/employees/model";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Toaster } from "../../components/toast/Toaster";
import { dismissToast } from "../../components/toast/toast-store";
import { enrollment } from "../../test/enrollment-fixtures";
import { fakeServer } from "../../test/fake-server";
import { renderAt } from "../../test/render-at";
import SuccessPage, { COPIED_RESET_MS } from "./SuccessPage";

let server: ReturnType<typeof fakeServer>;
beforeEach(() => dismissToast());
afterEach(() => {
  jest.useRealTimers();
  cleanup();
  server?.restore();
});

const renderSuccess = () =>
  renderAt(
    <>
      <SuccessPage params={{ enrollmentId: "31" }} />
      <Toaster />
    </>,
    "/success/31",
  );
const person = (id: number, over: Partial<EmployeeListItem>): EmployeeListItem => ({
  id,
  firstName: "Maria",
  lastName: "Garcia",
  email: `e${id}@acme.test`,
  className: "Full-time",
  allowance: 500,
  inviteStatus: "not_sent",
  inviteSentAt: null,
  inviteExpiresAt: null,
  registration: null,
  noticeSentAt: null,
  noticePlanYearStart: "2027-04-30",
  noticeDueBy: "2027-01-30",
  eligibleFrom: null,
  declinedAt: null,
  employmentEndedOn: null,
  optedOut: null,
  ...over,
});
const toastText = () => document.querySelector(".toast")?.textContent ?? "";

describe("enrollment success page", () => {
  test("each class with every amount: its family sizes, or its age bands", async () => {
    const base = enrollment({ status: "pending" });
    const employeeClasses = [
      { ...base.employeeClasses[0]!, name: "Full-time", allowanceAmount: 400, individualPlus1Amount: 650, familyAmount: 900 },
      {
        ...base.employeeClasses[0]!,
        name: "Salaried",
        allowanceAmount: 300,
        ageBands: [
          { minAge: 0, maxAge: 29, allowanceAmount: 300, headcount: 1 },
          { minAge: 30, allowanceAmount: 900, headcount: 2 },
        ],
      },
    ];
    server = fakeServer({ "GET /api/enrollment/31": { json: { ...base, employeeClasses } } });
    renderSuccess();
    await screen.findByRole("heading", { name: "Enrollment Summary" });
    expect(screen.getByText("Full-time: self $400.00, self + one $650.00, family $900.00 a month")).toBeTruthy();
    expect(screen.getByText("Salaried: ages 0 to 29: $300.00/month; ages 30 and over: $900.00/month")).toBeTruthy();
  });

  test("summary, what happens next and the two buttons", async () => {
    server = fakeServer({ "GET /api/enrollment/31": { json: enrollment({ status: "pending" }) } });
    renderSuccess();
    await screen.findByRole("heading", { name: "Enrollment Summary" });
    expect(screen.getAllByText("Acme Dental").length).toBeGreaterThan(0);
    expect(screen.getByText("Advantage")).toBeTruthy();
    expect(screen.getByText("March 1, 2027")).toBeTruthy();
    expect(screen.getByText("$4,500.00")).toBeTruthy();
    expect(screen.getByText("Part-time: $251.00/month")).toBeTruthy();
    expect(screen.getByText("Our team reviews your enrollment within 1-2 business days.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Go to Dashboard" }).getAttribute("href")).toBe("/dashboard/7");
    expect(screen.getByRole("button", { name: "Return to Home" }).getAttribute("href")).toBe("/");
  });

  test("opened again once the enrollment is approved, it says so instead of promising a review", async () => {
    server = fakeServer({ "GET /api/enrollment/31": { json: enrollment({ status: "active" }) } });
    renderSuccess();
    await screen.findByRole("heading", { name: "Enrollment Summary" });
    expect(screen.getByText("Enrollment approved")).toBeTruthy();
    expect(screen.getByText("Acme Dental's ICHRA enrollment has been reviewed and approved.")).toBeTruthy();
    expect(screen.queryByText(/within 1-2 business days/)).toBeNull();
    expect(screen.queryByText(/submitted for review/)).toBeNull();
  });

  test("Error Loading Enrollment with Return to Home", async () => {
    server = fakeServer({ "GET /api/enrollment/31": { status: 404, json: { message: "Not found." } } });
    renderSuccess();
    await screen.findByRole("heading", { name: "Error Loading Enrollment" });
    expect(screen.getByRole("button", { name: "Return to Home" }).getAttribute("href")).toBe("/");
  });

  test("says plainly that finalizing sent nothing, and sends the invitations on request", async () => {
    const waiting = [person(1, {}), person(2, { firstName: "Sam", lastName: "Lee" })];
    server = fakeServer({
      "GET /api/enrollment/31": { json: enrollment({ status: "pending" }) },
      "GET /api/enrollment/31/employees": { json: { enrollmentId: 31, employees: waiting } },
      "GET /api/enrollment/31/preview": {
        status: 403,
        json: { message: "The preview tools are only available outside production, or to administrators." },
      },
      "POST /api/enrollment/31/invitations": {
        json: { sent: 2, employees: waiting.map((e) => ({ ...e, inviteStatus: "sent", inviteSentAt: "2026-11-22T10:00:00.000Z" })) },
      },
    });
    renderSuccess();
    await screen.findByText(
      "No invitations have been sent yet: your 2 employees have received nothing from us. Each gets a personal invitation only when you send it.",
    );
    expect(document.body.textContent).not.toContain("Your employees receive an email");
    fireEvent.click(screen.getByRole("button", { name: "Send invitations to your 2 employees" }));
    // Asked first: the emails cannot be called back.
    expect(server.callsTo("POST", "/api/enrollment/31/invitations")).toHaveLength(0);
    expect(screen.getByText(/Each of the 2 employees not yet invited will get an email/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Yes, send 2 invitations" }));
    const sent = await screen.findByText("Invitations sent to 2 of 2 employees.");
    await waitFor(() => expect(document.activeElement === sent).toBe(true));
    expect(server.callsTo("POST", "/api/enrollment/31/invitations")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: /^Send/ })).toBeNull();
    await waitFor(() => expect(toastText()).toContain("Invitations Sent (2)"));
    // Forbidden to this session: no preview tools at all.
    expect(screen.queryByRole("button", { name: "Show Preview Tools" })).toBeNull();
  });

  test("a failed load of the employees says so, and Try again loads them", async () => {
    let fail = true;
    server = fakeServer({
      "GET /api/enrollment/31": { json: enrollment({ status: "pending" }) },
      "GET /api/enrollment/31/employees": () =>
        fail
          ? { status: 500, json: { message: "boom" } }
          : { json: { enrollmentId: 31, employees: [person(1, { inviteStatus: "opened" })] } },
      "GET /api/enrollment/31/preview": { status: 403, json: { message: "No." } },
    });
    renderSuccess();
    const alert = (await screen.findByText(/We couldn't load your employees\./)).closest("[role=alert]") as HTMLElement;
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByText("Invitations sent to 1 of 1 employee.");
    expect(server.callsTo("GET", "/api/enrollment/31/employees")).toHaveLength(2);
  });

  test("a refused send says so in a toast, and the list and the button stay to try again", async () => {
    server = fakeServer({
      "GET /api/enrollment/31": { json: enrollment({ status: "pending" }) },
      "GET /api/enrollment/31/employees": { json: { enrollmentId: 31, employees: [person(1, {})] } },
      "GET /api/enrollment/31/preview": { status: 403, json: { message: "No." } },
      "POST /api/enrollment/31/invitations": { status: 409, json: { message: "This enrollment is not approved yet." } },
    });
    renderSuccess();
    fireEvent.click(await screen.findByRole("button", { name: "Send the invitation to your 1 employee" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, send 1 invitation" }));
    await waitFor(() => expect(toastText()).toContain("Invitations Not Sent"));
    expect(toastText()).toContain("This enrollment is not approved yet.");
    expect(server.callsTo("POST", "/api/enrollment/31/invitations")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Send the invitation to your 1 employee" })).toBeTruthy();
    expect(screen.getByText(/your 1 employee has received nothing from us/)).toBeTruthy();
  });

  test("with part of the census invited, it counts both and offers to send the rest", async () => {
    server = fakeServer({
      "GET /api/enrollment/31": { json: enrollment({ status: "pending" }) },
      "GET /api/enrollment/31/employees": {
        json: { enrollmentId: 31, employees: [person(1, { inviteStatus: "opened" }), person(2, {}), person(3, {})] },
      },
      "GET /api/enrollment/31/preview": { json: { employees: [] } },
    });
    renderSuccess();
    await screen.findByText("Invitations sent to 1 of 3 employees; 2 have not been sent one yet.");
    expect(screen.getByRole("button", { name: "Send 2 invitations to those not yet invited" })).toBeTruthy();
  });

  test("preview tools: a read-only link for the employee chosen by name, copied; a sample invitation to the signed-in person", async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, "clipboard", { value: { writeText: async (t: string) => void written.push(t) }, configurable: true });
    const link = "http://localhost/employee-registration/31?preview=31.12.1.abc";
    server = fakeServer({
      "GET /api/enrollment/31": { json: enrollment({ status: "pending" }) },
      "GET /api/enrollment/31/employees": { json: { enrollmentId: 31, employees: [person(11, {}), person(12, {})] } },
      "GET /api/enrollment/31/preview": {
        json: {
          employees: [
            { id: 11, firstName: "Maria", lastName: "Garcia", className: "Full-time" },
            { id: 12, firstName: "Ana", lastName: "Diaz", className: "Part-time" },
          ],
        },
      },
      "POST /api/enrollment/31/preview/link": {
        json: { link, employee: { firstName: "Ana", lastName: "Diaz" }, expiresAt: "2026-12-01T00:00:00.000Z" },
      },
      "POST /api/enrollment/31/preview/sample-email": {
        status: 202,
        json: { message: "A sample invitation was sent to owner@acme.test.", to: "owner@acme.test" },
      },
    });
    renderSuccess();
    const toggle = await screen.findByRole("button", { name: "Show Preview Tools" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    // No employee chosen: the choice is asked for, nothing is requested.
    fireEvent.click(await screen.findByRole("button", { name: "Create Preview Link" }));
    await waitFor(() => expect(document.getElementById("preview-employee-error")?.textContent).toBe("Choose an employee"));
    expect(server.callsTo("POST", "/api/enrollment/31/preview/link")).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Preview the registration of"), { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Create Preview Link" }));
    const field = (await screen.findByLabelText("Preview link for Ana Diaz")) as HTMLInputElement;
    expect(field.value).toBe(link);
    // The button was disabled while it worked: the keyboard goes on from the link it made.
    await waitFor(() => expect(document.activeElement === field).toBe(true));
    expect(server.callsTo("POST", "/api/enrollment/31/preview/link")[0].body).toEqual({ employeeId: 12 });
    expect(document.body.textContent).toContain("It is not an invitation: Ana has been sent nothing.");
    // The clock is faked from here so the 3 s reset is checked without waiting for it.
    jest.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy Link" }));
    });
    expect(screen.getByRole("button", { name: "Copied!" })).toBeTruthy();
    expect(written).toEqual([link]);
    expect(toastText()).toContain("Link Copied");
    act(() => jest.advanceTimersByTime(COPIED_RESET_MS - 1));
    expect(screen.getByRole("button", { name: "Copied!" })).toBeTruthy();
    // The reset timer starts in an effect, which preact runs after the next frame.
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByRole("button", { name: "Copy Link" })).toBeTruthy();
    jest.useRealTimers();

    // The sample goes to whoever is signed in: the page asks for no address.
    expect(screen.queryByRole("textbox", { name: /email/i })).toBeNull();
    // A browser drops the focus of the button it disables while sending: so does the test.
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.click(screen.getByRole("button", { name: "Send Me a Sample Invitation" }));
    await screen.findByText("A sample invitation was sent to owner@acme.test.");
    await waitFor(() => expect(document.activeElement?.id).toBe("sample-sent"));
    expect(server.callsTo("POST", "/api/enrollment/31/preview/sample-email")[0].body).toBeUndefined();
    // Neither tool invited anyone.
    expect(server.callsTo("POST", "/api/enrollment/31/invitations")).toHaveLength(0);
  });

  test("a link the server fails to create without a message shows the fallback, not the status line", async () => {
    server = fakeServer({
      "GET /api/enrollment/31": { json: enrollment({ status: "pending" }) },
      "GET /api/enrollment/31/employees": { json: { enrollmentId: 31, employees: [person(11, {})] } },
      "GET /api/enrollment/31/preview": {
        json: { employees: [{ id: 11, firstName: "Maria", lastName: "Garcia", className: "Full-time" }] },
      },
      "POST /api/enrollment/31/preview/link": { status: 500, text: "Internal Server Error" },
    });
    renderSuccess();
    fireEvent.click(await screen.findByRole("button", { name: "Show Preview Tools" }));
    fireEvent.change(await screen.findByLabelText("Preview the registration of"), { target: { value: "11" } });
    fireEvent.click(await screen.findByRole("button", { name: "Create Preview Link" }));
    await screen.findByText("Could not create a preview link. Please try again.");
    expect(document.body.textContent).not.toContain("Internal Server Error");
  });
});
