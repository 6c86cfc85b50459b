import { afterEach, describe, expect, test } from "bun:test";
import type { Submission } from "@src/modules/leads/model";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { act } from "preact/test-utils";
import { renderAt } from "../../test/render-at";
import { LeadsView } from "./LeadsView";
import { fakeAdminServer } from "./test-network";

let server: ReturnType<typeof fakeAdminServer>;
afterEach(() => {
  cleanup();
  server?.restore();
});

const summary = { total: 1234, today: 3, employers: 600, brokers: 300, platforms: 200, contact: 100, enrollment: 34 };

const lead = (id: number, overrides: Partial<Submission> = {}): Submission => ({
  id,
  formType: "employers",
  name: `Person ${id}`,
  email: `p${id}@example.com`,
  company: `Company ${id}`,
  phone: null,
  currentProvider: null,
  message: "Requesting a custom quote for 12 employees.",
  submittedAt: "2026-11-20T15:04:05.000Z",
  leadStatus: "new",
  ...overrides,
});

const renderLeads = (path = "/admin") => renderAt(<LeadsView onUnauthorized={() => {}} />, path);
/** The filters each list request carried. */
const listQueries = () =>
  server.calls
    .filter((c) => c.path.startsWith("/api/admin/form-submissions?"))
    .map((c) => {
      const query = new URLSearchParams(c.path.split("?")[1]);
      return { formType: query.get("formType"), range: query.get("range"), q: query.get("q") };
    });
const countHeading = () => screen.getByRole("heading", { level: 2, name: /^Form Submissions/ }).textContent;
const names = () =>
  within(screen.getByRole("region", { name: "Form submissions" }))
    .getAllByRole("button", { name: /^View details of/ })
    .map((b) => b.textContent);

describe("Leads view", () => {
  test("reads 'Loading submissions...' until the list answers", async () => {
    server = fakeAdminServer({
      "GET /api/admin/form-submissions/summary": { json: summary },
      "GET /api/admin/form-submissions": "pending",
    });
    renderLeads();
    expect(screen.getByText("Loading submissions...")).toBeTruthy();
    expect(await screen.findByText("1,234")).toBeTruthy();
    expect(screen.getByText("Loading submissions...")).toBeTruthy();
  });

  test("no rows: 'No submissions found matching your filters.'", async () => {
    server = fakeAdminServer(
      { "GET /api/admin/form-submissions/summary": { json: summary }, "GET /api/admin/form-submissions": { json: [] } },
      (call) => (call.path.startsWith("/api/admin/form-submissions?") ? { "x-total-count": "0" } : undefined),
    );
    renderLeads();
    expect(await screen.findByText("No submissions found matching your filters.")).toBeTruthy();
    expect(countHeading()).toBe("Form Submissions (0)");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  test("the table has the spec's columns, each value in its own (and the lead's status)", async () => {
    const enrollment = lead(7, {
      formType: "enrollment",
      company: "Harbor Analytics",
      email: "morgan.smith@example.com",
      phone: "5125550103",
      currentProvider: "PeopleKeep",
      message: "Current ICHRA provider: PeopleKeep",
    });
    server = fakeAdminServer({
      "GET /api/admin/form-submissions/summary": { json: summary },
      "GET /api/admin/form-submissions": { json: [enrollment] },
    });
    renderLeads();
    await screen.findByText("Person 7");
    const table = within(screen.getByRole("region", { name: "Form submissions" }));
    expect(table.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Date",
      "Form Type",
      "Name",
      "Company",
      "Email",
      "Phone",
      "Current Provider",
      "Message",
      "Status",
    ]);
    const cells = table.getAllByRole("cell").map((c) => c.textContent);
    expect(cells.slice(2)).toEqual([
      "Person 7",
      "Harbor Analytics",
      "morgan.smith@example.com",
      // Written as everywhere else in the product.
      "(512) 555-0103",
      "PeopleKeep",
      "Current ICHRA provider: PeopleKeep",
      "New",
    ]);
    expect(table.getAllByRole("cell")[0]!.querySelector("time")?.getAttribute("datetime")).toBe(enrollment.submittedAt);
  });

  test("the count: exact, or a lower bound with '+' when the server caps it", async () => {
    server = fakeAdminServer(
      { "GET /api/admin/form-submissions/summary": { json: summary }, "GET /api/admin/form-submissions": { json: [lead(1)] } },
      (call) => (call.path.startsWith("/api/admin/form-submissions?") ? { "x-total-count": "1234" } : undefined),
    );
    renderLeads();
    await screen.findByText("Person 1");
    expect(countHeading()).toBe("Form Submissions (1,234)");
    cleanup();
    server.restore();
    server = fakeAdminServer(
      { "GET /api/admin/form-submissions/summary": { json: summary }, "GET /api/admin/form-submissions": { json: [lead(1)] } },
      (call) =>
        call.path.startsWith("/api/admin/form-submissions?") ? { "x-total-count": "10000", "x-total-count-capped": "true" } : undefined,
    );
    renderLeads();
    await screen.findByText("Person 1");
    expect(countHeading()).toBe("Form Submissions (10,000+)");
  });

  test("'Load more' asks for the next cursor and appends its rows", async () => {
    server = fakeAdminServer(
      {
        "GET /api/admin/form-submissions/summary": { json: summary },
        "GET /api/admin/form-submissions": (call) => ({ json: call.path.includes("cursor=abc") ? [lead(1)] : [lead(3), lead(2)] }),
      },
      (call) =>
        call.path.startsWith("/api/admin/form-submissions?")
          ? { "x-total-count": "3", ...(call.path.includes("cursor=") ? {} : { "x-next-cursor": "abc" }) }
          : undefined,
    );
    renderLeads();
    await screen.findByText("Person 3");
    expect(names()).toEqual(["Person 3", "Person 2"]);
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByText("Person 1");
    expect(names()).toEqual(["Person 3", "Person 2", "Person 1"]);
    const listCalls = server.calls.filter((c) => c.path.startsWith("/api/admin/form-submissions?"));
    expect(listCalls).toHaveLength(2);
    expect(new URLSearchParams(listCalls[1].path.split("?")[1]).get("cursor")).toBe("abc");
    expect(new URLSearchParams(listCalls[1].path.split("?")[1]).get("limit")).toBe("50");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(countHeading()).toBe("Form Submissions (3)");
  });

  test("the filters come from the address: a shared link or a reload opens the same list", async () => {
    server = fakeAdminServer({
      "GET /api/admin/form-submissions/summary": { json: summary },
      "GET /api/admin/form-submissions": { json: [lead(1, { formType: "brokers" })] },
    });
    renderLeads("/admin?type=brokers&range=week&q=liskov");
    await screen.findByText("Person 1");
    expect(listQueries()).toEqual([{ formType: "brokers", range: "week", q: "liskov" }]);
    expect((screen.getByLabelText("Form Type") as HTMLSelectElement).value).toBe("brokers");
    expect((screen.getByLabelText("Date Range") as HTMLSelectElement).value).toBe("week");
    expect((screen.getByLabelText("Search") as HTMLInputElement).value).toBe("liskov");
    const href = screen.getByRole("button", { name: "Export CSV" }).getAttribute("href")!;
    expect(Object.fromEntries(new URLSearchParams(href.split("?")[1]))).toMatchObject({ formType: "brokers", range: "week", q: "liskov" });
  });

  test("changing a filter writes it into the address (a step back undoes it); typing a search replaces the address", async () => {
    server = fakeAdminServer({
      "GET /api/admin/form-submissions/summary": { json: summary },
      "GET /api/admin/form-submissions": { json: [lead(1)] },
    });
    const location = renderLeads();
    await screen.findByText("Person 1");
    fireEvent.change(screen.getByLabelText("Form Type"), { target: { value: "platforms" } });
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin?type=platforms"));
    fireEvent.change(screen.getByLabelText("Date Range"), { target: { value: "today" } });
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin?type=platforms&range=today"));
    fireEvent.input(screen.getByLabelText("Search"), { target: { value: "smith" } });
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin?type=platforms&range=today&q=smith"), { timeout: 2000 });
    expect(location.history).toEqual(["/admin", "/admin?type=platforms", "/admin?type=platforms&range=today&q=smith"]);
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ formType: "platforms", range: "today", q: "smith" }));
    // Back: the address before the search and the range; the controls and the list follow it.
    act(() => location.navigate("/admin?type=platforms"));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ formType: "platforms", range: null, q: null }));
    expect((screen.getByLabelText("Date Range") as HTMLSelectElement).value).toBe("all");
    expect((screen.getByLabelText("Search") as HTMLInputElement).value).toBe("");
  });
});
