import { describe, expect, test } from "bun:test";
import { ALE_FTE_THRESHOLD, ALE_OFFER_SHARE_BP, CLASS_BASES, FICA_RATE_BP, NOTICE_DAYS_BEFORE_PLAN_YEAR, percentLabel } from "./rules";

// The figures set by statute and regulation (the yearly ones are in the yearly_figures table).
describe("ICHRA figures", () => {
  test("FICA 7.65%", () => {
    expect(FICA_RATE_BP).toBe(765);
  });
  test("ALE threshold and offer share, notice period", () => {
    expect(ALE_FTE_THRESHOLD.value).toBe(50);
    expect(ALE_OFFER_SHARE_BP.value).toBe(9_500);
    expect(NOTICE_DAYS_BEFORE_PLAN_YEAR.value).toBe(90);
  });
  test("ten class bases (the geographic one in three sizes, so twelve values) plus combinations make the eleven classes", () => {
    expect(CLASS_BASES).toHaveLength(12);
  });
  test("percent labels", () => {
    expect(percentLabel(996)).toBe("9.96%");
    expect(percentLabel(620)).toBe("6.2%");
    expect(percentLabel(9_500)).toBe("95%");
  });
});
