import { type Signal, useSignal } from "@preact/signals-react";
import type { DateRange, Submission, Summary } from "@src/modules/leads/model";
import { type FormType, formTypes } from "@src/modules/leads/options";
import { useEffect, useRef, useState } from "react";
import { browserTimeZone, getJson, isUnauthorized, request } from "./admin-api";
import { FormTypeBadge } from "./FormTypeBadge";
import { formTypeLabels, shownDateTime } from "./format";
import { LeadDetail } from "./LeadDetail";
import { LoadMore } from "./LoadMore";

export interface LeadFilters {
  formType: FormType | "all";
  range: DateRange;
  q: string;
}

export const useLeadFilters = () => useSignal<LeadFilters>({ formType: "all", range: "all", q: "" });

function filterQuery(filters: LeadFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.formType !== "all") params.set("formType", filters.formType);
  if (filters.range !== "all") params.set("range", filters.range);
  if (filters.q.trim()) params.set("q", filters.q.trim());
  params.set("tz", browserTimeZone());
  return params;
}

/** The export link carries the current filters, so the file holds what the table shows. */
export const exportHref = (filters: LeadFilters) => `/api/admin/form-submissions.csv?${filterQuery(filters)}`;

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
  const [items, setItems] = useState<Submission[] | null>(null);
  const [total, setTotal] = useState(0);
  const [totalCapped, setTotalCapped] = useState(false);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState(current.q);
  const [openId, setOpenId] = useState<number | null>(null);
  const generation = useRef(0);

  const fail = (error: unknown) => {
    if (isUnauthorized(error)) onUnauthorized();
    else {
      console.error(error);
      setFailed(true);
    }
  };

  useEffect(() => {
    getJson<Summary>(`/api/admin/form-submissions/summary?tz=${encodeURIComponent(browserTimeZone())}`).then(setSummary, fail);
  }, []);

  async function load(after: string | null) {
    const mine = ++generation.current;
    const params = filterQuery(current);
    params.set("limit", String(pageSize));
    if (after) params.set("cursor", after);
    const res = await request(`/api/admin/form-submissions?${params}`);
    const page = (await res.json()) as Submission[];
    if (mine !== generation.current) return; // a newer filter has answered or is on its way
    setItems((before) => (after && before ? [...before, ...page] : page));
    setTotal(Number(res.headers.get("x-total-count") ?? page.length));
    setTotalCapped(res.headers.get("x-total-count-capped") === "true");
    setCursor(res.headers.get("x-next-cursor"));
    setFailed(false);
  }

  useEffect(() => {
    load(null).catch(fail);
  }, [current.formType, current.range, current.q]);

  // Search runs once typing pauses.
  useEffect(() => {
    if (search === current.q) return;
    const timer = setTimeout(() => (filters.value = { ...filters.value, q: search }), 300);
    return () => clearTimeout(timer);
  }, [search]);

  async function loadMore() {
    setLoadingMore(true);
    await load(cursor).catch(fail);
    setLoadingMore(false);
  }

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
          Form Submissions ({total.toLocaleString()}
          {totalCapped ? "+" : ""})
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
        {cursor && items && items.length > 0 && <LoadMore busy={loadingMore} onClick={loadMore} />}
      </article>

      {openId !== null && (
        <LeadDetail
          id={openId}
          onClose={() => setOpenId(null)}
          onUnauthorized={onUnauthorized}
          onChanged={(updated) =>
            setItems((list) => list?.map((s) => (s.id === updated.id ? { ...s, leadStatus: updated.leadStatus } : s)) ?? null)
          }
        />
      )}
    </>
  );
}
