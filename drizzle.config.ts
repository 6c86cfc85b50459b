import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  // derived.ts: the trigger-kept tables, declared so the diff sees them unchanged.
  schema: ["./db/schema.ts", "./db/derived.ts"],
  out: "./db/migrations",
});
