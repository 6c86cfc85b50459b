import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, render, screen } from "@testing-library/react";
import { FileField } from "./Field";

afterEach(cleanup);

const bill = new File([new Uint8Array(10)], "bill.pdf", { type: "application/pdf" });
const field = (preparing: boolean) => (
  <FileField id="files" label="Proof of payment" files={[bill]} onInput={() => {}} accept=".pdf" max={5} preparing={preparing} />
);

describe("FileField while a photo is made smaller", () => {
  test("says so, and holds the picker and the Remove buttons until the list is back", () => {
    const { rerender } = render(field(true));
    expect(screen.getByText("Making your photo smaller to send...")).toBeTruthy();
    expect((screen.getByLabelText(/Proof of payment/) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Remove bill.pdf" }) as HTMLButtonElement).disabled).toBe(true);
    rerender(field(false));
    expect(screen.queryByText("Making your photo smaller to send...")).toBeNull();
    expect((screen.getByLabelText(/Proof of payment/) as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole("button", { name: "Remove bill.pdf" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
