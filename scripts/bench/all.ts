// `npm run bench`: runs every benchmark in this folder, one after another (they share the
// machine's two cores), and fails if any of them fails. Files starting with `_` are helpers.
import { readdirSync } from "node:fs";
import { join } from "node:path";

const dir = import.meta.dir;
const benches = readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && f !== "all.ts" && !f.startsWith("_"))
  .sort();
let failed = 0;
for (const file of benches) {
  const proc = Bun.spawn([process.execPath, join(dir, file)], { stdout: "inherit", stderr: "inherit" });
  if ((await proc.exited) !== 0) {
    failed += 1;
    console.error(`${file} failed`);
  }
}
process.exit(failed ? 1 : 0);
