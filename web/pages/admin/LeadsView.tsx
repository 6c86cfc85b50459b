import { type Signal, useSignal } from "@preact/signals-react";
import type { DateRange, Summary } from "@src/modules/leads/model";
import { type FormType, formTypes } from "@src/modules/leads/options";
import { useEffect, useState } from "react";
import { answer, api, read } from "../../api/client";
import { isUnauthorized } from "../../api/errors";
import { usePages } from "../../lib/use-pages";
import { FormTypeBadge } from "./FormTypeBadge";
import { browserTimeZone, formTypeLabels, shownDateTime } from "./format";
import { LeadDetail } from "./LeadDetail";
import { LoadMore } from "./LoadMore";

export interface LeadFilters {
  formType: FormType | "all";
  range: DateRange;
  q: string;
}

export const useLeadFilters = () => useSignal<LeadFilters>({ formType: "all", range: "all", q: "" });

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
const rangeOptions: [DateRange, string][] = [
  ["all", "All Time"],
  ["today", "Today"],
  ["week", "Last 7 Days"],
  ["month", "Last Month"],
];

const pageSize = 50;
const truncate = (text: string | null, max = 50) => (!text ? "" : text.length > max ? `${text.slice(0, max)}...` : text);

export function LeadsView({ filters, onUnauthorized }: { filters: Signal<LeadFilters>; onUnauthorized: () => void }) {
  const current = filters.value;
  const [summary, setSummary] = useState<Summary | null>(null);
  const [summaryFailed, setSummaryFailed] = useState(false);
  const [search, setSearch] = useState(current.q);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = usePages(
    (cursor) => answer(api.api.admin["form-submissions"].get({ query: { ...filterQuery(current), limit: String(pageSize), cursor } })),
    [current.formType, current.range, current.q],
    onUnauthorized,
  );
  const items = list.rows;
  const failed = list.failed || summaryFailed;

  useEffect(() => {
    read(api.api.admin["form-submissions"].summary.get({ query: { tz: browserTimeZone() } })).then(setSummary, (error) => {
      if (isUnauthorized(error)) onUnauthorized();
      else {
        console.error(error);
        setSummaryFailed(true);
      }
    });
  }, []);

  // Search runs once typing pauses.
  useEffect(() => {
    if (search === current.q) return;
    const timer = setTimeout(() => (filters.value = { ...filters.value, q: search }), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const setFilter = (patch: Partial<LeadFilters>) => (filters.value = { ...filters.value, ...patch });

  return (
    <>
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
          <label>
            Form Type
            <select
              value={current.formType}
              onChange={(e) => setFilter({ formType: (e.target as HTMLSelectElement).value as LeadFilters["formType"] })}
            >
              {formTypeOptions.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Date Range
            <select value={current.range} onChange={(e) => setFilter({ range: (e.target as HTMLSelectElement).value as DateRange })}>
              {rangeOptions.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Search
            <input
              type="search"
              placeholder="Search by name, email, or company..."
              value={search}
              onInput={(e) => setSearch((e.target as HTMLInputElement).value)}
            />
          </label>
          <div class="filter-export">
            <a href={exportHref(current)} role="button" class="secondary" download>
              Export CSV
            </a>
          </div>
        </div>
      </article>

      <article class="submissions-card">
        <h2>
          Form Submissions ({(list.total?.count ?? items?.length ?? 0).toLocaleString()}
          {list.total?.capped ? "+" : ""})
        </h2>
        {failed && <p role="alert">The submissions could not be loaded. Please try again.</p>}
        {items === null && !failed && <p aria-busy="true">Loading submissions...</p>}
        {items !== null && items.length === 0 && <p>No submissions found matching your filters.</p>}
        {items !== null && items.length > 0 && (
          <div class="table-scroll" role="region" aria-label="Form submissions" tabIndex={0}>
            <table class="striped">
              <thead>
                <tr>
                  {["Date", "Form Type", "Name", "Company", "Email", "Phone", "Current Provider", "Message"].map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((s) => (
                  <tr key={s.id}>
                    <td class="nowrap">{shownDateTime(s.submittedAt)}</td>
                    <td>
                      <FormTypeBadge type={s.formType} />
                    </td>
                    <td>
                      <button type="button" class="link-button" onClick={() => setOpenId(s.id)} aria-label={`View details of ${s.name}`}>
                        {s.name}
                      </button>
                    </td>
                    <td>{s.company ?? ""}</td>
                    <td>{s.email}</td>
                    <td class="nowrap">{s.phone ?? ""}</td>
                    <td>{s.currentProvider ?? ""}</td>
                    <td class="wrap" title={s.message ?? undefined}>
                      {truncate(s.message)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list.hasMore && items && items.length > 0 && <LoadMore busy={list.loadingMore} onClick={list.loadMore} />}
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
