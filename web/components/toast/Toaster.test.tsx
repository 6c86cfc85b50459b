import { afterEach, describe, expect, jest, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Toaster } from "./Toaster";
import { currentToast, dismissToast, TOAST_DISPLAY_MS, toast } from "./toast-store";

afterEach(() => {
  jest.useRealTimers();
  act(() => dismissToast());
  cleanup();
});

describe("Toaster", () => {
  test("a toast goes away by itself after its display time; a newer one gets its own full time", () => {
    jest.useFakeTimers();
    render(<Toaster />);
    act(() => void toast({ title: "First" }));
    act(() => jest.advanceTimersByTime(TOAST_DISPLAY_MS - 1));
    expect(screen.getByText("First")).toBeTruthy();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText("First")).toBeNull();
    expect(currentToast.value).toBeNull();

    act(() => void toast({ title: "Second" }));
    act(() => jest.advanceTimersByTime(TOAST_DISPLAY_MS - 1000));
    act(() => void toast({ title: "Third" }));
    // The replaced toast's timer must not take the new one away early.
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText("Third")).toBeTruthy();
    act(() => jest.advanceTimersByTime(TOAST_DISPLAY_MS - 1000));
    expect(screen.queryByText("Third")).toBeNull();
  });

  test("shows a default toast politely", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Plan Selection Complete", description: "Your plan selection has been saved successfully." }));
    const status = screen.getByRole("status");
    expect(status.textContent).toContain("Plan Selection Complete");
    expect(status.textContent).toContain("Your plan selection has been saved successfully.");
    expect(status.querySelector("[data-variant='default']")).not.toBeNull();
  });

  test("announces a destructive toast as an alert", () => {
    render(<Toaster />);
    act(
      () => void toast({ title: "Save Failed", description: "Failed to save employee classes. Please try again.", variant: "destructive" }),
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Save Failed");
    expect(alert.querySelector("[data-variant='destructive']")).not.toBeNull();
    expect(screen.getByRole("status").textContent).toBe("");
  });

  test("shows one toast at a time: a new one replaces the current", () => {
    render(<Toaster />);
    act(() => void toast({ title: "First" }));
    act(() => void toast({ title: "Second" }));
    expect(document.querySelectorAll(".toast")).toHaveLength(1);
    expect(screen.queryByText("First")).toBeNull();
    expect(screen.getByText("Second")).toBeTruthy();
  });

  test("the close button dismisses it", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Link Copied" }));
    fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    expect(screen.queryByText("Link Copied")).toBeNull();
    expect(currentToast.value).toBeNull();
  });

  test("dismissing an old toast by id leaves the newer one", () => {
    render(<Toaster />);
    let first = 0;
    act(() => {
      first = toast({ title: "Old" });
    });
    act(() => void toast({ title: "New" }));
    act(() => dismissToast(first));
    expect(screen.getByText("New")).toBeTruthy();
  });

  test("while a toast shows, what the browser scrolls to stops above it, not under it", () => {
    // happy-dom lays nothing out: the viewport is given the height a toast has in a browser.
    const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "offsetHeight")!;
    Object.defineProperty(HTMLElement.prototype, "offsetHeight", {
      configurable: true,
      get() {
        return this.classList.contains("toast-viewport") && this.querySelector(".toast") ? 112 : 0;
      },
    });
    try {
      // Where the browser scrolls to stops above the toast, and the page is as much longer.
      const padding = () => [
        document.documentElement.style.getPropertyValue("scroll-padding-bottom"),
        document.body.style.getPropertyValue("padding-bottom"),
      ];
      render(<Toaster />);
      expect(padding()).toEqual(["", ""]);
      act(() => void toast({ title: "Payroll Run Created" }));
      expect(padding()).toEqual(["112px", "112px"]);
      fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
      expect(padding()).toEqual(["", ""]);
      // On a phone it comes down over the top: the page is no longer, and what is scrolled to stops below it.
      const media = window.matchMedia;
      window.matchMedia = ((query: string) => ({ matches: false, media: query })) as unknown as typeof window.matchMedia;
      try {
        act(() => void toast({ title: "Payroll Run Created" }));
        expect(padding()).toEqual(["", ""]);
        expect(document.documentElement.style.getPropertyValue("scroll-padding-top")).toBe("max(12.5rem, 128px)");
        fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
        expect(document.documentElement.style.getPropertyValue("scroll-padding-top")).toBe("");
      } finally {
        window.matchMedia = media;
      }
    } finally {
      Object.defineProperty(HTMLElement.prototype, "offsetHeight", height);
    }
  });
});
