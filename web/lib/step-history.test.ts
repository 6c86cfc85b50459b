import { afterEach, expect, test } from "bun:test";
import { stepHistory } from "./step-history";

let current = 1;
const form = () =>
  stepHistory({
    key: "testStep",
    count: 4,
    current: () => current,
    show: (step) => {
      current = step;
    },
  });
/** History moves are answered by a popstate event a moment later. */
const moved = () => new Promise((resolve) => setTimeout(resolve, 20));
let stop = () => {};
afterEach(() => stop());

test("Back returns to each step shown before, Forward stays, and after a reload Back still goes on", async () => {
  let steps = form();
  stop = steps.follow();
  steps.goTo(2);
  steps.goTo(9);
  // Clamped to the form's steps.
  expect(current).toBe(4);
  history.back();
  await moved();
  expect(current).toBe(2);
  // Forward would skip a step's Continue: the form stays where it is.
  history.forward();
  await moved();
  expect(current).toBe(2);
  // A reload: the page follows again from the entry it is on, whose place says Back is still the form's.
  stop();
  steps = form();
  stop = steps.follow();
  history.back();
  await moved();
  expect(current).toBe(1);
});
