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

  test("each field once, labelled: no raw field names, no answer repeated in the message", async () => {
    const grace: SubmissionDetail = {
      ...ada,
      formType: "brokers",
      name: "Grace Hopper",
      email: "grace@cobol.example",
      company: "Compiler Partners",
      currentProvider: "Other",
      message: "Existing platform: Other\n\nPlease call after 3pm.",
      data: {
        formType: "brokers",
        name: "Grace Hopper",
        email: "grace@cobol.example",
        company: "Compiler Partners",
        existingPlatform: "Other",
        message: "Please call after 3pm.",
        referralCode: "FALL-2026",
      },
    };
    server = fakeAdminServer({ "GET /api/admin/form-submissions/7": { json: grace } });
    renderDetail();
    await screen.findByText("Compiler Partners");
    const dialog = screen.getByRole("dialog");
    const terms = [...dialog.querySelectorAll("dt")].map((dt) => dt.textContent);
    expect(terms).toEqual(["Form Type", "Submitted", "Email", "Company", "Existing platform", "Referral code", "Message"]);
    const values = [...dialog.querySelectorAll("dd")].map((dd) => dd.textContent);
    expect(values.filter((v) => v === "Other")).toHaveLength(1);
    expect(values.filter((v) => v?.includes("Compiler Partners"))).toHaveLength(1);
    expect(values.at(-1)).toBe("Please call after 3pm.");
    expect(dialog.textContent).not.toContain("existingPlatform");
  });

  test("the employers' head count and the platforms' interest read as words", async () => {
    server = fakeAdminServer({
      "GET /api/admin/form-submissions/7": {
        json: {
          ...ada,
          message: "Number of employees: 1,200",
          data: { name: "Ada Lovelace", email: ada.email, company: ada.company, employees: 1200, integrationInterest: "yes" },
        },
      },
    });
    renderDetail();
    await screen.findByText("Analytical Engines");
    const pairs = [...screen.getByRole("dialog").querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toContainEqual(["Number of employees", "1,200"]);
    expect(pairs).toContainEqual(["Integration interest", "Yes - Ready to integrate"]);
    // Nothing typed: the message the server composed from these answers is not repeated.
    expect(pairs.at(-1)).toEqual(["Message", "—"]);
  });
});
