import { expect, test } from "bun:test";
import { claimFixture } from "../../test/benefits-fixtures";
import { claimNextStep } from "./words";

test("a claim waiting for an answer says by when, as the question's email did: 45 days from the first question", () => {
  const asked = claimFixture({
    status: "needs-info",
    reason: "Whose name is on the receipt?",
    history: [
      { action: "submitted", note: null, amount: 412.5, at: "2027-02-03T15:00:00.000Z" },
      { action: "needs-info", note: "Whose name is on the receipt?", amount: null, at: "2027-02-10T15:00:00.000Z" },
    ],
  });
  expect(claimNextStep(asked)).toBe("We need more information: Whose name is on the receipt? Please answer below by March 27, 2027.");
  // Without the question in its history, no day is promised.
  expect(claimNextStep(claimFixture({ status: "needs-info", reason: "Which plan?" }))).toBe(
    "We need more information: Which plan? Please answer below.",
  );
});
