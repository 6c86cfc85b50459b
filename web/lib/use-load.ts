// What a screen reads as it opens: loading, then the answer or the failure, and a way to ask
// again. Asking again after a failure shows loading; asking again to refresh what is shown
// (after a change the screen made) keeps it on screen until the new answer replaces it.
import { useEffect, useRef, useState } from "react";

export type Loaded<T> = { status: "loading" } | { status: "error"; error: unknown } | { status: "ready"; value: T };
/** The screen lacks what it would ask for (no id yet): nothing is read. */
export type Idle = { status: "idle" };

/** Asking again; and showing at once what a change the screen made answered, without reading again. */
type Load<T, S> = [S, () => void, (value: T) => void];

/**
 * Runs `load` on mount and whenever `key` changes (showing loading again); `reload` runs it once more.
 * A null `load` reads nothing and is idle until there is something to read.
 */
export function useLoad<T>(load: () => Promise<T>, key?: readonly unknown[]): Load<T, Loaded<T>>;
export function useLoad<T>(load: (() => Promise<T>) | null, key?: readonly unknown[]): Load<T, Loaded<T> | Idle>;
export function useLoad<T>(load: (() => Promise<T>) | null, key: readonly unknown[] = []): Load<T, Loaded<T> | Idle> {
  const [state, setState] = useState<Loaded<T> | Idle>(load ? { status: "loading" } : { status: "idle" });
  const [version, setVersion] = useState(0);
  const ran = useRef(version);
  const dropPending = useRef(() => {});

  useEffect(() => {
    const refresh = ran.current !== version;
    ran.current = version;
    if (!load) {
      setState((shown) => (shown.status === "idle" ? shown : { status: "idle" }));
      return;
    }
    // A new key is another thing to show: what the old one answered must not stay on screen.
    setState((shown) => (shown.status === "loading" || (refresh && shown.status !== "idle") ? shown : { status: "loading" }));
    let live = true;
    dropPending.current = () => {
      live = false;
    };
    load().then(
      (value) => live && setState({ status: "ready", value }),
      (error: unknown) => live && setState({ status: "error", error }),
    );
    return () => {
      live = false;
    };
  }, [...key, load === null, version]);

  const reload = () => {
    setState((shown) => (shown.status === "error" ? { status: "loading" } : shown));
    setVersion((v) => v + 1);
  };
  // What the change answered is newer than any read begun before it.
  const show = (value: T) => {
    dropPending.current();
    setState({ status: "ready", value });
  };
  return [state, reload, show];
}
