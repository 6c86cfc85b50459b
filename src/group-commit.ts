// Group commit: writes that arrive together share one transaction, so one commit (one
// fsync of the WAL, with synchronous=FULL) makes all of them durable instead of one each.
// While a commit's fsync holds the event loop, the next requests queue up; they are
// written together on the next turn. Each write runs in its own savepoint: one that
// throws is undone alone and rejects alone. A write's promise settles only after the
// commit that holds it, so nothing is acknowledged before it is on disk.
import type { DB, Tx } from "./db";

interface Pending<T> {
  work: (tx: Tx) => T;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

type Committer = <T>(work: (tx: Tx) => T) => Promise<T>;

const committers = new WeakMap<DB, Committer>();

function committerFor(db: DB): Committer {
  // biome-ignore lint/suspicious/noExplicitAny: one queue holds writes of every result type.
  let queue: Pending<any>[] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      db.transaction(
        (tx) => {
          for (const { work } of batch) {
            try {
              outcomes.push({ ok: true, value: tx.transaction((savepoint) => work(savepoint as Tx)) });
            } catch (error) {
              outcomes.push({ ok: false, error });
            }
          }
        },
        { behavior: "immediate" },
      );
    } catch (error) {
      // The commit itself failed (a full disk, a busy database): nothing of the batch was stored.
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
  };
  return <T>(work: (tx: Tx) => T) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve, reject });
      if (queue.length === 1) setImmediate(flush);
    });
}

/** Runs `work` in a transaction shared with the writes queued in the same turn; resolves once that transaction has committed. */
export function writeTogether<T>(db: DB, work: (tx: Tx) => T): Promise<T> {
  let commit = committers.get(db);
  if (!commit) {
    commit = committerFor(db);
    committers.set(db, commit);
  }
  return commit(work);
}
