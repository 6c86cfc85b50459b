// What a screen shows while it reads, and when it reads again: after a failure, loading; after
// a change of its own, what it showed until the new answer (or at once what the change answered);
// for another key, never the old answer; with nothing to read, nothing is asked.
import { afterEach, describe, expect, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useLoad } from "./use-load";

afterEach(cleanup);

/** Answers held until the test settles them, one per call. */
function pendingAnswers() {
  const calls: { key: string; resolve: (value: string) => void; reject: (error: unknown) => void }[] = [];
  const load = (key: string) => () => new Promise<string>((resolve, reject) => calls.push({ key, resolve, reject }));
  return { calls, load };
}

/** With no id there is nothing to read. */
function Shown({ id, load }: { id: string | null; load: (key: string) => () => Promise<string> }) {
  const [state, reload, show] = useLoad(id === null ? null : load(id), [id]);
  return (
    <>
      <p data-testid="shown">{state.status === "ready" ? `ready: ${state.value}` : state.status}</p>
      <button type="button" onClick={reload}>
        Again
      </button>
      <button type="button" onClick={() => show("changed")}>
        Change
      </button>
    </>
  );
}

const shown = () => screen.getByTestId("shown").textContent;

/** The screen for `id`, its reads held in `calls`; `showId` shows it for another id. */
function renderShown(id: string | null = "a") {
  const answers = pendingAnswers();
  const { rerender } = render(<Shown id={id} load={answers.load} />);
  return { calls: answers.calls, showId: (next: string | null) => rerender(<Shown id={next} load={answers.load} />) };
}

/** The screen for "a" once its first read answered "first". */
async function shownFirst() {
  const view = renderShown();
  view.calls[0]!.resolve("first");
  await screen.findByText("ready: first");
  return view;
}

describe("useLoad", () => {
  test("after a failure, asking again shows loading, then the answer", async () => {
    const { calls } = renderShown();
    expect(shown()).toBe("loading");
    calls[0]!.reject(new Error("offline"));
    await screen.findByText("error");
    fireEvent.click(screen.getByRole("button", { name: "Again" }));
    expect(shown()).toBe("loading");
    calls[1]!.resolve("first");
    await screen.findByText("ready: first");
  });

  test("refreshing keeps what is shown until the new answer replaces it", async () => {
    const { calls } = await shownFirst();
    fireEvent.click(screen.getByRole("button", { name: "Again" }));
    expect(shown()).toBe("ready: first");
    calls[1]!.resolve("second");
    await screen.findByText("ready: second");
  });

  test("another key shows loading, and a late answer for the old key is dropped", async () => {
    const { calls, showId } = await shownFirst();
    fireEvent.click(screen.getByRole("button", { name: "Again" }));
    showId("b");
    expect(shown()).toBe("loading");
    expect(calls.map((c) => c.key)).toEqual(["a", "a", "b"]);
    await act(async () => calls[1]!.resolve("late of a"));
    expect(shown()).toBe("loading");
    calls[2]!.resolve("of b");
    await screen.findByText("ready: of b");
  });

  test("with nothing to read it is idle and asks nothing; an id to read shows loading, then the answer", async () => {
    const { calls, showId } = renderShown(null);
    expect(shown()).toBe("idle");
    expect(calls).toEqual([]);
    showId("a");
    expect(shown()).toBe("loading");
    calls[0]!.resolve("of a");
    await screen.findByText("ready: of a");
    showId(null);
    expect(shown()).toBe("idle");
    expect(calls.length).toBe(1);
  });

  test("what a change answered is shown at once, and a read begun before it does not replace it", async () => {
    const { calls } = await shownFirst();
    fireEvent.click(screen.getByRole("button", { name: "Again" }));
    fireEvent.click(screen.getByRole("button", { name: "Change" }));
    expect(shown()).toBe("ready: changed");
    await act(async () => calls[1]!.resolve("read before the change"));
    expect(shown()).toBe("ready: changed");
  });
});
