import { afterEach, describe, expect, test } from "bun:test";
import { CLASS_SIZE_REASON_MESSAGE, type EnrollmentReviewItem as EnrollmentRow } from "@src/modules/enrollments/model";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { currentToast, dismissToast } from "../../components/toast/toast-store";
import { EnrollmentsView } from "./EnrollmentsView";
import { fakeAdminServer } from "./test-network";

let server: ReturnType<typeof fakeAdminServer>;
afterEach(() => {
  cleanup();
  server?.restore();
  dismissToast();
});

const row = (id: number, overrides: Partial<EnrollmentRow> = {}): EnrollmentRow => ({
  id,
  businessId: id,
  businessName: `Business ${id}`,
  planName: "Essential",
  status: "pending",
  effectiveDate: "2027-01-01",
  classes: ["Full-time"],
  employeesRegistered: 1,
  employeesTotal: 3,
  createdAt: "2026-11-01T00:00:00.000Z",
  classSizeShortfalls: [],
  classSizeOverride: null,
  newEmployer: false,
  ...overrides,
});

const businesses = () =>
  within(screen.getByRole("region", { name: "Enrollments" }))
    .getAllByRole("row")
    .slice(1)
    .map((r) => within(r).getByRole("rowheader").textContent);

describe("Enrollments tab", () => {
  test("an enrollment whose census leaves a class under the minimum class size says so beside its status", async () => {
    server = fakeAdminServer({
      "GET /api/admin/enrollments": {
        json: [row(5, { classSizeShortfalls: [{ className: "Part-time", headcount: 2, minimum: 10 }] }), row(4)],
      },
    });
    render(<EnrollmentsView onUnauthorized={() => {}} />);
    await screen.findByText("Business 5");
    const [short, fine] = within(screen.getByRole("region", { name: "Enrollments" }))
      .getAllByRole("row")
      .slice(1);
    expect(short!.textContent).toContain("Under the minimum class size: Part-time (2 of 10)");
    expect(fine!.textContent).not.toContain("minimum class size");
  });

  test("shows the first page, and 'Load more' appends the next one until there is none", async () => {
    server = fakeAdminServer(
      { "GET /api/admin/enrollments": (call) => ({ json: call.path.includes("cursor=9") ? [row(8), row(7)] : [row(10), row(9)] }) },
      (call) => (call.path.includes("cursor=") ? undefined : { "x-next-cursor": "9" }),
    );
    render(<EnrollmentsView onUnauthorized={() => {}} />);
    expect(screen.getByText("Loading enrollments...")).toBeTruthy();
    await screen.findByText("Business 10");
    expect(businesses()).toEqual(["Business 10", "Business 9"]);
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByText("Business 7");
    expect(businesses()).toEqual(["Business 10", "Business 9", "Business 8", "Business 7"]);
    expect(server.calls.map((c) => c.path)).toEqual(["/api/admin/enrollments", "/api/admin/enrollments?cursor=9"]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  test("a single page has no 'Load more'", async () => {
    server = fakeAdminServer({ "GET /api/admin/enrollments": { json: [row(1)] } });
    render(<EnrollmentsView onUnauthorized={() => {}} />);
    await screen.findByText("Business 1");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  test("the effective date is written out, as on every other screen", async () => {
    server = fakeAdminServer({ "GET /api/admin/enrollments": { json: [row(1)] } });
    render(<EnrollmentsView onUnauthorized={() => {}} />);
    await screen.findByText("Business 1");
    expect(screen.getByText("January 1, 2027")).toBeTruthy();
    expect(screen.queryByText("2027-01-01")).toBeNull();
    expect(screen.queryByText(/Under 90 days' notice/)).toBeNull();
  });

  test("an enrollment taken with under 90 days' notice shows the employer's statement that the business is new, for the reviewer to check", async () => {
    server = fakeAdminServer({ "GET /api/admin/enrollments": { json: [row(1, { newEmployer: true })] } });
    render(<EnrollmentsView onUnauthorized={() => {}} />);
    await screen.findByText("Business 1");
    expect(
      screen.getByText("Under 90 days' notice: the employer states the business did not exist 120 days before the plan starts."),
    ).toBeTruthy();
  });

  test("Approve moves a pending enrollment and says so", async () => {
    server = fakeAdminServer({
      "GET /api/admin/enrollments": { json: [row(4)] },
      "POST /api/admin/enrollments/4/approve": { json: { id: 4, status: "approved" } },
    });
    render(<EnrollmentsView onUnauthorized={() => {}} />);
    // The business's name opens what is approved: its details, with the owner's notes.
    expect((await screen.findByRole("link", { name: "Business 4" })).getAttribute("href")).toBe("/enrollment/4");
    // It asks first: Cancel sends nothing and gives the button back.
    fireEvent.click(screen.getByRole("button", { name: "Approve Business 4" }));
    expect(screen.getByText(/^Approve Business 4's enrollment\? Its primary contact is emailed/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(server.callsTo("POST", "/api/admin/enrollments/4/approve")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Approve Business 4" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, approve" }));
    expect(await screen.findByRole("button", { name: "Activate Business 4" })).toBeTruthy();
    expect(currentToast.value).toMatchObject({
      title: "Enrollment Approved",
      description: "Business 4 is now approved; its primary contact has been emailed.",
    });
  });

  test("approving with a class under the minimum size asks for the reason first, sends it, and shows it with the row", async () => {
    const shortfalls = [{ className: "Part-time", headcount: 2, minimum: 10 }];
    const reason = "Eight part-time hires start on January 2.";
    server = fakeAdminServer({
      "GET /api/admin/enrollments": { json: [row(5, { classSizeShortfalls: shortfalls })] },
      "POST /api/admin/enrollments/5/approve": {
        json: { id: 5, status: "approved", classSizeOverride: { reason, by: "ada", at: "2026-11-27T10:00:00.000Z" } },
      },
    });
    render(<EnrollmentsView onUnauthorized={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Approve Business 5" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve Business 5?" });
    expect(dialog.textContent).toContain("Part-time: 2 of the 10 employees it needs");
    // The keyboard starts at the reason, the one thing asked.
    expect(document.activeElement?.id).toBe("class-size-reason");
    expect(server.callsTo("POST", "/api/admin/enrollments/5/approve")).toHaveLength(0);
    // No reason: the field says so and nothing is sent.
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve with this reason" }));
    expect(await within(dialog).findByText(CLASS_SIZE_REASON_MESSAGE)).toBeTruthy();
    expect(document.activeElement?.id).toBe("class-size-reason");
    expect(server.callsTo("POST", "/api/admin/enrollments/5/approve")).toHaveLength(0);
    fireEvent.input(within(dialog).getByLabelText(/Reason for approving/), { target: { value: `  ${reason} ` } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve with this reason" }));
    const activate = await screen.findByRole("button", { name: "Activate Business 5" });
    expect(server.callsTo("POST", "/api/admin/enrollments/5/approve")[0]!.body).toEqual({ classSizeReason: reason });
    // The dialog and the Approve button are gone: the keyboard goes on from the row's next step.
    await waitFor(() => expect(document.activeElement === activate).toBe(true));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("row", { name: /Business 5/ }).textContent).toContain(
      `Approved under the minimum class size by ada on November 27, 2026: ${reason}`,
    );
  });

  test("a census sent since the list was read: the server's refusal names the short class and the reason is asked for", async () => {
    const shortfalls = [{ className: "Hourly", headcount: 3, minimum: 10 }];
    server = fakeAdminServer({
      "GET /api/admin/enrollments": { json: [row(6)] },
      "POST /api/admin/enrollments/6/approve": {
        status: 409,
        json: { message: "Hourly has 3 employees…", classSizeShortfalls: shortfalls },
      },
    });
    render(<EnrollmentsView onUnauthorized={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Approve Business 6" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, approve" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve Business 6?" });
    expect(dialog.textContent).toContain("Hourly: 3 of the 10 employees it needs");
    expect(currentToast.value).toBeNull();
  });

  test("a refused step shows 'Action Failed' with the server's 409 message", async () => {
    const message = "This enrollment is active: only approved enrollments can be activated.";
    server = fakeAdminServer({
      "GET /api/admin/enrollments": { json: [row(5, { status: "approved" })] },
      "POST /api/admin/enrollments/5/activate": { status: 409, json: { message, status: "active" } },
    });
    render(<EnrollmentsView onUnauthorized={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Activate Business 5" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, activate" }));
    await waitFor(() => expect(currentToast.value?.title).toBe("Action Failed"));
    expect(currentToast.value).toMatchObject({ description: message, variant: "destructive" });
    expect((screen.getByRole("button", { name: "Activate Business 5" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
