// Every environment variable the server reads, parsed and validated once.
import { resolve } from "node:path";
import { defaultContactEmail, defaultContactPhone } from "./lib/site-contact";

export interface Config {
  port: number;
  host: string;
  databasePath: string;
  /** The site's address for emailed links and the sitemap; startServer fills it in when unset. */
  publicUrl: string | null;
  trustProxy: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  leadsNotifyTo: string | null;
  leadsPerMinute: number;
  leadsPerDay: number;
  contactEmail: string;
  contactPhone: string;
  adminUsername: string | null;
  adminPassword: string | null;
  dataKey: string | null;
  logRequests: boolean;
}

export class ConfigError extends Error {}

function integer(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

function text(env: Record<string, string | undefined>, name: string): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

/** An http(s) origin (an optional path is kept), without trailing slashes. */
function siteUrl(env: Record<string, string | undefined>, name: string): string | null {
  const raw = text(env, name);
  if (!raw) return null;
  let protocol = "";
  try {
    protocol = new URL(raw).protocol;
  } catch {
    // reported below
  }
  if (protocol !== "http:" && protocol !== "https:") throw new ConfigError(`${name} must be an http:// or https:// address (got "${raw}")`);
  return raw.replace(/\/+$/, "");
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return {
    port: integer(env, "PORT", 3000, 0, 65535),
    host: text(env, "HOST") ?? "0.0.0.0",
    databasePath: resolve(text(env, "DATABASE_PATH") ?? "./data/ichra.db"),
    publicUrl: siteUrl(env, "PUBLIC_URL"),
    trustProxy: env.TRUST_PROXY === "1",
    smtpUrl: text(env, "SMTP_URL"),
    mailFrom: text(env, "MAIL_FROM") ?? "Advantage ICHRA <no-reply@advantage-ichra.example>",
    leadsNotifyTo: text(env, "LEADS_NOTIFY_TO"),
    leadsPerMinute: integer(env, "LEADS_PER_MINUTE", 5, 1, 1_000_000),
    leadsPerDay: integer(env, "LEADS_PER_DAY", 50, 1, 10_000_000),
    contactEmail: text(env, "CONTACT_EMAIL") ?? defaultContactEmail,
    contactPhone: text(env, "CONTACT_PHONE") ?? defaultContactPhone,
    adminUsername: text(env, "ADMIN_USERNAME"),
    adminPassword: text(env, "ADMIN_PASSWORD"),
    dataKey: text(env, "DATA_KEY"),
    logRequests: env.LOG_REQUESTS !== "0",
  };
}
