// `npm start`: builds the web app when its build is missing or stale, then serves.
import { buildWeb, webBuildIsStale } from "./build-web";

if (webBuildIsStale()) {
  console.log("Building the web app...");
  await buildWeb();
}
const { runCli } = await import("@src/cli");
const code = await runCli(["serve", ...process.argv.slice(2)]);
if (code >= 0) process.exit(code);
