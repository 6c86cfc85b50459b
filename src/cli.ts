// The command line, shared by `bun src/index.ts` and the compiled binary.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "./config";
import { loadDataKey } from "./data-key";
import { openDatabase } from "./db";
import { EMAIL_PATTERN } from "./lib/patterns";
import { AdminAccountError, createAdmin, resetAdminPassword } from "./modules/admin/accounts";
import { readNewPassword } from "./modules/admin/password-prompt";
import { runSheetChild } from "./modules/census/sheet-child";
import { FIGURE_NAMES, type FigureName, formatFigure, parseFigureValue } from "./modules/compliance/figures";
import { administratorOf } from "./modules/employees/notice-input";
import { listFigures, setFigure } from "./modules/figures/service";
import { seedDemoSubmissions } from "./modules/leads/demo-seed";
import { seedPlansIfEmpty } from "./modules/plans/service";
import { importPremiums, PremiumImportError } from "./modules/premiums/import";
import { seedDemoReimbursements } from "./modules/reimbursements/demo-seed";
import { startServer, stopOnSignals } from "./server";

export const usage = `Usage: ichra <command> [options]

Commands:
  serve                 start the web server (default)
  migrate               apply database migrations and exit
  seed [--demo N]       seed the plan catalogue; with --demo, also N demo lead submissions
                        and (once) demo employers with employees, proofs, claims and a payroll run
  admin create --username NAME [--email ADDRESS]
                        create an admin account (password from ADMIN_PASSWORD, else asked twice)
  admin reset-password --username NAME
                        set a new password for an admin and end their sessions
  premiums import FILE  load the state premium table from a CSV (state,single,plusOne,family,source,year)
  figures set YEAR NAME VALUE --source TEXT
                        add (or correct) a yearly figure when it is published; NAME is one of
                        ${FIGURE_NAMES.join(", ")};
                        VALUE is a percentage (9.96) or dollars (184500)
  figures list          show the yearly figures and their sources
  help                  show this text

Environment: PORT (3000), HOST (0.0.0.0), DATABASE_PATH (./data/ichra.db); see README.md for the rest.`;

export class UsageError extends Error {}

type ParseOptions = NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>["options"]>;

function parse(args: string[], options: ParseOptions) {
  try {
    return parseArgs({ args, options, allowPositionals: false, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export async function runCli(argv: string[]): Promise<number> {
  // Before anything is written: whatever this process creates is its user's alone.
  process.umask(0o077);
  const [command = "serve", ...rest] = argv;
  try {
    switch (command) {
      case "serve": {
        parse(rest, {});
        const running = await startServer(loadConfig());
        stopOnSignals(running);
        console.log(`Advantage ICHRA is running at ${running.url}`);
        return -1; // keep running
      }
      case "migrate": {
        parse(rest, {});
        const config = loadConfig();
        openDatabase(config.databasePath).close();
        console.log(`Database is up to date: ${config.databasePath}`);
        return 0;
      }
      case "seed": {
        const { values } = parse(rest, { demo: { type: "string" } });
        let demo = 0;
        if (values.demo !== undefined) {
          demo = Number(values.demo);
          if (!Number.isInteger(demo) || demo < 1 || demo > 10_000_000) {
            throw new UsageError("--demo takes a whole number from 1 to 10000000");
          }
        }
        const config = loadConfig();
        const database = openDatabase(config.databasePath);
        const plans = await seedPlansIfEmpty(database.db);
        const started = performance.now();
        if (demo) seedDemoSubmissions(database.sqlite, demo);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        const reimbursements = demo
          ? await seedDemoReimbursements(database.db, {
              key: loadDataKey(config),
              administrator: administratorOf(config),
              origin: config.publicUrl ?? "http://localhost",
            })
          : null;
        database.close();
        console.log(`Seeded ${plans} plan(s)${demo ? ` and ${demo} demo submission(s) in ${seconds} s` : ""}.`);
        if (reimbursements)
          console.log(
            `Seeded demo reimbursements: ${reimbursements.employers} employers, ${reimbursements.employees} registered employees, ${reimbursements.proofs} proofs of coverage, ${reimbursements.claims} claims, ${reimbursements.payrollRuns} payroll run.`,
          );
        return 0;
      }
      case "admin": {
        const [action, ...options] = rest;
        if (action !== "create" && action !== "reset-password") throw new UsageError("admin takes create or reset-password");
        const { values } = parse(
          options,
          action === "create" ? { username: { type: "string" }, email: { type: "string" } } : { username: { type: "string" } },
        );
        const username = values.username as string | undefined;
        if (!username) throw new UsageError(`admin ${action} needs --username NAME`);
        const email = values.email as string | undefined;
        if (email !== undefined && !new RegExp(EMAIL_PATTERN).test(email)) throw new UsageError("--email takes an email address");
        const config = loadConfig();
        const password = config.adminPassword ?? (await readNewPassword());
        if (password === null) throw new UsageError("Set ADMIN_PASSWORD, or run in a terminal to type the password.");
        const database = openDatabase(config.databasePath);
        try {
          if (action === "create") {
            const admin = await createAdmin(database.db, { username, password, email });
            console.log(`Admin "${admin.username}" created.`);
          } else {
            await resetAdminPassword(database.db, { username, password });
            console.log(`Password of "${username.toLowerCase()}" changed; their sessions were ended.`);
          }
          return 0;
        } catch (error) {
          if (error instanceof AdminAccountError) {
            console.error(error.message);
            return 1;
          }
          throw error;
        } finally {
          database.close();
        }
      }
      case "premiums": {
        if (rest.length !== 2 || rest[0] !== "import" || rest[1].startsWith("-"))
          throw new UsageError("Usage: ichra premiums import FILE.csv");
        const file = rest[1];
        let text: string;
        try {
          text = await Bun.file(file).text();
        } catch {
          throw new UsageError(`Cannot read ${file}`);
        }
        const config = loadConfig();
        const database = openDatabase(config.databasePath);
        try {
          const loaded = importPremiums(database.db, text);
          console.log(`Loaded premiums for ${loaded} state(s) from ${file}.`);
        } catch (error) {
          if (!(error instanceof PremiumImportError)) throw error;
          console.error(error.message);
          return 2;
        } finally {
          database.close();
        }
        return 0;
      }
      case "figures": {
        const [action, ...options] = rest;
        if (action === "list") {
          parse(options, {});
          const database = openDatabase(loadConfig().databasePath);
          try {
            for (const f of await listFigures(database.db))
              console.log(`${f.year}  ${f.name}  ${formatFigure(f.name, f.value)}  (${f.source})`);
          } finally {
            database.close();
          }
          return 0;
        }
        if (action !== "set") throw new UsageError("figures takes set or list");
        const { values, positionals } = (() => {
          try {
            return parseArgs({ args: options, options: { source: { type: "string" } }, allowPositionals: true, strict: true });
          } catch (error) {
            throw new UsageError((error as Error).message);
          }
        })();
        if (positionals.length !== 3) throw new UsageError("Usage: ichra figures set YEAR NAME VALUE --source TEXT");
        const [yearText, name, valueText] = positionals;
        const year = Number(yearText);
        if (!/^\d{4}$/.test(yearText) || year < 2014 || year > 2100)
          throw new UsageError(`YEAR must be a year from 2014 to 2100 (got "${yearText}")`);
        if (!(FIGURE_NAMES as readonly string[]).includes(name))
          throw new UsageError(`NAME must be one of ${FIGURE_NAMES.join(", ")} (got "${name}")`);
        const figureName = name as FigureName;
        const value = parseFigureValue(figureName, valueText);
        if (value === null)
          throw new UsageError(
            figureName === "affordability-percent"
              ? `VALUE must be a percentage with at most two decimals, e.g. 9.96 (got "${valueText}")`
              : `VALUE must be an amount in dollars with at most two decimals, e.g. 184500 (got "${valueText}")`,
          );
        const source = values.source?.trim();
        if (!source) throw new UsageError("--source TEXT is required: say where the figure was published");
        const database = openDatabase(loadConfig().databasePath);
        try {
          const replaced = await setFigure(database.db, { year, name: figureName, value, source });
          console.log(`${replaced ? "Corrected" : "Added"} ${year} ${figureName}: ${formatFigure(figureName, value)} (${source}).`);
        } finally {
          database.close();
        }
        return 0;
      }
      case "census-sheet":
        // Not for people: the server starts the compiled binary this way to read an
        // uploaded census in a process of its own (see modules/census/sheet-process.ts).
        return await runSheetChild(rest);
      case "help":
      case "--help":
      case "-h":
        console.log(usage);
        return 0;
      default:
        throw new UsageError(`Unknown command: ${command}`);
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(`${error.message}\n\n${usage}`);
      return 2;
    }
    throw error;
  }
}
