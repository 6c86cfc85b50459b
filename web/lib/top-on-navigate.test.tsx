import { afterEach, expect, spyOn, test } from "bun:test";
import { act, cleanup, render } from "@testing-library/react";
import { navigate } from "wouter/use-browser-location";
import { useTopOnNavigate } from "./top-on-navigate";

afterEach(cleanup);

function Page() {
  useTopOnNavigate();
  return (
    <>
      <main id="main">
        <h1>Page</h1>
      </main>
      <footer>
        <a href="/contact">Contact</a>
      </footer>
    </>
  );
}

/** The window as scrolled to `y` by the person, as the browser tells it. */
function scrolledTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  window.dispatchEvent(new Event("scroll"));
}

test("a new page opens at the top with the focus on its main content; Back returns to where the page was left; an anchor and the first page keep theirs", () => {
  history.replaceState(null, "", "/benefits");
  const scrolls = spyOn(window, "scrollTo").mockImplementation(() => {});
  try {
    render(<Page />);
    // The page first shown keeps the scroll the browser gave it.
    expect(scrolls).not.toHaveBeenCalled();
    scrolledTo(700);
    document.querySelector("a")!.focus();
    act(() => navigate("/about-ichra"));
    expect(scrolls.mock.calls as unknown[]).toEqual([[{ top: 0 }]]);
    // The footer link pressed no longer holds the focus: the new page's content does.
    expect(document.activeElement).toBe(document.getElementById("main"));
    expect(document.getElementById("main")!.getAttribute("tabindex")).toBe("-1");
    scrolledTo(0);
    // Back: the place the page was left is taken up again.
    act(() => {
      history.replaceState(null, "", "/benefits");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(scrolls.mock.calls.at(-1) as unknown[]).toEqual([{ top: 700 }]);
    const calls = scrolls.mock.calls.length;
    // A person scrolling ends the return.
    window.dispatchEvent(new Event("wheel"));
    // A link to a section of a page scrolls to the section instead.
    act(() => navigate("/employers#how-it-works"));
    expect(scrolls.mock.calls.length).toBe(calls);
    act(() => navigate("/contact"));
    expect(scrolls.mock.calls.at(-1) as unknown[]).toEqual([{ top: 0 }]);
  } finally {
    scrolls.mockRestore();
    Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
  }
});
