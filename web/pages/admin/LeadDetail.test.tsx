import { afterEach, describe, expect, test } from "bun:test";
import type { SubmissionDetail } from "@src/modules/leads/model";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { currentToast, dismissToast } from "../../components/toast/toast-store";
import { LeadDetail } from "./LeadDetail";
import { fakeAdminServer } from "./test-network";

let server: ReturnType<typeof fakeAdminServer>;
afterEach(() => {
  cleanup();
  server?.restore();
  dismissToast();
});

const ada: SubmissionDetail = {
  id: 7,
  formType: "employers",
  name: "Ada Lovelace",
  email: "ada@analytical.example",
  company: "Analytical Engines",
  phone: null,
  currentProvider: null,
  message: "Requesting a custom quote for 12 employees.",
  submittedAt: "2026-11-20T15:04:05.000Z",
  leadStatus: "new",
  data: { employees: 12 },
  leadStatusBy: null,
  leadStatusAt: null,
};

function renderDetail() {
  const changed: SubmissionDetail[] = [];
  render(<LeadDetail id={7} onClose={() => {}} onChanged={(lead) => changed.push(lead)} onUnauthorized={() => {}} />);
  return changed;
}

describe("Lead detail", () => {
  test("changing the status saves it, says so and shows who set it", async () => {
    const saved = { ...ada, leadStatus: "contacted", leadStatusBy: "ops", leadStatusAt: "2026-11-21T10:00:00.000Z" };
    server = fakeAdminServer({
      "GET /api/admin/form-submissions/7": { json: ada },
      "PUT /api/admin/form-submissions/7/status": { json: saved },
    });
    const changed = renderDetail();
    expect(await screen.findByText("Analytical Engines")).toBeTruthy();
    expect(screen.getByText("Status not changed yet.")).toBeTruthy();
    const save = screen.getByRole("button", { name: "Save status" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Lead status"), { target: { value: "contacted" } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(currentToast.value?.title).toBe("Lead Status Saved"));
    expect(currentToast.value).toMatchObject({ description: "Ada Lovelace is now contacted.", variant: "default" });
    expect(server.callsTo("PUT", "/api/admin/form-submissions/7/status")[0].body).toEqual({ status: "contacted" });
    expect(changed.map((lead) => lead.leadStatus)).toEqual(["contacted"]);
    expect(screen.getByTestId("status-history").textContent).toStartWith("Status Contacted, set by ops on ");
  });

  test("a failed save shows 'Save Failed' and keeps the choice", async () => {
    server = fakeAdminServer({
      "GET /api/admin/form-submissions/7": { json: ada },
      "PUT /api/admin/form-submissions/7/status": { status: 500, json: { message: "Internal error" } },
    });
    const changed = renderDetail();
    await screen.findByText("Analytical Engines");
    fireEvent.change(screen.getByLabelText("Lead status"), { target: { value: "won" } });
    fireEvent.click(screen.getByRole("button", { name: "Save status" }));
    await waitFor(() => expect(currentToast.value?.title).toBe("Save Failed"));
    expect(currentToast.value).toMatchObject({ description: "The status could not be saved. Please try again.", variant: "destructive" });
    expect((screen.getByLabelText("Lead status") as HTMLSelectElement).value).toBe("won");
    expect(changed).toEqual([]);
    expect(screen.getByText("Status not changed yet.")).toBeTruthy();
  });
});
