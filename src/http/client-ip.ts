// The address a request came from: the socket's, unless the server sits behind a proxy we
// trust (TRUST_PROXY=1), in which case the first X-Forwarded-For hop is the client.
import type { Server } from "bun";

export function clientIp(request: Request, server: Pick<Server<unknown>, "requestIP"> | null, trustProxy: boolean): string | null {
  if (trustProxy) {
    const first = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (first) return first.slice(0, 64);
  }
  return server?.requestIP(request)?.address ?? null;
}
