// The files the server keeps hold employers' tax ids and employees' personal data: the
// database with its -wal and -shm, and the data key. Each is readable by the server's user
// alone (0600), in a folder only that user can list or change (0700). The CLI also sets the
// umask to 077, so nothing else the process writes is open to others either.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;
const STICKY = 0o1000;

/**
 * Creates the folder, and any missing parent, with mode 0700. An existing folder open to
 * others is closed when the server's user owns it; a shared one (sticky, as /tmp is, or
 * another user's) is left as it is and reported, since changing it would lock others out.
 */
export function ensurePrivateFolder(dir: string): void {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const { mode, uid } = statSync(dir);
  if ((mode & 0o077) === 0) return;
  if (uid === process.getuid?.() && (mode & STICKY) === 0) {
    chmodSync(dir, PRIVATE_FOLDER_MODE);
    return;
  }
  console.warn(
    JSON.stringify({
      level: "warn",
      message: `${dir} is open to other users and is not the server's own: keep the database and its key in a folder of their own (mode 0700).`,
    }),
  );
}

/**
 * Narrows an existing file to 0600; with `create`, first creates a missing one empty with
 * that mode (before SQLite opens a new database, whose -wal and -shm then take its mode).
 */
export function ensurePrivateFile(path: string, options: { create: boolean }): void {
  if (!existsSync(path)) {
    if (options.create) closeSync(openSync(path, "a", PRIVATE_FILE_MODE));
    return;
  }
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, PRIVATE_FILE_MODE);
}
