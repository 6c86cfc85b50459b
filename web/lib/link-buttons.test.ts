import { afterEach, describe, expect, test } from "bun:test";
import { spaceActivatesLinkButtons } from "./link-buttons";

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  document.body.innerHTML = "";
});

describe("links drawn as buttons", () => {
  test("Space follows a link with role=button, and only such a link", () => {
    stop = spaceActivatesLinkButtons();
    document.body.innerHTML = `<a href="/enroll" role="button" id="cta"><span>Get started</span></a><a href="/faq" id="plain">FAQ</a>`;
    const followed: string[] = [];
    for (const a of document.querySelectorAll("a"))
      a.addEventListener("click", (event) => {
        event.preventDefault();
        followed.push(a.id);
      });
    const space = (target: Element) => {
      const event = new KeyboardEvent("keydown", { key: " ", bubbles: true, cancelable: true });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    // From the link itself or from what is inside it; the page does not scroll.
    expect(space(document.querySelector("#cta span")!)).toBe(true);
    // A held Space follows it once, not again with each repeat.
    const held = new KeyboardEvent("keydown", { key: " ", bubbles: true, cancelable: true, repeat: true });
    document.querySelector("#cta")!.dispatchEvent(held);
    // A plain link keeps the browser's Space (scrolling).
    expect(space(document.querySelector("#plain")!)).toBe(false);
    expect(followed).toEqual(["cta"]);
  });
});
