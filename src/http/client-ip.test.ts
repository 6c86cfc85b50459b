import { describe, expect, test } from "bun:test";
import { clientIp } from "./client-ip";

const socket = { requestIP: () => ({ address: "192.0.2.10", family: "IPv4" as const, port: 1 }) };
const from = (forwarded?: string) => new Request("http://localhost/", { headers: forwarded ? { "x-forwarded-for": forwarded } : {} });

describe("clientIp", () => {
  test("behind a trusted proxy, the hop the proxy appended (the right-most) is the client", () => {
    expect(clientIp(from("198.51.100.66, 203.0.113.7"), socket, true)).toBe("203.0.113.7");
    expect(clientIp(from("203.0.113.7"), socket, true)).toBe("203.0.113.7");
    const twoHeaders = new Request("http://localhost/", {
      headers: [
        ["x-forwarded-for", "198.51.100.66"],
        ["x-forwarded-for", "203.0.113.8"],
      ],
    });
    expect(clientIp(twoHeaders, socket, true)).toBe("203.0.113.8");
  });

  test("without the header, or without TRUST_PROXY, the socket's address", () => {
    expect(clientIp(from(), socket, true)).toBe("192.0.2.10");
    expect(clientIp(from("198.51.100.66, 203.0.113.7"), socket, false)).toBe("192.0.2.10");
    expect(clientIp(from("198.51.100.66"), null, false)).toBeNull();
  });
});
