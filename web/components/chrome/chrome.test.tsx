import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../../App";

afterEach(cleanup);

const renderAt = (path: string) => {
  const { hook } = memoryLocation({ path });
  return render(
    <Router hook={hook}>
      <App />
    </Router>,
  );
};

describe("site chrome", () => {
  test("header: logo to /, the three nav links, Log in and Request Info", () => {
    renderAt("/brokers");
    const main = screen.getByRole("navigation", { name: "Main" });
    expect(within(main).getByRole("link", { name: "Advantage ICHRA home" }).getAttribute("href")).toBe("/");
    const active = within(main).getByRole("link", { name: "Brokers/Consultants" });
    expect(active.getAttribute("aria-current")).toBe("page");
    expect(within(main).getByRole("link", { name: "Employers" }).getAttribute("aria-current")).toBeNull();
    const login = within(main).getByRole("button", { name: "Log in" });
    expect(login.getAttribute("href")).toBe("/login");
    expect(login.className).toContain("outline");
    expect(within(main).getByRole("button", { name: "Request Info" }).getAttribute("href")).toBe("/contact");
  });

  test("the menu toggle opens the three links plus Log in", () => {
    renderAt("/");
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    fireEvent.click(toggle);
    const menu = screen.getByRole("navigation", { name: "Mobile" });
    expect([...menu.querySelectorAll("a")].map((a) => a.textContent)).toEqual([
      "Employers",
      "Brokers/Consultants",
      "Platforms/Administrators",
      "Log in",
    ]);
    expect(screen.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe("true");
  });

  test("footer: five links, two social links, the year and the tagline", () => {
    renderAt("/");
    const footer = screen.getByRole("navigation", { name: "Footer" });
    expect(
      within(footer)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/about-ichra", "/features", "/pricing", "/resources", "/contact"]);
    expect(screen.getByRole("link", { name: /LinkedIn/ }).getAttribute("href")).toContain("linkedin.com/company/");
    expect(document.querySelectorAll(".social a")).toHaveLength(2);
    expect(screen.getByText(`© ${new Date().getFullYear()} Advantage ICHRA. All rights reserved.`)).toBeTruthy();
    expect(screen.getByText("Reimbursements Reimagined")).toBeTruthy();
  });

  test("the employee registration page has no header or footer", () => {
    renderAt("/employee-registration/5");
    expect(document.querySelector("header")).toBeNull();
    expect(document.querySelector("footer")).toBeNull();
    expect(document.querySelector("main")!.className).toContain("chromeless");
  });

  test("Coming Soon paths show the shared page with Back to Home; others Not Found", () => {
    renderAt("/pricing");
    expect(screen.getByRole("button", { name: "Back to Home" }).getAttribute("href")).toBe("/");
    cleanup();
    renderAt("/definitely-not-here");
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeTruthy();
  });
});
