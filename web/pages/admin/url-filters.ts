// Admin filters live in the address, so a reload or a shared link keeps them and back and
// forward step through them. What a section's filters are is its own; reading them from
// the query string and writing them back works the same for every section.
import { useRef } from "react";
import { useLocation, useSearch } from "wouter";

/** `value` when it is one of `allowed`, else `fallback`: a hand-edited address cannot name a filter that does not exist. */
export const allowedOr = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The query string of the values given (`?a=1&b=2`), leaving out those that are empty: filters at their default. */
export function queryOf(values: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The filters the address at `path` holds, and a setter that moves to the address of a change (`replace` for typing). */
export function useUrlFilters<F>(
  path: string,
  from: (search: string) => F,
  to: (filters: F) => string,
): [F, (patch: Partial<F>, options?: { replace?: boolean }) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = from(search);
  // Two changes in one event (a select and the search box) each build on the latest filters.
  const latest = useRef(filters);
  latest.current = filters;
  const set = (patch: Partial<F>, { replace = false } = {}) => navigate(`${path}${to({ ...latest.current, ...patch })}`, { replace });
  return [filters, set];
}
