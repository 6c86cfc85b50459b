import { describe, expect, test } from "bun:test";
import { BUSINESS_STATUSES } from "@src/modules/businesses/model";
import { ENROLLMENT_STATUSES } from "@src/modules/enrollments/model";
import { businessStatus, enrollmentStatus, humanize, maskTaxId } from "./status";

describe("status labels (spec §4)", () => {
  test("business statuses with their labels and colours", () => {
    expect(businessStatus("incomplete")).toEqual({ label: "Registration Incomplete", tone: "yellow" });
    expect(businessStatus("registered")).toEqual({ label: "Registered", tone: "blue" });
    expect(businessStatus("plan_selected")).toEqual({ label: "Plan Selected", tone: "purple" });
    expect(businessStatus("classes_defined")).toEqual({ label: "Classes Defined", tone: "indigo" });
    expect(businessStatus("enrolled")).toEqual({ label: "Fully Enrolled", tone: "green" });
    expect(businessStatus("under_review")).toEqual({ label: "Under Review", tone: "gray" });
  });

  test("enrollment badges: outline for pending, default for approved/active/completed, secondary for the rest", () => {
    expect(enrollmentStatus("pending")).toEqual({ label: "Pending", variant: "outline" });
    expect(enrollmentStatus("approved")).toEqual({ label: "Approved", variant: "default" });
    expect(enrollmentStatus("active")).toEqual({ label: "Active", variant: "default" });
    expect(enrollmentStatus("completed")).toEqual({ label: "Active", variant: "default" });
    expect(enrollmentStatus("plan_selected")).toEqual({ label: "Plan Selected", variant: "secondary" });
    expect(enrollmentStatus("classes_defined")).toEqual({ label: "Classes Defined", variant: "secondary" });
    expect(enrollmentStatus("needs_review")).toEqual({ label: "Needs Review", variant: "secondary" });
  });
});

test("every status the server can answer has its own label, not the fallback", () => {
  for (const status of BUSINESS_STATUSES) expect({ status, tone: businessStatus(status).tone === "gray" }).toEqual({ status, tone: false });
  const ownLabels: Record<string, string> = {
    pending: "Pending",
    approved: "Approved",
    active: "Active",
    completed: "Active",
    plan_selected: "Plan Selected",
    classes_defined: "Classes Defined",
  };
  for (const status of ENROLLMENT_STATUSES)
    expect({ status, label: enrollmentStatus(status).label }).toEqual({ status, label: ownLabels[status] });
  expect(humanize("needs_more_info")).toBe("Needs More Info");
});

test("the tax id shows the first three characters after the hyphen, then XXXX", () => {
  expect(maskTaxId("12-3456789")).toBe("12-345XXXX");
});
