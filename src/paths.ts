// Where the migrations and the built web app live: beside the sources when run with
// `bun src/index.ts`; inside the compiled binary, `--asset` embeds each folder under its
// own name next to the entry (`/$bunfs/root/web`, `/$bunfs/root/migrations`).
import { join } from "node:path";

export const isCompiled = import.meta.dir.startsWith("/$bunfs") || import.meta.dir.startsWith("B:\\~BUN");

const root = join(import.meta.dir, "..");
export const migrationsDir = isCompiled ? join(import.meta.dir, "migrations") : join(root, "db", "migrations");
export const webDistDir = isCompiled ? join(import.meta.dir, "web") : join(root, "dist", "web");
