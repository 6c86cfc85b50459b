// `npm run build`: one self-contained binary, dist/ichra, with the web build and the SQL
// migrations embedded at their relative paths.
import { join } from "node:path";
import { buildWeb, webBuildIsStale } from "./build-web";

const root = join(import.meta.dir, "..");

export async function buildBinary(outfile = join(root, "dist", "ichra")): Promise<string> {
  if (webBuildIsStale()) await buildWeb();
  const args = [
    "build",
    "src/index.ts",
    "--compile",
    "--production",
    "--format=esm",
    "--bytecode",
    "--asset=dist/web",
    "--asset=db/migrations",
    `--outfile=${outfile}`,
  ];
  const proc = Bun.spawn([process.execPath, ...args], { cwd: root, stdout: "inherit", stderr: "inherit" });
  if ((await proc.exited) !== 0) throw new Error("bun build --compile failed");
  return outfile;
}

if (import.meta.main) {
  const out = await buildBinary();
  console.log(`Built ${out}`);
}
