// `npm test`: every layer, in order. Server and unit tests run without a DOM; component
// tests run under happy-dom with preact's browser build (one preact instance for the
// CommonJS testing library and the app); browser tests run last against a fresh build.
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { buildWeb } from "./build-web";

const root = join(import.meta.dir, "..");
const bun = process.execPath;

function find(dir: string, pattern: RegExp, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) find(full, pattern, out);
    else if (pattern.test(name)) out.push(`./${relative(root, full)}`);
  }
  return out;
}

let passed = 0;
let failed = 0;

async function phase(name: string, args: string[]): Promise<boolean> {
  console.log(`\n=== ${name} ===`);
  const proc = Bun.spawn([bun, "test", ...args], { cwd: root, stdout: "pipe", stderr: "pipe", env: { ...process.env, LOG_REQUESTS: "0" } });
  let text = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
      const s = decoder.decode(chunk, { stream: true });
      text += s;
      sink.write(s);
    }
  };
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)]);
  const code = await proc.exited;
  passed += Number(text.match(/^\s*(\d+) pass$/m)?.[1] ?? 0);
  failed += Number(text.match(/^\s*(\d+) fail$/m)?.[1] ?? 0);
  if (code !== 0 && !/^\s*\d+ fail$/m.test(text)) failed += 1;
  return code === 0;
}

/** Runs a tool whose exit code is its verdict, its output shown as it comes. */
async function check(name: string, command: string[]): Promise<boolean> {
  console.log(`\n=== ${name} ===`);
  const proc = Bun.spawn(command, { cwd: root, stdout: "inherit", stderr: "inherit" });
  const ok = (await proc.exited) === 0;
  if (!ok) failed += 1;
  return ok;
}

const only = process.argv[2]; // optional: lint | types | unit | component | browser
const results: boolean[] = [];
if (!only || only === "lint") {
  // Formatting and lint rules (biome.json), checked without writing: `npx biome check --write .` fixes.
  results.push(await check("format and lint", [join(root, "node_modules", ".bin", "biome"), "ci", "--colors=off", "."]));
}
if (!only || only === "types") {
  // Each environment on its own: the server without the DOM, the browser app, and the tools
  // (tests, browser journeys, scripts).
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  for (const environment of ["server", "browser", "tools"]) {
    results.push(await check(`typecheck: ${environment}`, [bun, tsc, "--noEmit", "-p", `tsconfig.${environment}.json`]));
  }
}
if (!only || only === "unit") {
  results.push(await phase("server and unit tests", ["--timeout", "30000", ...find(join(root, "src"), /\.test\.ts$/)]));
}
if (!only || only === "component") {
  const files = find(join(root, "web"), /\.test\.tsx?$/);
  results.push(await phase("component tests", ["--conditions", "browser", ...files]));
}
if (!only || only === "browser") {
  console.log("\n=== building the web app for browser tests ===");
  await buildWeb();
  const files = [...find(join(root, "web", "e2e"), /\.e2e\.ts$/), ...find(join(root, "scripts"), /\.e2e\.ts$/)];
  results.push(await phase("browser and binary tests", ["--timeout", "120000", ...files]));
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(results.every(Boolean) && failed === 0 ? 0 : 1);
