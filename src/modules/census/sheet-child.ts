// The census sheet reader's own process: reads the upload from stdin, answers one line of
// JSON on stdout (the sheet, or why it was refused) and exits. Started by sheet-process.ts,
// as `bun sheet-child.ts KIND` from the sources or `ichra census-sheet KIND` when compiled.
import { readCensusSheet, type SheetKind } from "./sheet";
import { SheetRefused } from "./sheet-refused";

const kinds: SheetKind[] = ["csv", "xls", "xlsx"];

export async function runSheetChild(argv: string[]): Promise<number> {
  const kind = argv[0] as SheetKind;
  if (argv.length !== 1 || !kinds.includes(kind)) {
    console.error("usage: census-sheet csv|xls|xlsx < file");
    return 2;
  }
  const bytes = new Uint8Array(await Bun.stdin.arrayBuffer());
  let answer: unknown;
  try {
    answer = { ok: true, sheet: await readCensusSheet(kind, bytes) };
  } catch (error) {
    answer = { ok: false, problem: error instanceof SheetRefused ? error.problem : "not-read" };
  }
  await Bun.write(Bun.stdout, JSON.stringify(answer));
  return 0;
}

if (import.meta.main) process.exit(await runSheetChild(process.argv.slice(2)));
