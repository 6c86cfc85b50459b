import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, render, screen } from "@testing-library/react";
import { NoticeDeadlineWarning } from "./NoticeDeadlineWarning";

afterEach(cleanup);

describe("NoticeDeadlineWarning", () => {
  test("90 or more days away: states the last day notices can go out, without alarm", () => {
    render(<NoticeDeadlineWarning effectiveDate="2027-01-01" today="2026-10-03" />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(document.querySelector(".notice-deadline")!.textContent).toBe(
      "Send the ICHRA notice to employees by Saturday, October 3, 2026, 90 days before your effective date of Friday, January 1, 2027.",
    );
  });

  test("fewer than 90 days away: warns and states the last day notices could go out", () => {
    render(<NoticeDeadlineWarning effectiveDate="2027-01-01" today="2026-10-04" />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain(
      "Your effective date of Friday, January 1, 2027 is 89 days away, less than the 90 days' notice employees must get.",
    );
    expect(alert.textContent).toContain("The last day notices could go out for this date was Saturday, October 3, 2026.");
    // 90 days from 2026-10-04 is Saturday, January 2, 2027; coverage starts on a 1st, so February 1.
    expect(alert.textContent).toContain("Choose an effective date on or after Monday, February 1, 2027");
  });

  test("across a leap day", () => {
    render(<NoticeDeadlineWarning effectiveDate="2028-03-01" today="2028-01-15" />);
    expect(screen.getByRole("alert").textContent).toContain("was Thursday, December 2, 2027");
  });

  test("an unfinished date shows nothing", () => {
    const { container } = render(<NoticeDeadlineWarning effectiveDate="2027-02-30" today="2026-10-04" />);
    expect(container.innerHTML).toBe("");
  });
});
