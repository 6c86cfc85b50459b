// Startup budget: the single binary starts and answers /api/health within 300 ms, and idles
// under 80 MB RSS. The baseline is a bare `bun -e` Bun.serve answering the same path, timed
// the same way in the same run.
import { join } from "node:path";
import { buildBinary } from "../build";
import { median, memoryKb, scratch, verdict } from "./_support";

const runs = 5;

async function timeToFirstAnswer(cmd: string[], env: Record<string, string>, port: number): Promise<{ ms: number; rssKb: number }> {
  const started = performance.now();
  const proc = Bun.spawn(cmd, {
    env: { PATH: process.env.PATH ?? "", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdout: "ignore",
    stderr: "inherit",
  });
  const deadline = started + 10_000;
  let ms = -1;
  while (performance.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) {
        ms = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await Bun.sleep(2);
  }
  await Bun.sleep(500); // let it settle to idle before reading RSS
  const rssKb = memoryKb(proc.pid, "VmRSS");
  proc.kill("SIGTERM");
  await proc.exited;
  if (ms < 0) throw new Error(`${cmd[0]} did not answer within 10 s`);
  return { ms, rssKb };
}

const { dir, remove } = scratch("startup");
try {
  const binary = await buildBinary(join(dir, "ichra"));
  const baselineSrc = `Bun.serve({ port: Number(process.env.PORT), hostname: "127.0.0.1", fetch: () => Response.json({ status: "ok" }) });`;
  const app: { ms: number; rssKb: number }[] = [];
  const base: { ms: number; rssKb: number }[] = [];
  for (let i = 0; i < runs; i++) {
    base.push(await timeToFirstAnswer([process.execPath, "-e", baselineSrc], {}, 41000 + i));
    app.push(await timeToFirstAnswer([binary, "serve"], { DATABASE_PATH: join(dir, `db-${i}`, "ichra.db"), LOG_REQUESTS: "0" }, 41100 + i));
  }
  const appMs = median(app.map((r) => r.ms));
  const baseMs = median(base.map((r) => r.ms));
  const rssMb = median(app.map((r) => r.rssKb)) / 1024;
  const ok = appMs <= 300 && rssMb <= 80;
  console.log(
    `startup: ${appMs.toFixed(0)} ms to first /api/health (baseline bare Bun.serve ${baseMs.toFixed(0)} ms, ratio ${(appMs / baseMs).toFixed(2)}), idle RSS ${rssMb.toFixed(1)} MB; budget ≤ 300 ms and ≤ 80 MB: ${verdict(ok)}`,
  );
} finally {
  remove();
}
