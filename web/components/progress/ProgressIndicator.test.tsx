import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, render, screen } from "@testing-library/react";
import { ProgressIndicator, percentComplete } from "./ProgressIndicator";

const steps = ["Company Info", "Plan Design", "Employee Classes", "Employee Census", "Effective Date", "Review & Submit"];
afterEach(cleanup);

describe("ProgressIndicator", () => {
  test("shows the current step label, Step N of M and the rounded percentage", () => {
    render(<ProgressIndicator steps={steps} current={2} />);
    expect(document.querySelector(".progress-label")!.textContent).toBe("Plan Design");
    expect(screen.getByText("Step 2 of 6")).toBeTruthy();
    expect(screen.getByText("33% Complete")).toBeTruthy();
  });

  test("rounds to the nearest whole percent", () => {
    expect(percentComplete(1, 6)).toBe(17);
    expect(percentComplete(5, 7)).toBe(71);
    expect(percentComplete(6, 6)).toBe(100);
  });

  test("the bar reflects the step", () => {
    render(<ProgressIndicator steps={steps} current={3} />);
    const bar = document.querySelector("progress")!;
    expect(bar.getAttribute("value")).toBe("3");
    expect(bar.getAttribute("max")).toBe("6");
  });

  test("numbered circles are done, current or upcoming", () => {
    render(<ProgressIndicator steps={steps} current={3} />);
    const items = [...document.querySelectorAll(".progress-steps li")];
    expect(items.map((li) => li.getAttribute("data-state"))).toEqual(["done", "done", "current", "upcoming", "upcoming", "upcoming"]);
    expect(items[2].getAttribute("aria-current")).toBe("step");
    expect(items[3].querySelector(".step-circle")!.textContent).toBe("4");
    expect(items[0].querySelector(".step-circle")!.textContent).toBe("✓");
  });
});
