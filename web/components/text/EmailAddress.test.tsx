import { describe, expect, test } from "bun:test";
import { render } from "@testing-library/react";
import { EmailAddress } from "./EmailAddress";

/** The paragraph an address is drawn in. */
function drawn(email: string): HTMLParagraphElement {
  const { container } = render(
    <p>
      <EmailAddress email={email} />
    </p>,
  );
  return container.querySelector("p")!;
}

describe("EmailAddress", () => {
  test("offers a break after the @ and before each dot, and reads as the address", () => {
    const p = drawn("jane.doe@mail.example.com");
    expect(p.textContent).toBe("jane.doe@mail.example.com");
    expect(p.innerHTML).toBe("jane<wbr>.doe@<wbr>mail<wbr>.example<wbr>.com");
  });

  test("a run longer than a column allows offers a break every 20 characters, so a table can still fit it", () => {
    expect(drawn("christopherjonathanmontgomerywashington@x.example").innerHTML).toBe(
      "christopherjonathanm<wbr>ontgomerywashington@<wbr>x<wbr>.example",
    );
  });

  test("an address without a dot or an @ is left whole", () => {
    expect(drawn("postmaster").innerHTML).toBe("postmaster");
  });
});
