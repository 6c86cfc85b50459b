import { describe, expect, test } from "bun:test";
import { render } from "@testing-library/react";
import { EmailAddress } from "./EmailAddress";

describe("EmailAddress", () => {
  test("offers a break after the @ and before each dot, and reads as the address", () => {
    const { container } = render(
      <p>
        <EmailAddress email="jane.doe@mail.example.com" />
      </p>,
    );
    const p = container.querySelector("p")!;
    expect(p.textContent).toBe("jane.doe@mail.example.com");
    expect(p.innerHTML).toBe("jane<wbr>.doe@<wbr>mail<wbr>.example<wbr>.com");
  });

  test("an address without a dot or an @ is left whole", () => {
    const { container } = render(
      <p>
        <EmailAddress email="postmaster" />
      </p>,
    );
    expect(container.querySelector("p")!.innerHTML).toBe("postmaster");
  });
});
