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

describe("defaults", () => {
  test("an empty environment starts with every default", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      publicUrl: null,
      trustProxy: false,
      smtpUrl: null,
      mailFrom: "Advantage ICHRA <no-reply@advantage-ichra.example>",
      leadsNotifyTo: null,
      leadsPerMinute: 5,
      leadsPerDay: 50,
      uploadsPerMinute: 10,
      uploadsPerDay: 100,
      adminUsername: null,
      adminPassword: null,
      dataKey: null,
      logRequests: true,
    });
    expect(config.databasePath).toEndWith("/data/ichra.db");
  });

  test("blank values count as unset; values are trimmed; numbers and flags are read", () => {
    const config = loadConfig({
      PORT: " 8080 ",
      HOST: "  ",
      TRUST_PROXY: "1",
      LOG_REQUESTS: "0",
      LEADS_PER_DAY: "1e3",
      SMTP_URL: " smtp://x ",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      trustProxy: true,
      logRequests: false,
      leadsPerDay: 1000,
      smtpUrl: "smtp://x",
    });
  });
});

describe("NODE_ENV", () => {
  test("production only when it says so (under test it says test)", () => {
    expect(loadConfig({ NODE_ENV: "production" }).production).toBe(true);
    expect(loadConfig({ NODE_ENV: "development" }).production).toBe(false);
    expect(loadConfig({}).production).toBe(false);
  });
});

describe("each bad variable is named with what it must be", () => {
  const cases: [Record<string, string>, string][] = [
    [{ PORT: "http" }, 'PORT must be a whole number from 0 to 65535 (got "http")'],
    [{ PORT: "70000" }, 'PORT must be a whole number from 0 to 65535 (got "70000")'],
    [{ PORT: "80.5" }, 'PORT must be a whole number from 0 to 65535 (got "80.5")'],
    [{ LEADS_PER_MINUTE: "0" }, 'LEADS_PER_MINUTE must be a whole number from 1 to 1000000 (got "0")'],
    [{ LEADS_PER_DAY: "-3" }, 'LEADS_PER_DAY must be a whole number from 1 to 10000000 (got "-3")'],
    [{ UPLOADS_PER_MINUTE: "0" }, 'UPLOADS_PER_MINUTE must be a whole number from 1 to 1000000 (got "0")'],
    [{ UPLOADS_PER_DAY: "many" }, 'UPLOADS_PER_DAY must be a whole number from 1 to 10000000 (got "many")'],
    [{ PUBLIC_URL: "benefits.example" }, 'PUBLIC_URL must be an http:// or https:// address (got "benefits.example")'],
    [{ TRUST_PROXY: "yes" }, 'TRUST_PROXY must be 1 (on) or 0 (off) (got "yes")'],
    [{ LOG_REQUESTS: "off" }, 'LOG_REQUESTS must be 1 (on) or 0 (off) (got "off")'],
    [{ MAIL_FROM: "x".repeat(2001) }, `MAIL_FROM must be at most 2000 characters (got "${"x".repeat(100)}…")`],
  ];
  for (const [env, message] of cases) {
    test(message.slice(0, 60), () => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    });
  }

  test("a secret's value never appears in the message", () => {
    for (const name of ["ADMIN_PASSWORD", "DATA_KEY", "SMTP_URL"]) {
      const secret = `s3cret-${"y".repeat(2001)}`;
      try {
        loadConfig({ [name]: secret });
        throw new Error("accepted");
      } catch (error) {
        expect((error as ConfigError).problems).toEqual([`${name} must be at most 2000 characters`]);
        expect((error as Error).message).not.toContain("s3cret");
      }
    }
  });

  test("all of them at once, one line each", () => {
    try {
      loadConfig({ PORT: "x", PUBLIC_URL: "ftp://a", TRUST_PROXY: "true", LEADS_PER_DAY: "0" });
      throw new Error("accepted");
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'PORT must be a whole number from 0 to 65535 (got "x")',
        'PUBLIC_URL must be an http:// or https:// address (got "ftp://a")',
        'TRUST_PROXY must be 1 (on) or 0 (off) (got "true")',
        'LEADS_PER_DAY must be a whole number from 1 to 10000000 (got "0")',
      ]);
      expect((error as Error).message.split("\n")).toHaveLength(4);
    }
  });
});
