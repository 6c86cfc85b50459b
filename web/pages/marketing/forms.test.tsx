import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Contact } from "./Contact";
import { Employers } from "./Employers";
import { EnrollmentLead } from "./EnrollmentLead";
import { Platforms } from "./Platforms";

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

/** The network as the form sees it: each call waits for `answer` to settle. */
function network() {
  const calls: { url: string; body: unknown }[] = [];
  let settle!: (response: Response | Error) => void;
  globalThis.fetch = ((url: string, init?: RequestInit) => {
    // A page may read something (the employers page its figures) with no body to send.
    calls.push({ url, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) });
    return new Promise<Response>((resolve, reject) => {
      settle = (r) => (r instanceof Error ? reject(r) : resolve(r));
    });
  }) as typeof fetch;
  return { calls, answer: (r: Response | Error) => settle(r) };
}

const type = (label: RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

/** The sender's fields every lead form starts with, filled in. */
function fillSender() {
  type(/^Name/, "Dana Ruiz");
  type(/^Company/, "Acme");
  type(/^Email/, "dana@acme.test");
}

/** The contact form filled in and sent: the network holds its answer until told. */
function sendContact() {
  const net = network();
  render(<Contact />);
  fillSender();
  fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
  return net;
}

/** A JSON answer of the server. */
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

describe("contact form", () => {
  test("required messages without sending anything", async () => {
    const net = network();
    render(<Contact />);
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    await screen.findByText("Name is required");
    expect(screen.getByText("Company name is required")).toBeTruthy();
    expect(screen.getByText("Email is required")).toBeTruthy();
    expect(net.calls).toHaveLength(0);
  });

  test("'Sending...' disabled while sending; a failure keeps the values; no formType is sent", async () => {
    const net = sendContact();
    const sending = await screen.findByRole("button", { name: "Sending..." });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(net.calls[0]).toEqual({ url: "/api/contact", body: { name: "Dana Ruiz", company: "Acme", email: "dana@acme.test" } });
    net.answer(new TypeError("Failed to fetch"));
    const failure = await screen.findByText("There was an error sending your message. Please try again.");
    // The focus, lost when the button was disabled, is on the message that says what happened.
    await waitFor(() => expect(document.activeElement === failure).toBe(true));
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Dana Ruiz");
    expect((screen.getByRole("button", { name: "Send Message" }) as HTMLButtonElement).disabled).toBe(false);
  });

  test("a double click sends once: the second click comes before the form shows it is sending", async () => {
    const net = network();
    render(<Contact />);
    type(/^Name/, "Dana Ruiz");
    type(/^Company/, "Acme");
    type(/^Email/, "dana@acme.test");
    const send = screen.getByRole("button", { name: "Send Message" });
    fireEvent.click(send);
    fireEvent.click(send);
    await screen.findByRole("button", { name: "Sending..." });
    net.answer(answer(201, { id: 41 }));
    await screen.findByText("Thank you for your message! We'll get back to you soon.");
    expect(net.calls).toHaveLength(1);
  });

  test("success clears the form and says so under it in a success notice, announced as a status", async () => {
    const net = sendContact();
    await screen.findByRole("button", { name: "Sending..." });
    net.answer(answer(201, { id: 41 }));
    const thanks = await screen.findByText("Thank you for your message! We'll get back to you soon.");
    // A boxed notice, not a line of coloured text that is easy to miss.
    expect(thanks.classList.contains("notice-success")).toBe(true);
    expect(thanks.closest("[role=status]")).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe("");
  });

  test("a refusal naming a field leaves the focus on that field, not on the failure message", async () => {
    const net = sendContact();
    await screen.findByRole("button", { name: "Sending..." });
    net.answer(answer(400, { message: "Please correct the highlighted fields.", errors: { email: "Email domain does not exist" } }));
    await screen.findByText("Email domain does not exist");
    await screen.findByText("There was an error sending your message. Please try again.");
    await waitFor(() => expect(document.activeElement === screen.getByLabelText(/^Email/)).toBe(true));
  });
});

describe("enrollment form", () => {
  test("the current-provider words are a hint under the field that describes it, not a placeholder cut off on a phone", () => {
    render(<EnrollmentLead />);
    const words = "Enter your current provider or 'None' if not using ICHRA";
    const field = screen.getByLabelText("Current ICHRA Provider") as HTMLInputElement;
    expect(field.placeholder).toBe("");
    const hint = document.getElementById(field.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe(words);
  });
});

describe("a form refused for sending too often", () => {
  test("says when to try again, from Retry-After, and keeps what was typed", async () => {
    const net = sendContact();
    await screen.findByRole("button", { name: "Sending..." });
    net.answer(answer(429, { message: "Too many requests. Please try again later." }, { "retry-after": "120" }));
    await screen.findByText("Too many requests. Please try again in 2 minutes.");
    expect(screen.queryByText("There was an error sending your message. Please try again.")).toBeNull();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Dana Ruiz");
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe("dana@acme.test");
  });
});

describe("platforms form", () => {
  test("success swaps to the thank-you panel; 'Schedule Another Demo' brings back an empty form", async () => {
    const net = network();
    render(<Platforms />);
    type(/^Name/, "Lee Park");
    type(/^Platform Name/, "PayCo");
    type(/^Email/, "lee@payco.test");
    fireEvent.change(screen.getByLabelText(/^Integration Interest/), { target: { value: "no" } });
    fireEvent.click(screen.getByRole("button", { name: "Schedule a Demo" }));
    await waitFor(() => expect(net.calls).toHaveLength(1));
    expect(net.calls[0]!.body).toEqual({
      formType: "platforms",
      name: "Lee Park",
      company: "PayCo",
      email: "lee@payco.test",
      integrationInterest: "no",
    });
    net.answer(new Response(JSON.stringify({ id: 7 }), { status: 201 }));
    fireEvent.click(await screen.findByRole("button", { name: "Schedule Another Demo" }));
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("");
  });
});

describe("employers page", () => {
  test("the hero's Get a Custom Quote leads to the section holding the quote form", () => {
    render(<Employers />);
    const href = screen.getByRole("button", { name: "Get a Custom Quote" }).getAttribute("href") ?? "";
    expect(href.startsWith("#")).toBe(true);
    const section = document.getElementById(href.slice(1))!;
    expect(within(section).getByRole("heading", { name: "Get a Custom Quote" })).toBeTruthy();
    expect(within(section).getByRole("button", { name: "Get Custom Quote" })).toBeTruthy();
  });

  test("a count below 1 is told the minimum it breaks, a count with a fraction that it must be whole; nothing is sent", async () => {
    const net = network();
    render(<Employers />);
    fillSender();
    for (const [typed, message] of [
      ["-5", "Number of employees must be at least 1"],
      ["2.5", "Number of employees must be a whole number"],
    ]) {
      type(/^Number of Employees/, typed!);
      fireEvent.click(screen.getByRole("button", { name: "Get Custom Quote" }));
      await screen.findByText(message!);
    }
    expect(net.calls.filter((c) => c.url === "/api/contact")).toHaveLength(0);
  });
});
