import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Modal } from "./Modal";

afterEach(cleanup);

const dialogs = () => [...document.querySelectorAll("dialog")];

describe("Modal", () => {
  test("Escape closes it once", async () => {
    let closes = 0;
    render(
      <Modal title="Ada Lovelace" back="Back to the leads" onClose={() => closes++}>
        <p>Body</p>
      </Modal>,
    );
    const dialog = dialogs()[0];
    expect(dialog.open).toBe(true);
    // What a browser does on Escape: a cancel event, then the dialog closes.
    fireEvent(dialog, new Event("cancel", { cancelable: true }));
    dialog.close();
    await waitFor(() => expect(closes).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closes).toBe(1);
  });

  test("the Close button closes it once", async () => {
    let closes = 0;
    render(
      <Modal title="Ada Lovelace" back="Back to the leads" onClose={() => closes++}>
        <p>Body</p>
      </Modal>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(closes).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closes).toBe(1);
  });

  test("a back button after the content, the last thing in the dialog, closes it once", async () => {
    let closes = 0;
    render(
      <Modal title="Ada Lovelace" back="Back to the leads" onClose={() => closes++}>
        <p>A long body</p>
      </Modal>,
    );
    const back = screen.getByRole("button", { name: "Back to the leads" });
    const dialog = dialogs()[0]!;
    const focusable = [...dialog.querySelectorAll("button, a[href], input, select, textarea")];
    expect(focusable.at(-1)).toBe(back);
    expect(back.closest("footer")).not.toBeNull();
    fireEvent.click(back);
    await waitFor(() => expect(closes).toBe(1));
    expect(dialog.open).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closes).toBe(1);
  });

  test("each dialog is named by its own title", () => {
    render(
      <>
        <Modal title="First" back="Back" onClose={() => {}}>
          <p>1</p>
        </Modal>
        <Modal title="Second" back="Back" onClose={() => {}}>
          <p>2</p>
        </Modal>
      </>,
    );
    const [first, second] = dialogs();
    const titleOf = (dialog: HTMLDialogElement) => document.getElementById(dialog.getAttribute("aria-labelledby")!)?.textContent;
    expect(titleOf(first)).toBe("First");
    expect(titleOf(second)).toBe("Second");
  });
});
