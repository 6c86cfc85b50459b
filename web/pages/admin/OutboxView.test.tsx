import { afterEach, describe, expect, test } from "bun:test";
import type { OutboxRow } from "@src/modules/outbox/model";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { kindLabel, OutboxView } from "./OutboxView";
import { fakeAdminServer } from "./test-network";

let server: ReturnType<typeof fakeAdminServer>;
afterEach(() => {
  cleanup();
  server?.restore();
});

const email = (id: number, overrides: Partial<OutboxRow> = {}): OutboxRow => ({
  id,
  to: `person${id}@example.com`,
  subject: `Subject ${id}`,
  kind: "lead_notification",
  status: "pending",
  createdAt: "2026-11-20T15:04:05.000Z",
  ...overrides,
});

const subjects = () =>
  within(screen.getByRole("region", { name: "Emails" }))
    .getAllByRole("row")
    .slice(1)
    .map((r) => r.querySelectorAll("td")[1].textContent);

describe("Outbox tab", () => {
  test("shows the first page, and 'Load more' appends the next one", async () => {
    server = fakeAdminServer(
      { "GET /api/admin/outbox": (call) => ({ json: call.path.includes("cursor=4") ? [email(3)] : [email(5), email(4)] }) },
      (call) => (call.path.includes("cursor=") ? undefined : { "x-next-cursor": "4" }),
    );
    render(<OutboxView onUnauthorized={() => {}} />);
    expect(screen.getByText("Loading emails...")).toBeTruthy();
    await screen.findByText("Subject 5");
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByText("Subject 3");
    expect(subjects()).toEqual(["Subject 5", "Subject 4", "Subject 3"]);
    // Kinds and statuses in words, capitalised as the other lists' are.
    const firstRow = within(screen.getByRole("region", { name: "Emails" })).getAllByRole("row")[1]!;
    expect([...firstRow.querySelectorAll("td")].slice(2, 4).map((cell) => cell.textContent)).toEqual(["Lead notification", "Not sent yet"]);
    expect(server.calls.map((c) => c.path)).toEqual(["/api/admin/outbox", "/api/admin/outbox?cursor=4"]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  test("an email that cannot be opened says so, and the list stays", async () => {
    server = fakeAdminServer({
      "GET /api/admin/outbox": { json: [email(5)] },
      "GET /api/admin/outbox/5": { status: 500, json: { message: "Internal error" } },
    });
    render(<OutboxView onUnauthorized={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Subject 5" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This email could not be opened. Please try again.");
    expect(screen.queryByText("The outbox could not be loaded. Please try again.")).toBeNull();
    expect(subjects()).toEqual(["Subject 5"]);
  });

  test("reading an email: its subject opens it with the full text", async () => {
    server = fakeAdminServer({
      "GET /api/admin/outbox": { json: [email(6, { subject: "New lead: Ada", to: "staff@example.com" })] },
      "GET /api/admin/outbox/6": {
        json: {
          ...email(6, { subject: "New lead: Ada", to: "staff@example.com" }),
          text: "Name: Ada\nEmail: ada@example.com",
          attempts: 0,
          lastError: null,
          sentAt: null,
        },
      },
    });
    render(<OutboxView onUnauthorized={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "New lead: Ada" }));
    const dialog = await screen.findByRole("dialog", { name: "New lead: Ada" });
    expect(within(dialog).getByLabelText("Email text").textContent).toBe("Name: Ada\nEmail: ada@example.com");
    expect(within(dialog).getByText("Lead notification")).toBeTruthy();
    expect(within(dialog).getByText("Not sent yet")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  test("an email's kind reads as words, initialisms and all", () => {
    expect(kindLabel("lead_notification")).toBe("Lead notification");
    expect(kindLabel("ichra_employee_opted_out")).toBe("ICHRA employee opted out");
    expect(kindLabel("sign_in_link")).toBe("Sign-in link");
  });
});
