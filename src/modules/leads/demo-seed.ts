// Demo data for trying the admin dashboard and for the benchmarks: lead submissions spread
// over the last 90 days across the five form types, each made from the fields its form
// sends and stored as the leads service composes it (composeLead), so demo rows read like
// real ones. Written with one prepared statement in batched transactions, because a
// million rows must load in about a minute.
import type { Database } from "bun:sqlite";
import { composeLead, type LeadFields } from "./compose";
import { bulkLoadSubmissions } from "./derived-indexes";
import { existingPlatforms, type FormType, formTypes, integrationInterests } from "./options";

const firstNames = [
  "Avery",
  "Jordan",
  "Taylor",
  "Morgan",
  "Casey",
  "Riley",
  "Quinn",
  "Harper",
  "Rowan",
  "Emerson",
  "Dakota",
  "Sawyer",
  "Reese",
  "Parker",
  "Logan",
  "Hayden",
];
const lastNames = [
  "Nguyen",
  "Patel",
  "Garcia",
  "Smith",
  "Johnson",
  "Okafor",
  "Kim",
  "Rossi",
  "Novak",
  "Haddad",
  "Silva",
  "Brennan",
  "Lindqvist",
  "Moreau",
  "Tanaka",
  "Wright",
];
const companies = [
  "Summit Dental",
  "Bluebird Logistics",
  "Harbor Analytics",
  "Cedar & Pine Builders",
  "Northwind Clinics",
  "Lumen Software",
  "Prairie Foods",
  "Copperline Energy",
  "Atlas Staffing",
  "Riverbend Schools",
];
/** The ICHRA administrators among the brokers' choices, as people name their current provider. */
const providers = existingPlatforms.slice(0, 6);
const interests = Object.keys(integrationInterests) as (keyof typeof integrationInterests)[];
const notes = ["We would like to learn how the enhanced ICHRA compares with our group plan.", "Please call after 2pm Eastern.", ""];

/** What each form would have sent: its own fields only, optional ones sometimes left out (as people do). */
function demoFields(formType: FormType, i: number, person: { name: string; email: string; company: string }): LeadFields {
  switch (formType) {
    case "employers":
      return { ...person, employees: 10 + (i % 240) };
    case "brokers":
      return i % 4 === 0 ? person : { ...person, existingPlatform: existingPlatforms[i % existingPlatforms.length] };
    case "platforms":
      return { ...person, integrationInterest: interests[i % interests.length] };
    case "contact": {
      const message = notes[i % notes.length];
      return { ...person, phone: `555-01${String(i % 100).padStart(2, "0")}`, ...(message ? { message } : {}) };
    }
    case "enrollment":
      return i % 3 === 0 ? person : { ...person, currentProvider: providers[i % providers.length] };
  }
}

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
    `insert into form_submissions (form_type, name, company, email, phone, current_provider, message, data, submitted_at, ip_address, user_agent, lead_status)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'new')`,
  );
  const rand = random(count);
  const span = 90 * 24 * 60 * 60 * 1000;
  const batch = 50_000;
  const write = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const formType = formTypes[i % formTypes.length]!;
      const first = firstNames[Math.floor(rand() * firstNames.length)];
      const last = lastNames[Math.floor(rand() * lastNames.length)];
      const person = {
        name: `${first} ${last}`,
        email: `${first}.${last}.${i}@example.com`.toLowerCase(),
        company: companies[Math.floor(rand() * companies.length)]!,
      };
      // The row the leads service would store for the same submission.
      const fields = demoFields(formType, i, person);
      const row = composeLead(formType, fields);
      insert.run(
        row.formType,
        row.name,
        row.company,
        row.email,
        row.phone,
        row.currentProvider,
        row.message,
        JSON.stringify(fields),
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
