// The employee's own notice, signed in: the notice as the server states it, or what to do
// when it cannot be shown.
import { afterEach, describe, expect, test } from "bun:test";
import type { NoticeView } from "@src/modules/employees/model";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { fakeServer } from "../../test/fake-server";
import { renderAt } from "../../test/render-at";
import BenefitsNoticePage from "./BenefitsNoticePage";

let server: ReturnType<typeof fakeServer> | undefined;
afterEach(() => {
  cleanup();
  server?.restore();
  server = undefined;
});

const notice: NoticeView = {
  title: "Notice of your Individual Coverage Health Reimbursement Arrangement (ICHRA)",
  businessName: "Acme Dental",
  className: "Full-time",
  planYearStart: "2027-03-01",
  planYearEnd: "2028-02-29",
  sections: [{ id: "allowance", heading: "Your allowance", paragraphs: ["Your own monthly amount: self only $500.00."] }],
};

describe("the employee's own notice", () => {
  test("shows the notice with a way back to My benefits", async () => {
    server = fakeServer({ "GET /api/benefits/notice": { json: notice } });
    renderAt(<BenefitsNoticePage />, "/benefits/notice");
    await screen.findByRole("heading", { level: 1, name: notice.title });
    expect(screen.getByText("Your own monthly amount: self only $500.00.")).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Back to My benefits" })[0]!.getAttribute("href")).toBe("/benefits");
  });

  test("signed out it asks to sign in; another account is told it is not an employee's; a class removed since says so; a failure can be tried again", async () => {
    server = fakeServer({ "GET /api/benefits/notice": { status: 401, json: { message: "Please sign in." } } });
    renderAt(<BenefitsNoticePage />, "/benefits/notice");
    await screen.findByText("Please sign in to read your ICHRA notice. We'll email you a one-time sign-in link.");
    expect(screen.getByRole("button", { name: "Sign in" }).getAttribute("href")).toBe("/login");
    cleanup();
    server.restore();

    server = fakeServer({ "GET /api/benefits/notice": { status: 403, json: { message: "This is for employees." } } });
    renderAt(<BenefitsNoticePage />, "/benefits/notice");
    await screen.findByText(/You're signed in with an account that is not an employee's/);
    expect(screen.getByRole("link", { name: "Back to My benefits" }).getAttribute("href")).toBe("/benefits");
    cleanup();
    server.restore();

    const unavailable = "Your employee class has changed since you were invited, so your notice is not available yet.";
    server = fakeServer({ "GET /api/benefits/notice": { status: 409, json: { message: unavailable } } });
    renderAt(<BenefitsNoticePage />, "/benefits/notice");
    expect((await screen.findByRole("alert")).textContent).toBe(unavailable);
    cleanup();
    server.restore();

    let reads = 0;
    server = fakeServer({
      "GET /api/benefits/notice": () => (++reads === 1 ? { status: 503, text: "Service Unavailable" } : { json: notice }),
    });
    renderAt(<BenefitsNoticePage />, "/benefits/notice");
    await screen.findByText("We couldn't load your notice. Please check your connection and try again.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByRole("heading", { level: 1, name: notice.title });
  });
});
