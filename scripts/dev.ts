// `npm run dev`: the API server on API_PORT (3001) and Vite with hot reload on PORT (3000),
// which proxies /api to it. Ctrl-C stops both.
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const apiPort = process.env.API_PORT ?? "3001";
const api = Bun.spawn([process.execPath, "--watch", join(root, "src", "index.ts"), "serve"], {
  cwd: root,
  env: { ...process.env, PORT: apiPort, HOST: "127.0.0.1" },
  stdout: "inherit",
  stderr: "inherit",
});
const vite = Bun.spawn([process.execPath, join(root, "node_modules", "vite", "bin", "vite.js")], {
  cwd: root,
  env: { ...process.env, API_PORT: apiPort },
  stdout: "inherit",
  stderr: "inherit",
});
const stop = () => {
  api.kill();
  vite.kill();
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
await Promise.race([api.exited, vite.exited]);
stop();
