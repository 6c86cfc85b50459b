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

  test("a run longer than a column allows offers a break every 20 characters, so a table can still fit it", () => {
    const { container } = render(
      <p>
        <EmailAddress email="christopherjonathanmontgomerywashington@x.example" />
      </p>,
    );
    expect(container.querySelector("p")!.innerHTML).toBe("christopherjonathanm<wbr>ontgomerywashington@<wbr>x<wbr>.example");
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
