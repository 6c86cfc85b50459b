// Page serving: GET / from the real server (prerendered page from memory, with headers
// and routing) against a bare Bun.serve returning the same bytes, in the same run.
// Budget: at least 50% of the baseline's throughput.
import { ensureWebBuild, fmt, load, startApp, startBaseline, verdict } from "./_support";

await ensureWebBuild();
const app = await startApp();
try {
  const bytes = new Uint8Array(await (await fetch(`${app.url}/`, { headers: { "accept-encoding": "identity" } })).arrayBuffer());
  if (!new TextDecoder().decode(bytes).includes("Elevate Your Benefits with")) throw new Error("/ is not the prerendered home page");
  const baseline = await startBaseline(`
    const bytes = Buffer.from(${JSON.stringify(Buffer.from(bytes).toString("base64"))}, "base64");
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response(bytes, { headers: { "content-type": "text/html; charset=utf-8" } }) });
    console.log("listening " + server.url.href.replace(/\\/$/, ""));
  `);
  try {
    const seconds = Number(process.env.BENCH_SECONDS ?? 5);
    // Warm both, then measure each the same way.
    await load({ url: `${baseline.url}/`, seconds: 1 });
    await load({ url: `${app.url}/`, seconds: 1 });
    const base = await load({ url: `${baseline.url}/`, seconds });
    const ours = await load({ url: `${app.url}/`, seconds });
    if (ours.statuses["2xx"] !== ours.requests || ours.errors) throw new Error(`non-200 answers: ${JSON.stringify(ours)}`);
    const ratio = ours.rps / base.rps;
    console.log(
      `pages: / ${fmt(ours.rps)} req/s (baseline ${fmt(base.rps)} req/s, ratio ${ratio.toFixed(2)}), p99 ${ours.p99} ms (baseline ${base.p99} ms), ${fmt(bytes.byteLength)} bytes; budget ratio ≥ 0.50: ${verdict(ratio >= 0.5)}`,
    );
  } finally {
    await baseline.stop();
  }
} finally {
  await app.stop();
}
