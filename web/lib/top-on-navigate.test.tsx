import { afterEach, expect, spyOn, test } from "bun:test";
import { act, cleanup, render } from "@testing-library/react";
import { navigate } from "wouter/use-browser-location";
import { useTopOnNavigate } from "./top-on-navigate";

afterEach(cleanup);

function Page() {
  useTopOnNavigate();
  return null;
}

test("a new page opens at the top; the browser's Back or Forward (popstate), an anchor and the first page keep their scroll", () => {
  history.replaceState(null, "", "/benefits");
  const scrolls = spyOn(window, "scrollTo").mockImplementation(() => {});
  try {
    render(<Page />);
    // The page first shown keeps the scroll the browser gave it.
    expect(scrolls).not.toHaveBeenCalled();
    act(() => navigate("/about-ichra"));
    expect(scrolls).toHaveBeenCalledTimes(1);
    expect(scrolls.mock.calls[0] as unknown[]).toEqual([{ top: 0 }]);
    // Back: the browser restores where the page was left.
    act(() => {
      history.replaceState(null, "", "/benefits");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(scrolls).toHaveBeenCalledTimes(1);
    // A link to a section of a page scrolls to the section instead.
    act(() => navigate("/employers#how-it-works"));
    expect(scrolls).toHaveBeenCalledTimes(1);
    act(() => navigate("/contact"));
    expect(scrolls).toHaveBeenCalledTimes(2);
  } finally {
    scrolls.mockRestore();
  }
});
