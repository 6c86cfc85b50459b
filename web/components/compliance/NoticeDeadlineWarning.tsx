import { daysBetween, formatLongDate, isIsoDate, todayUtc } from "@src/lib/date-rules";
import { firstOnTimeStart, noticeDeadline, noticeIsLate } from "@src/modules/compliance/notice-dates";
import { NOTICE_DAYS_BEFORE_PLAN_YEAR } from "@src/modules/compliance/rules";
import "./compliance.css";

export interface NoticeDeadlineWarningProps {
  /** The plan's effective date, 'YYYY-MM-DD'. */
  effectiveDate: string;
  /** Today's date, 'YYYY-MM-DD'; defaults to today (UTC). */
  today?: string;
}

const NOTICE_DAYS = NOTICE_DAYS_BEFORE_PLAN_YEAR.value;

/** States the last day employee notices can go out, and warns when it has passed. */
export function NoticeDeadlineWarning({ effectiveDate, today = todayUtc() }: NoticeDeadlineWarningProps) {
  if (!isIsoDate(effectiveDate) || !isIsoDate(today)) return null;
  const deadline = formatLongDate(noticeDeadline(effectiveDate));
  const effective = formatLongDate(effectiveDate);
  if (!noticeIsLate(effectiveDate, today)) {
    return (
      <p class="notice-deadline" data-late="false">
        Send the ICHRA notice to employees by <strong>{deadline}</strong>, {NOTICE_DAYS} days before your effective date of {effective}.
      </p>
    );
  }
  const days = daysBetween(today, effectiveDate);
  const away = days > 1 ? `${days} days away` : days === 1 ? "tomorrow" : days === 0 ? "today" : "in the past";
  return (
    <div class="compliance-warning notice-deadline" role="alert" data-late="true">
      <p>
        <strong>
          Your effective date of {effective} is {away}, less than the {NOTICE_DAYS} days' notice employees must get.
        </strong>
      </p>
      <p>
        ICHRA notices must go out at least {NOTICE_DAYS} days before the plan year starts. The last day notices could go out for this date
        was <strong>{deadline}</strong>. Choose an effective date on or after {formatLongDate(firstOnTimeStart(today))} (coverage starts on
        the 1st of a month) to give employees the full notice period. Only a business that did not yet exist 120 days before the plan starts
        can submit with this date.
      </p>
    </div>
  );
}
