import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { NOTICE_TITLE, type NoticeInput, noticeSections } from "@src/modules/compliance/notice";
import type { NoticeView } from "@src/modules/employees/model";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { Route } from "wouter";
import { renderAt } from "../../test/render-at";
import EmployeeNoticePage from "./EmployeeNoticePage";

const input: NoticeInput = {
  businessName: "Acme Tools",
  className: "Full-time",
  terms: { allowanceCents: 90_000 },
  own: { individual: 90_000 },
  planYearStart: "2027-01-01",
  planYearEnd: "2027-12-31",
  contact: { name: "Olivia Owner", email: "olivia@acme.example", phone: "(512) 555-0100" },
  administrator: { name: "Advantage ICHRA", email: "help@advantage.example", phone: "1-800-555-0100" },
};
const notice: NoticeView = {
  title: NOTICE_TITLE,
  businessName: input.businessName,
  className: input.className,
  planYearStart: input.planYearStart,
  planYearEnd: input.planYearEnd,
  sections: noticeSections(input),
};

let urls: string[] = [];
let answer: (() => Response) | null = null;
let release: () => void = () => {};
const realFetch = globalThis.fetch;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  urls = [];
  answer = null;
  const gate = new Promise<void>((r) => (release = r));
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    urls.push(String(input));
    await gate;
    if (!answer) return new Promise<Response>(() => {});
    return answer();
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  cleanup();
});

const page = (search: string) =>
  renderAt(
    <Route path="/employee-registration/:enrollmentId/notice">{() => <EmployeeNoticePage />}</Route>,
    `/employee-registration/5/notice${search ? `?${search}` : ""}`,
  );
const invite = "invite=abc123abc123abc123abc123";

describe("the employee's notice page", () => {
  test("without an invite: the link is invalid and nothing is asked of the server", async () => {
    page("");
    await screen.findByRole("heading", { name: "This notice link is invalid or has expired" });
    expect(screen.getByText(/ask your employer/)).toBeTruthy();
    expect(urls).toEqual([]);
  });

  test("loading, then the notice of the employee's class with their own allowance", async () => {
    answer = () => json(notice);
    page(invite);
    expect(screen.getByText("Loading your notice...").getAttribute("aria-busy")).toBe("true");
    await waitFor(() => expect(urls).toEqual(["/api/employee-registration/5/notice?invite=abc123abc123abc123abc123"]));
    release();
    await screen.findByRole("heading", { level: 1, name: "Notice of your Individual Coverage Health Reimbursement Arrangement (ICHRA)" });
    const text = document.body.textContent!;
    expect(text).toContain("For employees in the class Full-time");
    expect(text).toContain("The self-only amount, for coverage of you alone, is $900.00 a month ($10,800.00 for a full plan year).");
    expect(text).toContain("Your own monthly amount: self only $900.00.");
    expect(text).toContain("The plan year runs from Friday, January 1, 2027 through Friday, December 31, 2027.");
    // The substantiation procedure says until when a month can be claimed.
    expect(text).toContain(
      "You can ask to be reimbursed for a month's premium once you have paid it, until 90 days after the plan year ends (Thursday, March 30, 2028).",
    );
    expect(text).toContain("for Medicare, your Medicare card");
    expect(screen.getByRole("heading", { name: "Your right to opt out and waive" })).toBeTruthy();
    expect(text).toContain("Olivia Owner, Acme Tools: email olivia@acme.example, phone (512) 555-0100.");
    expect(screen.getByRole("link", { name: "Go to your registration" }).getAttribute("href")).toBe(
      "/employee-registration/5?invite=abc123abc123abc123abc123",
    );
  });

  test("an invite the server refuses shows the invalid link and no enrollment data", async () => {
    answer = () => json({ message: "This registration link is invalid or has expired." }, 404);
    page(invite);
    release();
    await screen.findByRole("heading", { name: "This notice link is invalid or has expired" });
    expect(document.body.textContent).not.toContain("Acme");
    expect(screen.queryByText(/Loading/)).toBeNull();
  });

  test("a class the employer has since changed: the server's explanation", async () => {
    answer = () => json({ message: "Your employee class has changed since you were invited." }, 409);
    page(invite);
    release();
    await screen.findByRole("heading", { name: "Your notice is not available yet" });
    expect(screen.getByRole("alert").textContent).toContain("Your employee class has changed since you were invited.");
  });

  test("a failure to load says so", async () => {
    answer = () => json({ message: "boom" }, 500);
    page(invite);
    release();
    await screen.findByRole("heading", { name: "We could not load your notice" });
  });
});
