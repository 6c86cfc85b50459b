// Asks for a new password twice on the terminal without echoing it.
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { AdminAccountError } from "./accounts";

async function askHidden(prompt: string): Promise<string> {
  process.stdout.write(prompt);
  // readline echoes what it reads to its output; a sink that drops everything hides it.
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
  try {
    return await new Promise<string>((resolve) => rl.question("", resolve));
  } finally {
    rl.close();
    process.stdout.write("\n");
  }
}

/** The password typed twice, or null when there is no terminal to ask on. */
export async function readNewPassword(): Promise<string | null> {
  if (!process.stdin.isTTY) return null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const first = await askHidden("New password: ");
    const second = await askHidden("Repeat it: ");
    if (first === second) return first;
    console.error("The two passwords differ; please try again.");
  }
  throw new AdminAccountError("The passwords did not match three times.");
}
