import { afterEach, expect, test } from "bun:test";
import { daysFrom, formatLongDate, todayUtc } from "@src/lib/date-rules";
import { addMonths, firstDayOf, monthOf } from "@src/lib/months";
import { cleanup, screen } from "@testing-library/react";
import { enrollment } from "../../test/enrollment-fixtures";
import { renderAt } from "../../test/render-at";
import { NoticeList } from "./NoticeList";

afterEach(cleanup);

const startedMonthsAgo = (months: number) => firstDayOf(addMonths(monthOf(todayUtc()), -months));

test("from 150 days before the next plan year, the notices' send-by date and plan year are the next one's", () => {
  // Ten months in: the next plan year starts in about two months.
  const start = startedMonthsAgo(10);
  const next = firstDayOf(addMonths(monthOf(start), 12));
  renderAt(<NoticeList enrollment={enrollment({ effectiveDate: start })} />);
  expect(screen.getByText(formatLongDate(daysFrom(next, -90)))).toBeTruthy();
  expect(screen.getByText(new RegExp(`plan year from ${formatLongDate(next)} to`))).toBeTruthy();
});

test("earlier in the plan year, they are the plan year under way's", () => {
  const start = startedMonthsAgo(4);
  renderAt(<NoticeList enrollment={enrollment({ effectiveDate: start })} />);
  expect(screen.getByText(formatLongDate(daysFrom(start, -90)))).toBeTruthy();
  expect(screen.getByText(new RegExp(`plan year from ${formatLongDate(start)} to`))).toBeTruthy();
});

test("a new employer's first plan year: its notices are due by the day it starts, and the list says why", () => {
  const start = firstDayOf(addMonths(monthOf(todayUtc()), 2));
  const base = enrollment({ effectiveDate: start });
  renderAt(<NoticeList enrollment={{ ...base, notice: { ...base.notice, newEmployer: true } }} />);
  expect(screen.getByText(formatLongDate(start))).toBeTruthy();
  expect(screen.getByText(/did not exist 120 days before this plan year, by the day it starts/)).toBeTruthy();
});
