// What a screen reads as it opens: loading, then the answer or the failure, and a way to ask
// again. Asking again after a failure shows loading; asking again to refresh what is shown
// (after a change the screen made) keeps it on screen until the new answer replaces it.
import { useEffect, useRef, useState } from "react";

export type Loaded<T> = { status: "loading" } | { status: "error"; error: unknown } | { status: "ready"; value: T };

/** Runs `load` on mount and whenever `key` changes (showing loading again); `reload` runs it once more. */
export function useLoad<T>(load: () => Promise<T>, key: readonly unknown[] = []): [Loaded<T>, () => void] {
  const [state, setState] = useState<Loaded<T>>({ status: "loading" });
  const [version, setVersion] = useState(0);
  const ran = useRef(version);

  useEffect(() => {
    // A new key is another thing to show: what the old one answered must not stay on screen.
    if (ran.current === version) setState((shown) => (shown.status === "loading" ? shown : { status: "loading" }));
    ran.current = version;
    let live = true;
    load().then(
      (value) => live && setState({ status: "ready", value }),
      (error: unknown) => live && setState({ status: "error", error }),
    );
    return () => {
      live = false;
    };
  }, [...key, version]);

  const reload = () => {
    setState((shown) => (shown.status === "error" ? { status: "loading" } : shown));
    setVersion((v) => v + 1);
  };
  return [state, reload];
}
