// The address a request came from: the socket's, unless the server sits behind a proxy we
// trust (TRUST_PROXY=1). Then the right-most X-Forwarded-For hop is the client: the proxy
// appends the address it saw, while every hop to its left arrived from the client and can
// say anything.
import type { Server } from "bun";

export function clientIp(request: Request, server: Pick<Server<unknown>, "requestIP"> | null, trustProxy: boolean): string | null {
  if (trustProxy) {
    const last = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (last) return last.slice(0, 64);
  }
  return server?.requestIP(request)?.address ?? null;
}
