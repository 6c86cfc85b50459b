import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { clearDraft, firstUnfinishedStep, loadDraft, missingBefore, persistDraft, resetWizard, wizard } from "./enrollment";

beforeEach(() => {
  localStorage.clear();
  resetWizard();
});
let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe("wizard gating (spec §4): what a step needs before it opens", () => {
  test("each step names what is missing, in order", () => {
    expect(missingBefore(1)).toBeNull();
    expect(missingBefore(2)).toBe("Please complete company information first.");
    wizard.businessId.value = 7;
    expect(missingBefore(2)).toBeNull();
    expect(missingBefore(3)).toBe("Please complete plan design step first.");
    wizard.enrollmentId.value = 31;
    expect(missingBefore(4)).toBe("Please add at least one employee class.");
    wizard.classes.value = [{ name: "All", allowanceAmount: 400 }];
    expect(missingBefore(5)).toBeNull();
    expect(missingBefore(6)).toBe("Please select an effective date.");
    wizard.effectiveDate.value = "2027-03-01";
    expect(missingBefore(6)).toBeNull();
  });
});

describe("draft in localStorage", () => {
  test("what is typed is mirrored and loaded back", () => {
    stop = persistDraft();
    wizard.company.value = { ...wizard.company.value, name: "Acme", taxId: "12-3456789" };
    wizard.notes.value = "hello";
    stop();
    const saved = localStorage.getItem("enroll_draft")!;
    expect(JSON.parse(saved)).toMatchObject({ company: { name: "Acme", taxId: "12-3456789" }, notes: "hello" });
    resetWizard();
    localStorage.setItem("enroll_draft", saved);
    loadDraft();
    expect(wizard.company.value.name).toBe("Acme");
    expect(wizard.company.value.state).toBe("select-state");
    expect(wizard.notes.value).toBe("hello");
  });

  test("company details leave storage once the business is registered", () => {
    stop = persistDraft();
    wizard.company.value = { ...wizard.company.value, taxId: "12-3456789" };
    expect(localStorage.getItem("enroll_draft")).toContain("12-3456789");
    wizard.businessId.value = 7;
    expect(localStorage.getItem("enroll_draft")).not.toContain("12-3456789");
  });

  test("a broken draft is ignored; clearing keeps last_business_id", () => {
    localStorage.setItem("enroll_draft", "{not json");
    loadDraft();
    expect(wizard.classes.value).toEqual([]);
    localStorage.setItem("last_business_id", "7");
    localStorage.setItem("enroll_draft", "{}");
    clearDraft();
    expect(localStorage.getItem("enroll_draft")).toBeNull();
    expect(localStorage.getItem("last_business_id")).toBe("7");
  });
});

test("a resumed wizard opens at the first unfinished step", () => {
  const base = { businessId: 1, enrollmentId: 2, classesSaved: true, censusDone: true, effectiveDateSaved: true };
  expect(firstUnfinishedStep({ ...base, businessId: null })).toBe(1);
  expect(firstUnfinishedStep({ ...base, enrollmentId: null })).toBe(2);
  expect(firstUnfinishedStep({ ...base, classesSaved: false })).toBe(3);
  expect(firstUnfinishedStep({ ...base, censusDone: false })).toBe(4);
  expect(firstUnfinishedStep({ ...base, effectiveDateSaved: false })).toBe(5);
  expect(firstUnfinishedStep(base)).toBe(6);
});
