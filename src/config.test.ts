import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "./config";

describe("PUBLIC_URL", () => {
  test("is an http(s) address kept without trailing slashes", () => {
    expect(loadConfig({ PUBLIC_URL: "https://benefits.example//" }).publicUrl).toBe("https://benefits.example");
    expect(loadConfig({ PUBLIC_URL: "http://localhost:3000" }).publicUrl).toBe("http://localhost:3000");
    expect(loadConfig({}).publicUrl).toBeNull();
  });

  test("anything else stops the start with the variable named", () => {
    for (const bad of ["benefits.example", "ftp://benefits.example", "javascript:alert(1)"]) {
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow("PUBLIC_URL must be an http:// or https:// address");
    }
  });
});
