// The README's promises about the machine, held to what the dependencies declare.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const json = (path: string) => JSON.parse(readFileSync(join(root, path), "utf8"));

/** The lowest Node major a `>=N…` engines range allows; null for any other form. */
const minimumMajor = (range: unknown) =>
  typeof range === "string" ? Number(/^>=\s*(\d+)/.exec(range.trim())?.[1] ?? Number.NaN) : Number.NaN;

describe("README", () => {
  test("names the Node version every direct dependency supports", () => {
    const { dependencies } = json("package.json") as { dependencies: Record<string, string> };
    const needed = Object.keys(dependencies)
      .map((name) => ({ name, major: minimumMajor(json(`node_modules/${name}/package.json`).engines?.node) }))
      .filter((d) => !Number.isNaN(d.major));
    const highest = Math.max(...needed.map((d) => d.major));
    expect(highest).toBeGreaterThanOrEqual(22);
    const stated = /Node\.js \((\d+)\+\)/.exec(readFileSync(join(root, "README.md"), "utf8"))?.[1];
    expect({ stated: Number(stated), needs: needed.filter((d) => d.major === highest).map((d) => d.name) }).toEqual({
      stated: highest,
      needs: expect.arrayContaining(["file-type"]),
    });
  });
});
