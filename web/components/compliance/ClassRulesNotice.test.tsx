import { afterEach, describe, expect, test } from "bun:test";
import { checkClassSizes } from "@src/modules/compliance/class-size";
import { cleanup, render, screen } from "@testing-library/react";
import { ClassRulesNotice } from "./ClassRulesNotice";

afterEach(cleanup);

describe("ClassRulesNotice", () => {
  test("explains the rule for a class that falls short and marks the employer's tier", () => {
    const shortfalls = checkClassSizes([{ name: "Hourly crew", bases: ["non-salaried"], headcount: 9 }], 60, true);
    render(<ClassRulesNotice shortfalls={shortfalls} totalHeadcount={60} />);
    expect(screen.getByRole("heading", { name: "A class is below the minimum class size" })).toBeTruthy();
    expect(screen.getByText(/The class "Hourly crew" has 9 employees but needs at least 10\./)).toBeTruthy();
    expect(screen.getByText(/does not apply to a class combined with a waiting period, or when no group plan is offered/)).toBeTruthy();
    const tiers = [...document.querySelectorAll(".class-size-tiers li")].map((li) => li.textContent);
    expect(tiers).toEqual([
      "Fewer than 100 employees: at least 10 in each class — you: 60 employees, minimum 10",
      "100 to 200 employees: at least 10% of the headcount, rounded down",
      "More than 200 employees: at least 20 in each class",
    ]);
  });

  test("counts several short classes", () => {
    const shortfalls = checkClassSizes(
      [
        { name: "A", bases: ["part-time"], headcount: 3 },
        { name: "B", bases: ["salaried"], headcount: 12 },
      ],
      150,
      true,
    );
    render(<ClassRulesNotice shortfalls={shortfalls} totalHeadcount={150} />);
    expect(screen.getByRole("heading", { name: "2 classes are below the minimum class size" })).toBeTruthy();
    expect(screen.getByText(/you: 150 employees, minimum 15/)).toBeTruthy();
  });

  test("shows nothing when every class meets the minimum", () => {
    const { container } = render(<ClassRulesNotice shortfalls={[]} totalHeadcount={60} />);
    expect(container.innerHTML).toBe("");
  });
});
