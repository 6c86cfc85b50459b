import { describe, expect, test } from "bun:test";
import { mapColumns, parseCensusDate, validateRow, validateRows } from "./rows";

const header = ["First Name", "Last Name", "Email", "Date of Birth", "Home ZIP", "Class", "Phone", "Hire Date", "Employment Type"];
const { columns } = mapColumns(header);
const context = { classNames: ["Full-time", "Part-time"], today: "2026-06-01", defaultWorkZip: "78701" };
const good = ["Jane", "Doe", "Jane@Acme.test", "04/23/1985", "30301", "full-time", "(404) 555-0142", "2021-03-01", "Part time"];
const withCell = (index: number, value: string) => good.map((c, i) => (i === index ? value : c));

describe("mapColumns", () => {
  test("matches headers without regard to case, spacing or punctuation, and knows common spellings", () => {
    const mapped = mapColumns([
      "  FIRST name",
      "last_name",
      "E-mail Address",
      "DOB",
      "Zip",
      "Employee Class",
      "Mobile",
      "Start Date",
      "FT/PT",
    ]);
    expect(mapped.missing).toEqual([]);
    expect(mapped.columns).toEqual({
      firstName: 0,
      lastName: 1,
      email: 2,
      dateOfBirth: 3,
      homeZip: 4,
      className: 5,
      phone: 6,
      hireDate: 7,
      employmentType: 8,
    });
  });
  test("reads the headers of HR and payroll exports, which name each column for the employee", () => {
    const mapped = mapColumns([
      "Employee First Name",
      "Employee Last Name",
      "Employee Email",
      "Employee Date of Birth",
      "Employee Home ZIP",
      "Employee Class",
      "Employee Hire Date",
      "Employee ID",
    ]);
    expect(mapped.missing).toEqual([]);
    expect(mapped.columns).toEqual({ firstName: 0, lastName: 1, email: 2, dateOfBirth: 3, homeZip: 4, className: 5, hireDate: 6 });
  });
  test("names the required columns that are missing", () => {
    expect(mapColumns(["Email", "Phone"]).missing).toEqual(["First Name", "Last Name", "Date of Birth", "Home ZIP", "Class"]);
  });
});

describe("parseCensusDate", () => {
  test("reads ISO and US dates strictly", () => {
    expect(parseCensusDate("1985-04-23")).toBe("1985-04-23");
    expect(parseCensusDate("4/3/1985")).toBe("1985-04-03");
    expect(parseCensusDate(" 12/31/1999 ")).toBe("1999-12-31");
    expect(parseCensusDate("12-31-1999")).toBe("1999-12-31");
  });
  test("refuses impossible days, two-digit years and free text", () => {
    for (const text of [
      "1985-02-30",
      "02/29/2023",
      "13/01/1990",
      "1/2/85",
      "85-04-23",
      "yesterday",
      "19850423",
      "4/3-1985",
      "12345-01-01",
      "12/31/0999",
      "1985-04-23x",
      "1985-04-23T00:00",
      "1985/04/23",
      "004/23/1985",
      "\uff11\uff19\uff18\uff15-04-23",
    ])
      expect(parseCensusDate(text)).toBeNull();
    expect(parseCensusDate("02/29/2024")).toBe("2024-02-29");
  });
});

describe("validateRow", () => {
  test("a good row becomes an employee, normalised", () => {
    expect(validateRow(good, 2, columns, context)).toEqual({
      errors: [],
      employee: {
        rowNumber: 2,
        firstName: "Jane",
        lastName: "Doe",
        email: "jane@acme.test",
        dateOfBirth: "1985-04-23",
        homeZip: "30301",
        className: "Full-time",
        phone: "(404) 555-0142",
        hireDate: "2021-03-01",
        employmentType: "part-time",
        workZip: "78701",
      },
    });
  });

  test("a cell's line breaks and control characters are not kept: its names go into emails and notices", () => {
    const cells = [...good];
    cells[0] = "Ja\u0000ne\u202e";
    cells[1] = "Doe\r\nIMPORTANT: call 555-0100";
    const { employee } = validateRow(cells, 2, columns, context);
    expect([employee?.firstName, employee?.lastName]).toEqual(["Jane", "Doe IMPORTANT: call 555-0100"]);
  });

  test("optional columns may be empty or absent", () => {
    const { columns: required } = mapColumns(header.slice(0, 6));
    const result = validateRow(good.slice(0, 6), 7, required, context);
    expect(result.errors).toEqual([]);
    expect(result.employee).toMatchObject({ phone: null, hireDate: null, employmentType: null });
  });

  const cases: [number, string, string, string][] = [
    [0, "", "First Name", "First name is required"],
    [0, "x".repeat(201), "First Name", "First name must be at most 200 characters"],
    [1, " ", "Last Name", "Last name is required"],
    [2, "", "Email", "Email is required"],
    [2, "jane@", "Email", "Invalid email format"],
    [3, "", "Date of Birth", "Date of birth is required"],
    [3, "23.04.1985", "Date of Birth", "Date of birth must be a date like 1985-04-23 or 04/23/1985"],
    [3, "2026-06-01", "Date of Birth", "Date of birth must be a past date after 1900"],
    [3, "1899-12-31", "Date of Birth", "Date of birth must be a past date after 1900"],
    [4, "", "Home ZIP", "Home ZIP is required"],
    [4, "3030", "Home ZIP", "Home ZIP must be in XXXXX or XXXXX-XXXX format"],
    [5, "", "Class", "Class is required"],
    [5, "Contractors", "Class", "Class must be one of the defined classes: Full-time, Part-time"],
    [6, "555-0142", "Phone", "Phone number must be at least 10 digits"],
    // The same rule as the forms': plain separators only, so a number printed in a notice reads as one.
    [6, "404\u00a0555\u00a00142", "Phone", "Phone number must be at least 10 digits"],
    [7, "March 2021", "Hire Date", "Hire date must be a date like 2024-01-15 or 01/15/2024"],
    // A date no census can mean: neither a plan year nor a notice is worked out for it.
    [7, "9999-12-15", "Hire Date", "Hire date must be in 1900 or later, and at most a year from today"],
    [7, "1899-12-31", "Hire Date", "Hire date must be in 1900 or later, and at most a year from today"],
    [8, "seasonal", "Employment Type", "Employment type must be Full-time or Part-time"],
  ];
  for (const [index, value, field, message] of cases) {
    test(`${field} ${JSON.stringify(value.slice(0, 20))} → '${message}'`, () => {
      expect(validateRow(withCell(index, value), 9, columns, context)).toEqual({ errors: [{ row: 9, field, message }] });
    });
  }

  test("every problem of a row is reported", () => {
    const result = validateRow(["", "", "", "", "", ""], 3, columns, context);
    expect(result.employee).toBeUndefined();
    expect(result.errors.map((e) => e.field)).toEqual(["First Name", "Last Name", "Email", "Date of Birth", "Home ZIP", "Class"]);
  });
});

describe("validateRows", () => {
  test("counts rejected rows once and refuses a repeated email on the later row", () => {
    const result = validateRows(
      [
        { rowNumber: 2, cells: good },
        { rowNumber: 3, cells: withCell(2, "JANE@acme.test") },
        { rowNumber: 4, cells: withCell(3, "").map((c, i) => (i === 4 ? "1" : c)) },
      ],
      columns,
      context,
    );
    expect(result.employees.map((e) => e.rowNumber)).toEqual([2]);
    expect(result.rejected).toBe(2);
    expect(result.errors).toEqual([
      { row: 3, field: "Email", message: "Email repeats row 2" },
      { row: 4, field: "Date of Birth", message: "Date of birth is required" },
      { row: 4, field: "Home ZIP", message: "Home ZIP must be in XXXXX or XXXXX-XXXX format" },
    ]);
  });
});

describe("work ZIP (issue 14.7)", () => {
  const withWork = [...header, "Work ZIP"];
  const { columns: workColumns } = mapColumns(withWork);
  const texas = {
    ...context,
    geography: [
      { name: "Full-time", basis: ["state" as const], states: ["TX"] },
      { name: "Part-time", basis: ["rating-area" as const], ratingAreaZips: ["787"] },
    ],
  };

  test("an empty or absent work ZIP is the business's ZIP; a given one is kept", () => {
    expect(validateRow([...good, ""], 2, workColumns, context).employee?.workZip).toBe("78701");
    expect(validateRow([...good, "30303"], 2, workColumns, context).employee?.workZip).toBe("30303");
    expect(validateRow([...good, "3030"], 2, workColumns, context).errors).toEqual([
      { row: 2, field: "Work ZIP", message: "Work ZIP must be in XXXXX or XXXXX-XXXX format" },
    ]);
  });

  test("a state class's rows must work in its state; a rating-area class's in its ZIP prefixes", () => {
    const fullTime = good.map((cell, i) => (i === 5 ? "Full-time" : cell));
    const partTime = good.map((cell, i) => (i === 5 ? "Part-time" : cell));
    expect(validateRow([...fullTime, "75201"], 2, workColumns, texas).errors).toEqual([]); // Dallas, TX
    expect(validateRow([...fullTime, "30303"], 3, workColumns, texas).errors).toEqual([
      { row: 3, field: "Work ZIP", message: 'Work ZIP 30303 (GA) is outside TX, where the class "Full-time" works' },
    ]);
    expect(validateRow([...partTime, "78745"], 4, workColumns, texas).errors).toEqual([]); // Austin, prefix 787
    expect(validateRow([...partTime, "75201"], 5, workColumns, texas).errors).toEqual([
      {
        row: 5,
        field: "Work ZIP",
        message: 'Work ZIP 75201 (TX) is outside the rating area of ZIP prefixes 787, where the class "Part-time" works',
      },
    ]);
  });
});

describe("employment type and the class's basis", () => {
  const byHours = {
    ...context,
    geography: [
      { name: "Full-time", basis: ["full-time" as const] },
      { name: "Part-time", basis: ["part-time" as const] },
    ],
  };
  const row = (className: string, type: string) => good.map((cell, i) => (i === 5 ? className : i === 8 ? type : cell));

  test("54.9802-4(d)(2): a row whose employment type the class is not for is refused; one that fits, or says none, is taken", () => {
    expect(validateRow(row("Full-time", "Full-time"), 2, columns, byHours).errors).toEqual([]);
    expect(validateRow(row("Full-time", ""), 2, columns, byHours).errors).toEqual([]);
    expect(validateRow(row("Full-time", "Part-time"), 3, columns, byHours).errors).toEqual([
      {
        row: 3,
        field: "Employment Type",
        message: 'Employment type Part-time does not fit the class "Full-time", which is for full-time employees',
      },
    ]);
    expect(validateRow(row("Part-time", "FT"), 4, columns, byHours).errors).toEqual([
      {
        row: 4,
        field: "Employment Type",
        message: 'Employment type Full-time does not fit the class "Part-time", which is for part-time employees',
      },
    ]);
  });
});
