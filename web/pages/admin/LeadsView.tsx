import { shownPhone } from "@src/lib/phone";
import type { DateRange, Summary } from "@src/modules/leads/model";
import { dateRanges } from "@src/modules/leads/model";
import { type FormType, formTypes } from "@src/modules/leads/options";
import { useEffect, useRef, useState } from "react";
import { answer, api, read } from "../../api/client";
import { isUnauthorized } from "../../api/errors";
import { usePageTitle } from "../../components/chrome/page-title";
import { TextField } from "../../components/forms/Field";
import { EmailAddress } from "../../components/text/EmailAddress";
import { shownDateAndTime } from "../../lib/dates";
import { browserTimeZone } from "../../lib/time-zone";
import { usePages } from "../../lib/use-pages";
import { type FilterSelect, FilterSelects } from "./FilterSelects";
import { FormTypeBadge } from "./FormTypeBadge";
import { formTypeLabels, leadStatusLabels } from "./format";
import { LeadDetail } from "./LeadDetail";
import { PagedTable } from "./PagedTable";
import type { SectionProps } from "./sections";
import { allowedOr, queryOf, useUrlFilters } from "./url-filters";

export interface LeadFilters {
  formType: FormType | "all";
  range: DateRange;
  q: string;
}

/** The filters a query string names (`?type=brokers&range=week&q=smith`); anything else means all. */
export function filtersFrom(search: string): LeadFilters {
  const params = new URLSearchParams(search);
  return {
    formType: allowedOr<LeadFilters["formType"]>(formTypes, params.get("type"), "all"),
    range: allowedOr(dateRanges, params.get("range"), "all"),
    q: params.get("q") ?? "",
  };
}

/** The query string of the filters, leaving out what is "all". */
export function searchOf(filters: LeadFilters): string {
  return queryOf({
    type: filters.formType === "all" ? null : filters.formType,
    range: filters.range === "all" ? null : filters.range,
    q: filters.q.trim(),
  });
}

/**
 * The filters live in the address, so a reload or a shared link keeps them and back and
 * forward step through them. A change of type or range is a step of its own; the search
 * box replaces the address as it is typed.
 */
export const useLeadFilters = () => useUrlFilters("/admin", filtersFrom, searchOf);

/** The filters as the list, the summary and the export take them ("all" is sent as nothing). */
const filterQuery = (filters: LeadFilters) => ({
  formType: filters.formType === "all" ? undefined : filters.formType,
  range: filters.range === "all" ? undefined : filters.range,
  q: filters.q.trim() || undefined,
  tz: browserTimeZone(),
});

/** The export link carries the current filters, so the file holds what the table shows. */
export function exportHref(filters: LeadFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filterQuery(filters))) if (value) params.set(name, value);
  return `/api/admin/form-submissions.csv?${params}`;
}

const formTypeOptions: [LeadFilters["formType"], string][] = [
  ["all", "All Types"],
  ...formTypes.map((type): [FormType, string] => [type, formTypeLabels[type]]),
];
const rangeLabels: Record<DateRange, string> = { all: "All Time", today: "Today", week: "Last 7 Days", month: "Last Month" };
const filterSelects: FilterSelect<LeadFilters>[] = [
  { name: "formType", id: "lead-type", label: "Form Type", options: formTypeOptions },
  { name: "range", id: "lead-range", label: "Date Range", options: dateRanges.map((range) => [range, rangeLabels[range]]) },
];

const pageSize = 50;
/** The day over the time, each kept whole, so the column stays narrow. */
function SubmittedAt({ iso }: { iso: string }) {
  const { date, time } = shownDateAndTime(iso);
  return (
    <time dateTime={iso}>
      <span class="nowrap">{date}</span> <span class="nowrap">{time}</span>
    </time>
  );
}

const truncate = (text: string | null, max = 80) => (!text ? "" : text.length > max ? `${text.slice(0, max)}...` : text);

export function LeadsView({ onUnauthorized }: SectionProps) {
  usePageTitle("Leads");
  const [current, setFilters] = useLeadFilters();
  const [summary, setSummary] = useState<Summary | null>(null);
  const [summaryFailed, setSummaryFailed] = useState(false);
  const [search, setSearch] = useState(current.q);
  const sentSearch = useRef(current.q);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = usePages(
    (cursor) => answer(api.api.admin["form-submissions"].get({ query: { ...filterQuery(current), limit: String(pageSize), cursor } })),
    [current.formType, current.range, current.q],
    onUnauthorized,
  );

  useEffect(() => {
    read(api.api.admin["form-submissions"].summary.get({ query: { tz: browserTimeZone() } })).then(setSummary, (error) => {
      if (isUnauthorized(error)) onUnauthorized();
      else {
        console.error(error);
        setSummaryFailed(true);
      }
    });
  }, []);

  // Back, forward or a new link changed the search: the box shows it.
  useEffect(() => {
    if (current.q === sentSearch.current) return;
    sentSearch.current = current.q;
    setSearch(current.q);
  }, [current.q]);

  // Search runs once typing pauses.
  useEffect(() => {
    if (search === sentSearch.current) return;
    const timer = setTimeout(() => {
      sentSearch.current = search;
      setFilters({ q: search }, { replace: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  return (
    <>
      <h1>Leads</h1>
      <section class="summary-cards" aria-label="Summary">
        {(
          [
            ["Total Submissions", summary?.total],
            ["Today", summary?.today],
            [formTypeLabels.employers, summary?.employers],
            [formTypeLabels.brokers, summary?.brokers],
            [formTypeLabels.platforms, summary?.platforms],
          ] as const
        ).map(([label, value]) => (
          <article key={label} class="summary-card">
            <h2>{label}</h2>
            <p aria-busy={value === undefined}>{value === undefined ? "" : value.toLocaleString()}</p>
          </article>
        ))}
      </section>

      <article class="filter-card">
        <h2>Filters</h2>
        <div class="filter-grid">
          <FilterSelects selects={filterSelects} filters={current} setFilters={setFilters} />
          <TextField
            id="lead-search"
            label="Search"
            type="search"
            placeholder="Name, email or company"
            value={search}
            onInput={setSearch}
          />
          <div class="filter-export">
            <a href={exportHref(current)} role="button" class="secondary" download>
              Export CSV
            </a>
          </div>
        </div>
      </article>

      <article class="submissions-card">
        <h2>
          Form Submissions ({(list.total?.count ?? list.rows?.length ?? 0).toLocaleString()}
          {list.total?.capped ? "+" : ""})
        </h2>
        <PagedTable
          list={list}
          failed={list.failed || summaryFailed}
          words={{
            failed: "The submissions could not be loaded. Please try again.",
            loading: "Loading submissions...",
            empty: "No submissions found matching your filters.",
          }}
          label="Form submissions"
          className="striped stacked card-rows leads-table"
          columns={["Date", "Form Type", "Name", "Company", "Email", "Phone", "Current Provider", "Message", "Status"]}
          row={(s) => (
            <tr key={s.id}>
              <td data-label="Date">
                <SubmittedAt iso={s.submittedAt} />
              </td>
              <td data-label="Form Type">
                <FormTypeBadge type={s.formType} />
              </td>
              <td data-label="Name" class="wraps">
                <button
                  type="button"
                  class="link-button"
                  aria-haspopup="dialog"
                  onClick={() => setOpenId(s.id)}
                  aria-label={`View details of ${s.name}`}
                >
                  {s.name}
                </button>
              </td>
              <td data-label="Company" class="wraps">
                {s.company ?? ""}
              </td>
              <td data-label="Email" class="email-text">
                <EmailAddress email={s.email} />
              </td>
              {/* Written as everywhere else, and free to wrap after the area code: unbroken, it ran into the next column. */}
              <td class="wraps" data-label="Phone">
                {s.phone ? shownPhone(s.phone) : ""}
              </td>
              <td data-label="Current Provider" class="wraps">
                {s.currentProvider ?? ""}
              </td>
              <td data-label="Message" class="message card-row-wide" title={s.message ?? undefined}>
                {truncate(s.message)}
              </td>
              <td data-label="Status">{leadStatusLabels[s.leadStatus as keyof typeof leadStatusLabels] ?? s.leadStatus}</td>
            </tr>
          )}
        />
      </article>

      {openId !== null && (
        <LeadDetail
          id={openId}
          onClose={() => setOpenId(null)}
          onUnauthorized={onUnauthorized}
          onChanged={(updated) =>
            list.setRows((shown) => shown?.map((s) => (s.id === updated.id ? { ...s, leadStatus: updated.leadStatus } : s)) ?? null)
          }
        />
      )}
    </>
  );
}
