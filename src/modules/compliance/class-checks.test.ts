import { describe, expect, test } from "bun:test";
import { classComplianceErrors } from "./class-checks";

describe("classComplianceErrors", () => {
  test("names the short class's basis and the band over 3:1, by position", () => {
    const errors = classComplianceErrors(
      [
        { name: "Salaried", basis: ["salaried"], headcount: 40 },
        {
          name: "Hourly",
          basis: ["non-salaried"],
          headcount: 9,
          ageBands: [
            { minAge: 0, maxAge: 44, allowanceCents: 20000 },
            { minAge: 45, allowanceCents: 60200 },
          ],
        },
      ],
      { totalHeadcount: 49, offersGroupPlan: true },
    );
    expect(Object.keys(errors).sort()).toEqual(["employeeClasses.1.ageBands.1", "employeeClasses.1.basis"]);
    expect(errors["employeeClasses.1.basis"]).toStartWith('The class "Hourly" has 9 employees but needs at least 10.');
    expect(errors["employeeClasses.1.ageBands.1"]).toBe(
      "The oldest band's allowance may be at most 3 times the youngest band's ($600.00 here); it is $602.00.",
    );
  });
  test("compliant classes give no errors; without a group plan size does not matter", () => {
    expect(
      classComplianceErrors(
        [
          {
            name: "Hourly",
            basis: ["non-salaried"],
            headcount: 3,
            ageBands: [
              { minAge: 0, maxAge: 44, allowanceCents: 20000 },
              { minAge: 45, allowanceCents: 60000 },
            ],
          },
        ],
        { totalHeadcount: 49, offersGroupPlan: false },
      ),
    ).toEqual({});
  });
});
