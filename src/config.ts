// Every environment variable the server reads: one schema with each variable's type,
// bounds, default and message, checked once at start. Every bad variable is reported, all
// at once, each named with what it must be and what it was.
import { resolve } from "node:path";
import { FormatRegistry, type Static, type TSchema, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { toFieldErrors } from "./lib/field-errors";
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
  uploadsPerMinute: number;
  uploadsPerDay: number;
  registrationsPerMinute: number;
  registrationsPerDay: number;
  contactEmail: string;
  contactPhone: string;
  adminUsername: string | null;
  adminPassword: string | null;
  dataKey: string | null;
  logRequests: boolean;
  /** NODE_ENV is production: the success page's preview tools are for admins only. */
  production: boolean;
}

export class ConfigError extends Error {
  /** One line per bad variable (a single one for errors raised after the schema check). */
  readonly problems: string[];

  constructor(problems: string | string[]) {
    const list = Array.isArray(problems) ? problems : [problems];
    super(list.join("\n"));
    this.problems = list;
  }
}

FormatRegistry.Set("http-url", (value) => {
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
});

const whole = (name: string, minimum: number, maximum: number, fallback: number, description: string) => {
  const message = `${name} must be a whole number from ${minimum} to ${maximum}`;
  return Type.Integer({
    minimum,
    maximum,
    default: fallback,
    description,
    messages: { type: message, minimum: message, maximum: message },
  });
};
const text = (name: string, description: string, options: { fallback?: string; secret?: true } = {}) =>
  Type.String({
    maxLength: 2000,
    ...(options.fallback === undefined ? {} : { default: options.fallback }),
    ...(options.secret ? { secret: true } : {}),
    description,
    messages: { maxLength: `${name} must be at most 2000 characters` },
  });
const flag = (name: string, fallback: "0" | "1", description: string) => {
  const message = `${name} must be 1 (on) or 0 (off)`;
  return Type.Union([Type.Literal("0"), Type.Literal("1")], { default: fallback, description, messages: { enum: message, type: message } });
};

/** The environment as the server reads it. Unset and blank variables take their default. */
export const Environment = Type.Object({
  PORT: whole("PORT", 0, 65535, 3000, "HTTP port (0 picks a free one)"),
  HOST: text("HOST", "Interface to listen on", { fallback: "0.0.0.0" }),
  DATABASE_PATH: text("DATABASE_PATH", "SQLite file; its folder is created", { fallback: "./data/ichra.db" }),
  PUBLIC_URL: Type.Optional(
    Type.String({
      format: "http-url",
      description: "The site's address for emailed links, the sitemap and robots.txt",
      messages: { pattern: "PUBLIC_URL must be an http:// or https:// address" },
    }),
  ),
  TRUST_PROXY: flag("TRUST_PROXY", "0", "1: behind a proxy that appends the client to X-Forwarded-For and sets X-Forwarded-Proto"),
  SMTP_URL: Type.Optional(text("SMTP_URL", "SMTP server the outbox is delivered through (may hold a password)", { secret: true })),
  MAIL_FROM: text("MAIL_FROM", "Sender of every email", { fallback: "Advantage ICHRA <no-reply@advantage-ichra.example>" }),
  LEADS_NOTIFY_TO: Type.Optional(text("LEADS_NOTIFY_TO", "Staff address notified of each new lead")),
  LEADS_PER_MINUTE: whole("LEADS_PER_MINUTE", 1, 1_000_000, 5, "Per-address limit of the public forms and sign-in links, per minute"),
  LEADS_PER_DAY: whole("LEADS_PER_DAY", 1, 10_000_000, 50, "The same, per day"),
  // Far above what a person sends, low enough that a script cannot fill the disk.
  UPLOADS_PER_MINUTE: whole(
    "UPLOADS_PER_MINUTE",
    1,
    1_000_000,
    10,
    "Uploads (proofs of coverage, claims, answers) per employee, per minute",
  ),
  UPLOADS_PER_DAY: whole("UPLOADS_PER_DAY", 1, 10_000_000, 100, "The same, per day"),
  REGISTRATIONS_PER_MINUTE: whole("REGISTRATIONS_PER_MINUTE", 1, 1_000_000, 5, "Per-address limit of business registrations, per minute"),
  REGISTRATIONS_PER_DAY: whole("REGISTRATIONS_PER_DAY", 1, 10_000_000, 20, "The same, per day"),
  CONTACT_EMAIL: text("CONTACT_EMAIL", "Shown on the contact page", { fallback: defaultContactEmail }),
  CONTACT_PHONE: text("CONTACT_PHONE", "Shown on the contact page", { fallback: defaultContactPhone }),
  ADMIN_USERNAME: Type.Optional(text("ADMIN_USERNAME", "The first admin, created at start with ADMIN_PASSWORD")),
  ADMIN_PASSWORD: Type.Optional(text("ADMIN_PASSWORD", "The first admin's password", { secret: true })),
  DATA_KEY: Type.Optional(text("DATA_KEY", "32-byte key (hex or base64) sealing SSN digits at rest", { secret: true })),
  LOG_REQUESTS: flag("LOG_REQUESTS", "1", "0 silences the one-line-per-request JSON log"),
  NODE_ENV: Type.Optional(text("NODE_ENV", "production: the success page's preview tools are shown to admins only")),
});
type Environment = Static<typeof Environment>;

const isInteger = (schema: TSchema) => schema.type === "integer";

/** The variables the schema names, trimmed; blank ones left out, numbers read as numbers. */
function read(env: Record<string, string | undefined>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(Environment.properties)) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    out[name] = isInteger(schema) && raw.length <= 20 && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  }
  return out;
}

/** What a bad variable held, for its message; never the value of a secret one. */
function shown(name: string, raw: string | undefined): string {
  const schema = Environment.properties[name as keyof Environment] as TSchema | undefined;
  if (schema?.secret || raw === undefined) return "";
  const value = raw.trim();
  return ` (got "${value.length > 100 ? `${value.slice(0, 100)}…` : value}")`;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const values = Value.Default(Environment, read(env)) as Record<string, unknown>;
  if (!Value.Check(Environment, values)) {
    const errors = toFieldErrors(Value.Errors(Environment, values));
    throw new ConfigError(Object.entries(errors).map(([name, message]) => `${message}${shown(name, env[name])}`));
  }
  const e = values as Environment;
  return {
    port: e.PORT,
    host: e.HOST,
    databasePath: resolve(e.DATABASE_PATH),
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, "") : null,
    trustProxy: e.TRUST_PROXY === "1",
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    leadsNotifyTo: e.LEADS_NOTIFY_TO ?? null,
    leadsPerMinute: e.LEADS_PER_MINUTE,
    leadsPerDay: e.LEADS_PER_DAY,
    uploadsPerMinute: e.UPLOADS_PER_MINUTE,
    uploadsPerDay: e.UPLOADS_PER_DAY,
    registrationsPerMinute: e.REGISTRATIONS_PER_MINUTE,
    registrationsPerDay: e.REGISTRATIONS_PER_DAY,
    contactEmail: e.CONTACT_EMAIL,
    contactPhone: e.CONTACT_PHONE,
    adminUsername: e.ADMIN_USERNAME ?? null,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    dataKey: e.DATA_KEY ?? null,
    logRequests: e.LOG_REQUESTS === "1",
    // The single binary is built with NODE_ENV frozen as production; a NODE_ENV it is started with still wins.
    production: (e.NODE_ENV ?? process.env.NODE_ENV) === "production",
  };
}
