// Per-address limits on one public endpoint, checked when the request arrives: before its
// body is read, so a flood costs no parsing or validation.
import { Elysia } from "elysia";
import { clientIp } from "./client-ip";
import { tooMany } from "./errors";
import type { RateLimiter } from "./rate-limit";

export function perIpLimit(route: { method: string; path: string }, limiter: RateLimiter, trustProxy: boolean) {
  return new Elysia({ name: "per-ip-limit", seed: `${route.method} ${route.path}` }).onRequest(({ request, server }) => {
    if (request.method !== route.method) return;
    const path = new URL(request.url).pathname.replace(/\/+$/, "");
    if (path !== route.path) return;
    const decision = limiter.take(clientIp(request, server, trustProxy) ?? "unknown");
    if (!decision.allowed) throw tooMany(decision.retryAfterSeconds);
  });
}
