import { describe, expect, test } from "bun:test";
import { classComplianceErrors, fullTimeLeftOut, MISSING_BASIS_MESSAGE } from "./class-checks";

const flat = (cents: number) => ({ allowanceCents: cents });

describe("classComplianceErrors", () => {
  test("names the short class's basis and the band over 3:1, by position", () => {
    const errors = classComplianceErrors(
      [
        { name: "Salaried", basis: ["salaried"], headcount: 40, ...flat(20000) },
        {
          name: "Hourly",
          basis: ["non-salaried"],
          headcount: 9,
          ...flat(20000),
          ageBands: [
            { minAge: 0, maxAge: 44, allowanceCents: 20000 },
            { minAge: 45, allowanceCents: 60200 },
          ],
        },
      ],
      { totalEmployees: 49, censusCount: 49, groupPlanClasses: [{ name: "Managers", basis: ["full-time"], headcount: 0 }] },
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
            ...flat(20000),
            ageBands: [
              { minAge: 0, maxAge: 44, allowanceCents: 20000 },
              { minAge: 45, allowanceCents: 60000 },
            ],
          },
        ],
        { totalEmployees: 49, censusCount: 3 },
      ),
    ).toEqual({});
  });

  test("54.9802-4(d)(2): a class with no basis is refused by name", () => {
    expect(classComplianceErrors([{ name: "Everyone", headcount: 3, ...flat(30000) }], { totalEmployees: 3, censusCount: 3 })).toEqual({
      "employeeClasses.0.basis": MISSING_BASIS_MESSAGE("Everyone"),
    });
    expect(MISSING_BASIS_MESSAGE("Everyone")).toStartWith(
      'The class "Everyone" must be based on at least one of the permitted employee classes',
    );
  });

  test("54.9802-4(c)(3): amounts rise with family size only, in the class and in each band", () => {
    const errors = classComplianceErrors(
      [
        { name: "A", basis: ["full-time"], headcount: 0, allowanceCents: 40000, individualPlus1Cents: 39999, familyCents: 90000 },
        {
          name: "B",
          basis: ["part-time"],
          headcount: 0,
          allowanceCents: 20000,
          individualPlus1Cents: 30000,
          familyCents: 40000,
          ageBands: [
            { minAge: 0, maxAge: 39, allowanceCents: 20000, individualPlus1Cents: 30000, familyCents: 40000 },
            { minAge: 40, allowanceCents: 30000, individualPlus1Cents: 45000, familyCents: 44999 },
          ],
        },
      ],
      { totalEmployees: 10, censusCount: 0 },
    );
    expect(errors).toEqual({
      "employeeClasses.0.allowanceAmount":
        'The class "A": the self + one allowance may not be less than the self-only allowance; amounts may only rise with the number of people covered.',
      "employeeClasses.1.ageBands.1":
        "Age band 2: the family allowance may not be less than the self + one allowance; amounts may only rise with the number of people covered.",
    });
  });

  test("54.9802-4(c)(3): each family size keeps the 3:1 age ratio ($300 → at most $900 for self + one)", () => {
    const errors = classComplianceErrors(
      [
        {
          name: "Tiered",
          basis: ["full-time"],
          headcount: 0,
          allowanceCents: 20000,
          individualPlus1Cents: 30000,
          ageBands: [
            { minAge: 0, maxAge: 39, allowanceCents: 20000, individualPlus1Cents: 30000 },
            { minAge: 40, allowanceCents: 60000, individualPlus1Cents: 90001 },
          ],
        },
      ],
      { totalEmployees: 10, censusCount: 0 },
    );
    expect(errors).toEqual({
      "employeeClasses.0.ageBands.1":
        "The oldest band's self + one allowance may be at most 3 times the youngest band's ($900.00 here); it is $900.01.",
    });
  });

  test("54.9802-4(c)(2): a group-plan class that is an ICHRA class (same name, or the same bases) is refused", () => {
    const sameBases = classComplianceErrors([{ name: "Full-time", basis: ["full-time"], headcount: 12, ...flat(40000) }], {
      totalEmployees: 30,
      censusCount: 12,
      groupPlanClasses: [{ name: "FT staff", basis: ["full-time"], headcount: 18 }],
    });
    expect(sameBases["groupPlanClasses.0.basis"]).toStartWith(
      'The class "Full-time" cannot be offered both the ICHRA and the group plan: the group-plan class "FT staff" is the same class (both are full-time employees).',
    );
    expect(sameBases["employeeClasses.0.basis"]).toBe(sameBases["groupPlanClasses.0.basis"]);

    const sameState = classComplianceErrors([{ name: "Texas", basis: ["state"], states: ["TX"], headcount: 0, ...flat(40000) }], {
      totalEmployees: 30,
      censusCount: 0,
      groupPlanClasses: [{ name: "Oklahoma", basis: ["state"], states: ["OK"], headcount: 5 }],
    });
    expect(sameState).toEqual({}); // two states are two classes
  });

  test("54.9802-4(d)(2): two ICHRA classes on the same bases in the same place are one class, and cannot have different terms", () => {
    const split = classComplianceErrors(
      [
        { name: "Full-time A", basis: ["full-time"], headcount: 0, ...flat(20000) },
        { name: "Full-time B", basis: ["full-time"], headcount: 0, ...flat(90000) },
      ],
      { totalEmployees: 30, censusCount: 0 },
    );
    expect(split).toEqual({
      "employeeClasses.1.basis":
        'The classes "Full-time A" and "Full-time B" are the same class (both are full-time employees): everyone in a class is offered the ICHRA on the same terms, so make them one class, or base one on another category or another place (26 CFR 54.9802-4(d)(2)).',
    });
    // Full-time in two states are two classes.
    const twoStates = classComplianceErrors(
      [
        { name: "Texas full-time", basis: ["full-time", "state"], states: ["TX"], headcount: 0, ...flat(20000) },
        { name: "Oklahoma full-time", basis: ["full-time", "state"], states: ["OK"], headcount: 0, ...flat(30000) },
      ],
      { totalEmployees: 30, censusCount: 0 },
    );
    expect(twoStates).toEqual({});
    // A class with no place is everywhere: it meets a class of the same category in one state.
    const everywhere = classComplianceErrors(
      [
        { name: "Full-time", basis: ["full-time"], headcount: 0, ...flat(20000) },
        { name: "Texas full-time", basis: ["full-time", "state"], states: ["TX"], headcount: 0, ...flat(30000) },
      ],
      { totalEmployees: 30, censusCount: 0 },
    );
    expect(everywhere["employeeClasses.1.basis"]).toStartWith(
      'The classes "Full-time" and "Texas full-time" are the same class (full-time employees and full-time employees + employees working in the same state take in the same employees where both apply)',
    );
    // A class of a place alone is everyone there: it meets a category's class in that place.
    const texas = classComplianceErrors(
      [
        { name: "Texas", basis: ["state"], states: ["TX"], headcount: 0, ...flat(20000) },
        { name: "Texas full-time", basis: ["full-time", "state"], states: ["TX"], headcount: 0, ...flat(30000) },
      ],
      { totalEmployees: 30, censusCount: 0 },
    );
    expect(Object.keys(texas)).toEqual(["employeeClasses.1.basis"]);
    // A state and a rating area inside it meet; a rating area in another state does not.
    const austin = { name: "Austin", basis: ["rating-area" as const], ratingAreaZips: ["787"], headcount: 0, ...flat(30000) };
    const inTexas = classComplianceErrors([{ name: "Texas", basis: ["state"], states: ["TX"], headcount: 0, ...flat(20000) }, austin], {
      totalEmployees: 30,
      censusCount: 0,
    });
    expect(Object.keys(inTexas)).toEqual(["employeeClasses.1.basis"]);
    const apart = classComplianceErrors([{ name: "Oklahoma", basis: ["state"], states: ["OK"], headcount: 0, ...flat(20000) }, austin], {
      totalEmployees: 30,
      censusCount: 0,
    });
    expect(apart).toEqual({});
    // The same for a group plan: Texas on the ICHRA, Austin on the group plan, is refused.
    const group = classComplianceErrors([{ name: "Texas", basis: ["state"], states: ["TX"], headcount: 0, ...flat(20000) }], {
      totalEmployees: 30,
      censusCount: 0,
      groupPlanClasses: [{ name: "Austin office", basis: ["rating-area"], ratingAreaZips: ["787"], headcount: 5 }],
    });
    expect(group["groupPlanClasses.0.basis"]).toStartWith('The class "Texas" cannot be offered both the ICHRA and the group plan');
  });

  test("54.9802-4(d)(3): the floor applies only with a group plan, only to size-tested bases, never with a waiting period", () => {
    const classes = [
      { name: "Full-time", basis: ["full-time" as const], headcount: 14, ...flat(40000) },
      { name: "Part-time", basis: ["part-time" as const], headcount: 16, ...flat(20000) },
      { name: "Seasonal", basis: ["seasonal" as const], headcount: 2, ...flat(10000) },
      { name: "New FT", basis: ["full-time" as const, "waiting-period" as const], headcount: 1, ...flat(10000) },
    ];
    const groups = [{ name: "Office", basis: ["salaried" as const], headcount: 116 }];
    // 150 employees expected: 10% of 150, rounded down = 15. Full-time (14) falls short; part-time (16) does not.
    const errors = classComplianceErrors(classes, { totalEmployees: 150, censusCount: 34, groupPlanClasses: groups });
    expect(Object.keys(errors)).toEqual(["employeeClasses.0.basis"]);
    expect(errors["employeeClasses.0.basis"]).toStartWith('The class "Full-time" has 14 employees but needs at least 15.');
    // Measured on the census alone (34 rows) the floor would have been 10 and nothing short.
    expect(classComplianceErrors(classes, { totalEmployees: 34, censusCount: 34, groupPlanClasses: groups })).toEqual({});
    // No group plan: no floor at all.
    expect(classComplianceErrors(classes, { totalEmployees: 150, censusCount: 34 })).toEqual({});
    // A class of a whole state has no floor (it stands alone here: beside Full-time it would overlap).
    const texas = [{ name: "Texas", basis: ["state" as const], states: ["TX"], headcount: 1, ...flat(10000) }];
    const oklahoma = [{ name: "Oklahoma office", basis: ["state" as const], states: ["OK"], headcount: 116 }];
    expect(classComplianceErrors(texas, { totalEmployees: 150, censusCount: 1, groupPlanClasses: oklahoma })).toEqual({});
  });

  test("geographic classes name their place, and the census's work ZIPs must be in it", () => {
    const errors = classComplianceErrors(
      [
        { name: "Texas", basis: ["state"], headcount: 0, ...flat(40000) },
        { name: "South", basis: ["multi-state-region"], states: ["TX"], headcount: 0, ...flat(40000) },
        { name: "Austin", basis: ["rating-area"], ratingAreaZips: ["787", "303"], headcount: 0, ...flat(40000) },
        {
          name: "Georgia",
          basis: ["state"],
          states: ["GA"],
          headcount: 2,
          ...flat(40000),
          workplaces: [
            { row: 2, workZip: "30303" },
            { row: 3, workZip: "78701" },
          ],
        },
      ],
      { totalEmployees: 10, censusCount: 2 },
    );
    expect(errors).toEqual({
      "employeeClasses.0.basis": 'The class "Texas" is based on a state: name the one state its employees work in.',
      "employeeClasses.1.basis": 'The class "South" is based on a multi-state region: name the states of the region (at least two).',
      "employeeClasses.2.basis":
        'The class "Austin" is based on a rating area, which lies within one state; its ZIP prefixes 787 and 303 are not all in one state.',
      "employeeClasses.3.basis":
        'The class "Georgia" is for employees whose primary site of employment is in GA, but one census employee works elsewhere: row 3 (work ZIP 78701, TX). Correct their work ZIP in the census, or move them to another class.',
    });
  });
});

describe("fullTimeLeftOut", () => {
  test("only when every class, on the ICHRA or a group plan, is a part-time one", () => {
    expect(fullTimeLeftOut([{ basis: ["part-time"] }], [])).toBe(true);
    expect(fullTimeLeftOut([{ basis: ["part-time", "state"] }], [{ basis: ["part-time"] }])).toBe(true);
    expect(fullTimeLeftOut([{ basis: ["part-time"] }], [{ basis: ["full-time"] }])).toBe(false);
    expect(fullTimeLeftOut([{ basis: ["part-time"] }, { basis: ["salaried"] }], [])).toBe(false);
    expect(fullTimeLeftOut([], [])).toBe(false);
  });
});
