import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { EmployeeListItem } from "../../../src/modules/employees/model";
import { currentToast, dismissToast } from "../../components/toast/toast-store";
import { EmployeesSection } from "./EmployeesSection";

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
  registration: null,
  ...over,
});

let calls: { method: string; url: string }[] = [];
let answers: ((method: string, url: string) => Response | Promise<Response>)[] = [];
const realFetch = globalThis.fetch;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  calls = [];
  answers = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const url = String(input);
    calls.push({ method, url });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected ${method} ${url}`);
    return next(method, url);
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  dismissToast();
  cleanup();
});

const list = [
  person(1, {}),
  person(2, { firstName: "Sam", lastName: "Lee", email: "sam@example.com", className: "Part-time", allowance: 200, inviteStatus: "opened", inviteSentAt: "2026-11-20T10:00:00.000Z" }),
  person(3, {
    firstName: "Ana",
    lastName: "Diaz",
    inviteStatus: "registered",
    inviteSentAt: "2026-11-19T10:00:00.000Z",
    registration: { submittedAt: "2026-11-21T10:00:00.000Z", coverageLevel: "family", healthPlanId: "gold", state: "TX" },
  }),
];

describe("EmployeesSection", () => {
  test("loading, then each employee with class, allowance, invitation status and registration", async () => {
    answers.push(() => json({ enrollmentId: 7, employees: list }));
    render(<EmployeesSection enrollmentId={7} />);
    expect(screen.getByText("Loading employees...")).toBeTruthy();
    await screen.findByText("Maria Garcia");
    expect(calls).toEqual([{ method: "GET", url: "/api/enrollment/7/employees" }]);
    const rows = [...document.querySelectorAll("tbody tr")].map((tr) => tr.textContent);
    expect(rows[0]).toContain("Full-time");
    expect(rows[0]).toContain("$525.00/month");
    expect(rows[0]).toContain("Not sent");
    expect(rows[0]).toContain("Not yet");
    expect(rows[1]).toContain("Opened");
    expect(rows[2]).toContain("Registered");
    expect(rows[2]).toContain("Gold, Family");
    expect(screen.getByText("1 of 3 registered.")).toBeTruthy();
    // Send for the never-invited, Resend for the others; Revoke only while an invite is live.
    expect(screen.getByRole("button", { name: "Send invitation to Maria Garcia" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Resend invitation to Sam Lee" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Revoke invitation of Sam Lee" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Revoke invitation of Ana Diaz" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Revoke invitation of Maria Garcia" })).toBeNull();
  });

  test("sending to all not yet invited posts once and shows the new statuses", async () => {
    answers.push(() => json({ enrollmentId: 7, employees: list }));
    render(<EmployeesSection enrollmentId={7} />);
    const button = await screen.findByRole("button", { name: "Send invitations to all not yet invited (1)" });
    answers.push(() => json({ sent: 1, employees: [person(1, { inviteStatus: "sent", inviteSentAt: "2026-11-21T10:00:00.000Z" }), list[1], list[2]] }));
    fireEvent.click(button);
    await screen.findByRole("button", { name: "Everyone has been invited" });
    expect(calls[1]).toEqual({ method: "POST", url: "/api/enrollment/7/invitations" });
    expect(document.querySelector("tbody tr")!.textContent).toContain("Sent");
    expect(currentToast.value?.title).toBe("Invitations Sent (1)");
  });

  test("revoking one answers with the list; a refusal is shown, not swallowed", async () => {
    answers.push(() => json({ enrollmentId: 7, employees: list }));
    render(<EmployeesSection enrollmentId={7} />);
    const revoke = await screen.findByRole("button", { name: "Revoke invitation of Sam Lee" });
    answers.push(() => json({ message: "This employee has already registered; the invitation can no longer be revoked." }, 409));
    fireEvent.click(revoke);
    await waitFor(() => expect(currentToast.value?.variant).toBe("destructive"));
    expect(calls[1]).toEqual({ method: "DELETE", url: "/api/enrollment/7/employees/2/invitation" });
    expect(currentToast.value?.description).toBe("This employee has already registered; the invitation can no longer be revoked.");
  });

  test("a failed load says so and can be retried", async () => {
    answers.push(() => json({ message: "Not found." }, 404));
    render(<EmployeesSection enrollmentId={7} />);
    await screen.findByText("The employee list could not be loaded.");
    answers.push(() => json({ enrollmentId: 7, employees: [] }));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByText("No employees yet. Upload your employee census to invite your employees.");
  });
});
