import { afterEach, describe, expect, test } from "bun:test";
import { defaultContactEmail } from "@src/lib/site-contact";
import { cleanup, render, screen } from "@testing-library/react";
import TermsPage from "./TermsPage";

afterEach(cleanup);

describe("terms page", () => {
  test("real terms of the ICHRA administration service: each part headed, the contact to ask, no filler", () => {
    render(<TermsPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Terms and Conditions" })).toBeTruthy();
    const parts = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(parts).toEqual([
      "1. What we do",
      "2. What we do not do",
      "3. The employer's part",
      "4. Employees",
      "5. Personal and health information",
      "6. Accounts and sign-in",
      "7. Fees",
      "8. Review, start and end",
      "9. Liability",
      "10. Changes to these terms",
      "11. Questions",
    ]);
    const text = document.body.textContent ?? "";
    expect(text).toContain("We are not an insurance company");
    expect(text).toContain("at least 90 days before the plan year starts");
    expect(text).not.toMatch(/lorem|ipsum|TODO|placeholder/i);
    expect(screen.getByRole("link", { name: defaultContactEmail }).getAttribute("href")).toBe(`mailto:${defaultContactEmail}`);
    expect(document.title).toBe("Terms and Conditions · Advantage ICHRA");
  });
});
