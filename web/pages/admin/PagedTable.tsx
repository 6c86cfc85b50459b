import type { ComponentChildren } from "preact";
import { RetryNotice } from "../../components/notice/Alerts";
import { type Column, ScrollTable } from "../../components/table/ScrollTable";
import { LoadMore } from "./LoadMore";

/** What a paged list says while it loads, when it fails, and when it holds nothing. */
interface ListWords {
  failed: string;
  loading: string;
  empty: string;
}

/**
 * An admin list of `usePages`: its failure, loading and empty states, then its table and the
 * button for the next page.
 */
export function PagedTable<T>({
  list,
  failed = list.failed,
  words,
  label,
  className = "striped stacked card-rows",
  columns,
  row,
}: {
  list: { rows: T[] | null; failed: boolean; hasMore: boolean; loadingMore: boolean; loadMore: () => void; retry: () => void };
  /** The list failed: by default when a page did, a screen may count more (a summary beside it). */
  failed?: boolean;
  words: ListWords;
  label: string;
  className?: string;
  columns: readonly Column[];
  row: (item: T) => ComponentChildren;
}) {
  const { rows } = list;
  return (
    <>
      {failed &&
        // Only the list's own failure is the list's to retry; one counted with it (a summary) says so plainly.
        (list.failed ? (
          <RetryNotice message={words.failed} onRetry={list.retry} />
        ) : (
          <p role="alert" class="notice notice-error">
            {words.failed}
          </p>
        ))}
      {!rows && !failed && <p aria-busy="true">{words.loading}</p>}
      {rows && rows.length === 0 && <p>{words.empty}</p>}
      {rows && rows.length > 0 && (
        <>
          <ScrollTable label={label} className={className} columns={columns}>
            {rows.map(row)}
          </ScrollTable>
          {list.hasMore && <LoadMore busy={list.loadingMore} onClick={list.loadMore} />}
        </>
      )}
    </>
  );
}
