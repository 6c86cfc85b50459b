// Demo data for trying the admin dashboard and for the benchmarks: lead submissions spread
// over the last 90 days across the five form types. Written with one prepared statement in
// one transaction, because a million rows must load in about a minute.
import type { Database } from "bun:sqlite";
import { bulkLoadSubmissions } from "../src/modules/admin/derived-indexes";

const formTypes = ["employers", "brokers", "platforms", "contact", "enrollment"] as const;
const firstNames = ["Avery", "Jordan", "Taylor", "Morgan", "Casey", "Riley", "Quinn", "Harper", "Rowan", "Emerson", "Dakota", "Sawyer", "Reese", "Parker", "Logan", "Hayden"];
const lastNames = ["Nguyen", "Patel", "Garcia", "Smith", "Johnson", "Okafor", "Kim", "Rossi", "Novak", "Haddad", "Silva", "Brennan", "Lindqvist", "Moreau", "Tanaka", "Wright"];
const companies = ["Summit Dental", "Bluebird Logistics", "Harbor Analytics", "Cedar & Pine Builders", "Northwind Clinics", "Lumen Software", "Prairie Foods", "Copperline Energy", "Atlas Staffing", "Riverbend Schools"];
const providers = ["None", "Take Command", "Thatch", "PeopleKeep", "Remodel Health", "Zorro", "Other"];
const messages: Record<(typeof formTypes)[number], (i: number) => string> = {
  employers: (i) => `Requesting a custom quote for ${10 + (i % 240)} employees.`,
  brokers: () => "Existing platform: Other",
  platforms: (i) => `Integration interest: ${i % 2 ? "Yes - Ready to integrate" : "No - Just exploring options"}`,
  contact: () => "We would like to learn how the enhanced ICHRA compares with our group plan.",
  enrollment: (i) => `Current ICHRA provider: ${providers[i % providers.length]}`,
};

/** A small, fast, repeatable generator so demo data is the same on every machine. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedDemoSubmissions(sqlite: Database, count: number, now = Date.now()): number {
  const insert = sqlite.prepare(
    `insert into form_submissions (form_type, name, company, email, phone, current_provider, message, submitted_at, ip_address, user_agent, lead_status)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'new')`,
  );
  const rand = random(count);
  const span = 90 * 24 * 60 * 60 * 1000;
  const batch = 50_000;
  const write = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const type = formTypes[i % formTypes.length];
      const first = firstNames[Math.floor(rand() * firstNames.length)];
      const last = lastNames[Math.floor(rand() * lastNames.length)];
      const company = companies[Math.floor(rand() * companies.length)];
      insert.run(
        type,
        `${first} ${last}`,
        company,
        `${first}.${last}.${i}@example.com`.toLowerCase(),
        `555-01${String(i % 100).padStart(2, "0")}`,
        type === "contact" || type === "enrollment" ? providers[i % providers.length] : null,
        messages[type](i),
        Math.floor(now - rand() * span),
        "127.0.0.1",
        "demo-seed",
      );
    }
  });
  // The search index and the counts are rebuilt once at the end rather than row by row.
  bulkLoadSubmissions(sqlite, () => {
    for (let from = 0; from < count; from += batch) write(from, Math.min(count, from + batch));
  });
  return count;
}
