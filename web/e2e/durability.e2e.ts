// Nothing acknowledged is lost: concurrent lead submissions against the real server
// process, SIGKILL in the middle, restart; every submission that got a 201 is there and no
// row is half-written. SIGTERM: requests in flight finish, new ones are refused, the
// process exits cleanly.
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startTestServer } from "./harness";

const dir = mkdtempSync(join(tmpdir(), "ichra-durability-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const unlimited = { LEADS_PER_MINUTE: "1000000", LEADS_PER_DAY: "10000000" };

async function submit(url: string, n: number): Promise<number | null> {
  try {
    const res = await fetch(`${url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ name: `Durable ${n}`, company: "Crash Test Co", email: `durable${n}@example.com`, message: `submission ${n}` }),
    });
    if (res.status !== 201) return null;
    return (await res.json()).id as number;
  } catch {
    return null; // connection dropped: not acknowledged
  }
}

function readRows(path: string) {
  const db = new Database(path, { readonly: true });
  const integrity = (db.query("pragma integrity_check").get() as { integrity_check: string }).integrity_check;
  const rows = db.query("select id, form_type, name, email, message, submitted_at from form_submissions").all() as {
    id: number;
    form_type: string;
    name: string;
    email: string;
    message: string;
    submitted_at: number;
  }[];
  db.close();
  return { integrity, rows };
}

describe("durability", () => {
  test("SIGKILL mid-load loses no acknowledged submission and leaves no half-written row", async () => {
    const databasePath = join(dir, "kill.db");
    const server = await startTestServer(unlimited, { databasePath });
    const acked: number[] = [];
    let next = 0;
    let stop = false;
    const worker = async () => {
      while (!stop && next < 20_000) {
        const id = await submit(server.url, next++);
        if (id !== null) acked.push(id);
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    while (acked.length < 300) await Bun.sleep(5);
    const exit = server.kill("SIGKILL");
    await exit;
    stop = true;
    await Promise.all(workers);

    const { integrity, rows } = readRows(databasePath);
    expect(integrity).toBe("ok");
    const stored = new Set(rows.map((r) => r.id));
    expect(acked.filter((id) => !stored.has(id))).toEqual([]);
    for (const r of rows) {
      expect(r.form_type).toBe("contact");
      expect(r.name).toMatch(/^Durable \d+$/);
      expect(r.email).toMatch(/^durable\d+@example.com$/);
      expect(r.message).toMatch(/^submission \d+$/);
      expect(r.submitted_at).toBeGreaterThan(0);
    }

    // The restarted server opens the same file and serves what was stored.
    const again = await startTestServer(unlimited, { databasePath });
    expect((await fetch(`${again.url}/api/health`)).status).toBe(200);
    const id = await submit(again.url, 999_999);
    expect(id).not.toBeNull();
    await again.kill("SIGTERM");
    expect(readRows(databasePath).rows.length).toBe(rows.length + 1);
  }, 90_000);

  test("SIGTERM: in-flight requests finish, new ones are refused, exit is clean", async () => {
    const databasePath = join(dir, "term.db");
    const server = await startTestServer(unlimited, { databasePath });
    const inFlight = Array.from({ length: 40 }, (_, i) => submit(server.url, i));
    await Bun.sleep(0);
    const exit = server.kill("SIGTERM");
    const results = await Promise.all(inFlight);
    expect(await exit).toBe(0);
    const acked = results.filter((id): id is number => id !== null);
    const { rows } = readRows(databasePath);
    // Every acknowledged submission is stored, and nothing was stored without an answer.
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(acked.sort((a, b) => a - b));
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  }, 60_000);
});
