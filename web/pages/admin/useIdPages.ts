// A list the server sends newest first, a page at a time (enrollments, outbox): the first
// page on mount, then each next page from the X-Next-Cursor the last one carried.
import { useEffect, useState } from "react";
import { isUnauthorized, request } from "./admin-api";

export function useIdPages<T>(path: string, onUnauthorized: () => void) {
  const [rows, setRows] = useState<T[] | null>(null);
  const [nextBefore, setNextBefore] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);

  async function load(before: string | null) {
    try {
      const res = await request(before ? `${path}?cursor=${encodeURIComponent(before)}` : path);
      const page = (await res.json()) as T[];
      setRows((shown) => (before && shown ? [...shown, ...page] : page));
      setNextBefore(res.headers.get("x-next-cursor"));
      setFailed(false);
    } catch (error) {
      if (isUnauthorized(error)) onUnauthorized();
      else setFailed(true);
    }
  }

  useEffect(() => {
    load(null);
  }, [path]);

  async function loadMore() {
    if (!nextBefore) return;
    setLoadingMore(true);
    await load(nextBefore);
    setLoadingMore(false);
  }

  return { rows, setRows, failed, hasMore: nextBefore !== null, loadingMore, loadMore };
}
