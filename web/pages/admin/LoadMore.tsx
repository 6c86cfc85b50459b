/** The button under a paged admin list. */
export function LoadMore({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <button type="button" class="secondary" onClick={onClick} disabled={busy} aria-busy={busy}>
      {busy ? "Loading..." : "Load more"}
    </button>
  );
}
