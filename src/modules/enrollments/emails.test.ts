// The enrollment's emails, read as the employer gets them.
import { describe, expect, test } from "bun:test";
import { confirmationEmail } from "./emails";

describe("the submission's confirmation", () => {
  test("states every amount of each class, as the review step showed them: family sizes, age bands and new hires'", () => {
    const mail = confirmationEmail({
      to: "pat@acme.test",
      firstName: "Pat",
      businessName: "Acme Dental",
      planName: "Advantage",
      origin: "https://benefits.example",
      enrollment: {
        businessId: 7,
        effectiveDate: "2027-03-01",
        monthlyBudgetCents: 500_000,
        employeeClasses: [
          { name: "Full-time", allowanceCents: 40_000, individualPlus1Cents: 65_000, familyCents: 90_000 },
          {
            name: "Salaried",
            allowanceCents: 30_000,
            ageBands: [
              { minAge: 0, maxAge: 29, allowanceCents: 30_000 },
              { minAge: 30, allowanceCents: 90_000 },
            ],
          },
          { name: "Part-time", allowanceCents: 20_000, newHires: { allowanceCents: 15_000, hiredOnOrAfter: "2027-04-01" } },
        ],
      },
    });
    expect(mail.text).toContain("  - Full-time: self $400.00, self + one $650.00, family $900.00 a month");
    expect(mail.text).toContain("  - Salaried: ages 0 to 29: $300.00/month; ages 30 and over: $900.00/month");
    expect(mail.text).toContain("  - Part-time: $200.00/month; hired on or after April 1, 2027: $150.00/month");
  });
});
