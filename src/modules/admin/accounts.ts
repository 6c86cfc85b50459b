// Admin accounts: users with role 'admin' and an argon2id password hash. users.email is
// required and unique, so an admin created without an address gets the reserved
// placeholder `<username>@admin.invalid` (the .invalid top-level domain never delivers).

import { users } from "@db/schema";
import { and, eq } from "drizzle-orm";
import { ConfigError } from "../../config";
import type { DB } from "../../db";
import { deleteUserSessions } from "../auth/sessions";
import { minPasswordLength, usernamePattern } from "./model";
import type { AdminCredential } from "./trusted-devices";

export class AdminAccountError extends Error {}

const usernameRule = new RegExp(usernamePattern);

export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** Why a username or password cannot be used, or null when both are fine. */
export function credentialProblem(username: string, password: string): string | null {
  if (!usernameRule.test(username.trim())) return "The username must be 3 to 64 letters, digits, dots, dashes or underscores.";
  if (password.length < minPasswordLength) return `The password must be at least ${minPasswordLength} characters.`;
  if (password.length > 1000) return "The password must be at most 1000 characters.";
  return null;
}

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). Bun's default of 64 MiB
 * per check would lift a small VM's peak memory by as much on every sign-in; the parameters
 * travel inside each hash, so hashes made with other settings still verify.
 */
export const ARGON2_OPTIONS = { algorithm: "argon2id", memoryCost: 19_456, timeCost: 2 } as const;
export const hashPassword = (password: string) => Bun.password.hash(password, ARGON2_OPTIONS);

export async function findUserByUsername(db: DB, username: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.username, normaliseUsername(username)))
    .get();
}

export async function createAdmin(
  db: DB,
  input: { username: string; password: string; email?: string },
): Promise<{ id: number; username: string }> {
  const problem = credentialProblem(input.username, input.password);
  if (problem) throw new AdminAccountError(problem);
  const username = normaliseUsername(input.username);
  if (await findUserByUsername(db, username)) throw new AdminAccountError(`A user named "${username}" already exists.`);
  const password = await hashPassword(input.password);
  return db
    .insert(users)
    .values({
      username,
      password,
      firstName: "Admin",
      lastName: username,
      email: input.email ?? `${username}@admin.invalid`,
      role: "admin",
    })
    .returning({ id: users.id, username: users.username })
    .get();
}

/** Sets a new password and signs the admin out everywhere. */
export async function resetAdminPassword(db: DB, input: { username: string; password: string }): Promise<void> {
  const problem = credentialProblem(input.username, input.password);
  if (problem) throw new AdminAccountError(problem);
  const username = normaliseUsername(input.username);
  const user = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), eq(users.role, "admin")))
    .get();
  if (!user) throw new AdminAccountError(`No admin named "${username}".`);
  await db
    .update(users)
    .set({ password: await hashPassword(input.password) })
    .where(eq(users.id, user.id));
  await deleteUserSessions(db, user.id, "admin");
}

/** At start: the first admin from ADMIN_USERNAME/ADMIN_PASSWORD, when both are set and no such user exists. */
export async function ensureFirstAdmin(db: DB, config: { adminUsername: string | null; adminPassword: string | null }): Promise<boolean> {
  if (!config.adminUsername || !config.adminPassword) return false;
  if (await findUserByUsername(db, config.adminUsername)) return false;
  const problem = credentialProblem(config.adminUsername, config.adminPassword);
  if (problem) throw new ConfigError(`ADMIN_USERNAME/ADMIN_PASSWORD: ${problem}`);
  await createAdmin(db, { username: config.adminUsername, password: config.adminPassword });
  return true;
}

// Verifying against a real argon2id hash for unknown users keeps the answer time the same,
// so timing does not reveal which usernames exist.
let decoyHash: Promise<string> | null = null;

/** The admin's id, username and password hash when the credentials match, else null. */
export async function verifyAdminLogin(
  db: DB,
  username: string,
  password: string,
): Promise<{ id: number; username: string; passwordHash: string } | null> {
  const user = await findUserByUsername(db, username);
  const usable = user && user.role === "admin" && user.password;
  decoyHash ??= hashPassword(crypto.randomUUID());
  const hash = usable ? user.password! : await decoyHash;
  const matches = await Bun.password.verify(password, hash).catch(() => false);
  return usable && matches ? { id: user.id, username: user.username, passwordHash: user.password! } : null;
}

/** An admin's id and password hash (what a trusted-device token is bound to); null for anyone else. */
export async function adminCredential(db: DB, username: string): Promise<AdminCredential | null> {
  const user = await findUserByUsername(db, username);
  return user?.role === "admin" && user.password ? { id: user.id, passwordHash: user.password } : null;
}

export async function adminUsername(db: DB, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const row = await db.select({ username: users.username, role: users.role }).from(users).where(eq(users.id, userId)).get();
  return row?.role === "admin" ? row.username : null;
}

/** An admin's own address (the placeholder NAME@admin.invalid when none was given); null for anyone else. */
export async function adminEmail(db: DB, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const row = await db.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, userId)).get();
  return row?.role === "admin" ? row.email : null;
}
