// Builds the web app into dist/web (Vite), then runs the post-build steps.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === "node_modules" || name === "e2e" || name.endsWith(".test.tsx") || name.endsWith(".test.ts")) continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

/** The build is stale when any input changed after dist/web/index.html was written. */
export function webBuildIsStale(): boolean {
  const built = join(root, "dist", "web", "index.html");
  if (!existsSync(built)) return true;
  const inputs = [
    "web",
    "public",
    "src/modules",
    "src/lib",
    "vite.config.ts",
    "package.json",
    "scripts/build-web.ts",
    "scripts/prerender.ts",
  ];
  const newestInput = Math.max(...inputs.map((p) => newestMtime(join(root, p))));
  return newestInput > statSync(built).mtimeMs;
}

export async function buildWeb(): Promise<void> {
  const vite = Bun.spawn([process.execPath, join(root, "node_modules", "vite", "bin", "vite.js"), "build", "--logLevel", "warn"], {
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if ((await vite.exited) !== 0) throw new Error("vite build failed");
  const prerender = Bun.spawn([process.execPath, join(root, "scripts", "prerender.ts")], {
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
  });
  if ((await prerender.exited) !== 0) throw new Error("prerender failed");
}

if (import.meta.main) {
  await buildWeb();
  console.log("Web app built into dist/web");
}
