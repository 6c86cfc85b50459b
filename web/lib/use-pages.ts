// Every paged list of the app: the first page on mount (and again whenever `key` changes),
// then each next page from the `cursor` the last answer named in X-Next-Cursor. Lists
// that are counted carry X-Total-Count, and X-Total-Count-Capped when the count stopped
// early (the count is then a lower bound).
import { useEffect, useRef, useState } from "react";
import { isUnauthorized } from "../api/errors";

export interface PageAnswer<T> {
  data: T[];
  headers: Headers;
}

export interface Count {
  count: number;
  capped: boolean;
}

export function usePages<T>(
  fetchPage: (cursor: string | undefined) => Promise<PageAnswer<T>>,
  key: readonly unknown[],
  onUnauthorized: () => void,
) {
  const [rows, setRows] = useState<T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [total, setTotal] = useState<Count | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  // Only the latest request may fill the list: an answer to an older key arrives too late to count.
  const generation = useRef(0);
  // The page that failed (null: the first), asked again by `retry`.
  const failedAt = useRef<string | null>(null);

  async function load(cursor: string | null) {
    const mine = ++generation.current;
    try {
      const page = await fetchPage(cursor ?? undefined);
      if (mine !== generation.current) return;
      setRows((shown) => (cursor && shown ? [...shown, ...page.data] : page.data));
      setNext(page.headers.get("x-next-cursor"));
      const count = page.headers.get("x-total-count");
      setTotal(count === null ? null : { count: Number(count), capped: page.headers.get("x-total-count-capped") === "true" });
      setFailed(false);
    } catch (error) {
      if (isUnauthorized(error)) onUnauthorized();
      else {
        console.error(error);
        failedAt.current = cursor;
        setFailed(true);
      }
    }
  }

  useEffect(() => {
    void load(null);
  }, key);

  async function loadMore() {
    if (next === null) return;
    setLoadingMore(true);
    await load(next);
    setLoadingMore(false);
  }

  /** Asks again for the page that failed. */
  async function retry() {
    setFailed(false);
    await load(failedAt.current);
  }

  return { rows, setRows, total, failed, hasMore: next !== null, loadingMore, loadMore, retry };
}
