import { afterEach, describe, expect, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Toaster } from "./Toaster";
import { currentToast, dismissToast, toast } from "./toast-store";

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

describe("Toaster", () => {
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
    act(() => void toast({ title: "Save Failed", description: "Failed to save employee classes. Please try again.", variant: "destructive" }));
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
    act(() => void (first = toast({ title: "Old" })));
    act(() => void toast({ title: "New" }));
    act(() => dismissToast(first));
    expect(screen.getByText("New")).toBeTruthy();
  });
});
