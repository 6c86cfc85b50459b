// The admin screens' tests: web/test/fake-server.ts answers the calls, and this adds the
// response headers the admin lists carry (counts and next-page markers), chosen for the
// request each answer is for (several may be under way at once).
import { fakeServer, type RecordedCall } from "../../test/fake-server";

type Routes = Parameters<typeof fakeServer>[0];

export function fakeAdminServer(routes: Routes, headersFor: (call: RecordedCall) => Record<string, string> | undefined = () => undefined) {
  const server = fakeServer(routes);
  const answer = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const index = server.calls.length;
    const res = await answer(input, init);
    const call = server.calls[index]!;
    for (const [name, value] of Object.entries(headersFor(call) ?? {})) res.headers.set(name, value);
    return res;
  }) as typeof fetch;
  return server;
}
