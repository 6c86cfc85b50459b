// The SSN box keeps only the last four digits (rulings: nothing more is accepted or stored).
// A person who pastes or types the whole number, with or without dashes, means its end, so
// the box keeps the last four digits rather than refusing the rest after the fourth key.

/** The last four digits of what was typed or pasted (fewer while fewer were given). */
export function lastFourDigits(typed: string): string {
  return typed.replace(/\D/g, "").slice(-4);
}
