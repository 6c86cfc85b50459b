import { describe, expect, test } from "bun:test";
import { enrollmentStatusOn } from "./status";

describe("enrollmentStatusOn (rulings: active by admin, or when the effective date has come)", () => {
  const on = "2027-03-01";
  test("an approved enrollment is active from its effective date", () => {
    expect(enrollmentStatusOn({ status: "approved", effectiveDate: "2027-03-02" }, on)).toBe("approved");
    expect(enrollmentStatusOn({ status: "approved", effectiveDate: "2027-03-01" }, on)).toBe("active");
    expect(enrollmentStatusOn({ status: "approved", effectiveDate: "2026-12-31" }, on)).toBe("active");
  });

  test("no other status moves with the date", () => {
    for (const status of ["plan_selected", "classes_defined", "pending", "active", "completed"]) {
      expect(enrollmentStatusOn({ status, effectiveDate: "2026-01-01" }, on)).toBe(status);
    }
  });
});
