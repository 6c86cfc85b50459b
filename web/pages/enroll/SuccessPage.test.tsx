import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "../../components/toast/Toaster";
import { dismissToast } from "../../components/toast/toast-store";
import { enrollment } from "../../test/enrollment-fixtures";
import { fakeServer } from "../../test/fake-server";
import SuccessPage, { COPIED_RESET_MS } from "./SuccessPage";

let server: ReturnType<typeof fakeServer>;
beforeEach(() => dismissToast());
afterEach(() => {
  jest.useRealTimers();
  cleanup();
  server?.restore();
});

const renderSuccess = () => {
  const { hook } = memoryLocation({ path: "/success/31" });
  render(
    <Router hook={hook}>
      <SuccessPage params={{ enrollmentId: "31" }} />
      <Toaster />
    </Router>,
  );
};
const toastText = () => document.querySelector(".toast")?.textContent ?? "";

describe("enrollment success page", () => {
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

  test("Error Loading Enrollment with Return to Home", async () => {
    server = fakeServer({ "GET /api/enrollment/31": { status: 404, json: { message: "Not found." } } });
    renderSuccess();
    await screen.findByRole("heading", { name: "Error Loading Enrollment" });
    expect(screen.getByRole("button", { name: "Return to Home" }).getAttribute("href")).toBe("/");
  });

  test("development tools: a real link, Link Copied resetting after 3 s, Invalid Email, Test Email Sent", async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, "clipboard", { value: { writeText: async (t: string) => void written.push(t) }, configurable: true });
    const link = "http://localhost/employee-registration/31?invite=abc";
    server = fakeServer({
      "GET /api/enrollment/31": { json: enrollment({ status: "pending" }) },
      "POST /api/enrollment/31/registration-link": {
        json: { link, employee: { firstName: "Ana", lastName: "Diaz", email: "ana@acme.test" }, expiresAt: "2026-12-01T00:00:00.000Z" },
      },
      "POST /api/enrollment/31/registration-link/email": { json: { message: "Test email queued for me@acme.test", to: "me@acme.test" } },
    });
    renderSuccess();
    const toggle = await screen.findByRole("button", { name: "Show Development Tools" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    fireEvent.click(await screen.findByRole("button", { name: "Create Registration Link" }));
    const field = (await screen.findByLabelText("Registration link for Ana Diaz")) as HTMLInputElement;
    expect(field.value).toBe(link);
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

    const email = screen.getByLabelText("Send a test email to");
    fireEvent.input(email, { target: { value: "not-an-address" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Test Email" }));
    await waitFor(() => expect(toastText()).toContain("Invalid Email"));
    expect(toastText()).toContain("Please enter a valid email address");
    expect(server.callsTo("POST", "/api/enrollment/31/registration-link/email")).toHaveLength(0);
    fireEvent.input(email, { target: { value: "me@acme.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Test Email" }));
    await waitFor(() => expect(toastText()).toContain("Test Email Sent"));
    expect(server.callsTo("POST", "/api/enrollment/31/registration-link/email")[0].body).toEqual({ email: "me@acme.test" });
  });

  test("the link tool explains when there are no employees yet", async () => {
    server = fakeServer({
      "GET /api/enrollment/31": { json: enrollment({ status: "pending" }) },
      "POST /api/enrollment/31/registration-link": {
        status: 409,
        json: { message: "This enrollment has no employees yet. Upload an employee census to create registration links." },
      },
    });
    renderSuccess();
    fireEvent.click(await screen.findByRole("button", { name: "Show Development Tools" }));
    fireEvent.click(await screen.findByRole("button", { name: "Create Registration Link" }));
    await screen.findByText("This enrollment has no employees yet. Upload an employee census to create registration links.");
  });

  test("a link the server fails to create without a message shows the fallback, not the status line", async () => {
    server = fakeServer({
      "GET /api/enrollment/31": { json: enrollment({ status: "pending" }) },
      "POST /api/enrollment/31/registration-link": { status: 500, text: "Internal Server Error" },
    });
    renderSuccess();
    fireEvent.click(await screen.findByRole("button", { name: "Show Development Tools" }));
    fireEvent.click(await screen.findByRole("button", { name: "Create Registration Link" }));
    await screen.findByText("Could not create a registration link. Please try again.");
    expect(document.body.textContent).not.toContain("Internal Server Error");
  });
});
