import { afterEach, describe, expect, test } from "bun:test";
import { marketingPages } from "@src/lib/site-pages";
import { isKnownRoute, routes } from "@src/lib/site-routes";
import { cleanup, screen } from "@testing-library/react";
import { App, pages } from "./App";
import { renderAt } from "./test/render-at";

afterEach(cleanup);

const renderApp = (path: string) => renderAt(<App />, path);

describe("the route table", () => {
  test("every route's page has a component, and every component has a route", () => {
    const named = new Set(routes.map((r) => r.page));
    for (const route of routes)
      expect({ pattern: route.pattern, component: typeof pages[route.page]?.component }).toEqual({
        pattern: route.pattern,
        component: "function",
      });
    for (const page of Object.keys(pages)) expect({ page, routed: named.has(page as never) }).toEqual({ page, routed: true });
  });

  test("each pattern is listed once", () => {
    const patterns = routes.map((r) => r.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  test("the prerendered marketing pages are bundled; the other screens load on demand", () => {
    const prerendered = new Set<string>(Object.keys(marketingPages));
    for (const { pattern, page } of routes) {
      if (prerendered.has(pattern)) expect({ pattern, lazy: pages[page].lazy ?? false }).toEqual({ pattern, lazy: false });
      if (pattern.includes(":") || ["/enroll", "/login", "/admin", "/admin/login"].includes(pattern))
        expect({ pattern, lazy: pages[page].lazy }).toEqual({ pattern, lazy: true });
    }
  });

  test("the browser renders what the server knows: a table path shows its page, any other path Not Found", () => {
    renderApp("/faq");
    expect(isKnownRoute("/faq")).toBe(true);
    expect(screen.getByRole("heading", { level: 1, name: "We're working on this page" })).toBeTruthy();
    cleanup();
    renderApp("/nope/not-a-page");
    expect(isKnownRoute("/nope/not-a-page")).toBe(false);
    expect(screen.getByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
  });

  test("the admin area draws its own chrome: no public header, menu, Log in or footer", async () => {
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () => Response.json({ message: "Sign in to continue." }, { status: 401 })) as unknown as typeof fetch;
    try {
      renderApp("/admin/login");
      await screen.findByRole("heading", { level: 1, name: "Admin Login" });
      expect(screen.getByRole("navigation", { name: "Admin" })).toBeTruthy();
      expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
      expect(screen.queryByRole("link", { name: "Log in" })).toBeNull();
      expect(document.querySelectorAll("body footer")).toHaveLength(0);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
