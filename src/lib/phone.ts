// Phone numbers as people typed them ("5125550100", "512.555.0100", "(512) 555-0100") shown
// one way where they are read: a US number of 10 digits (or 11 starting with the country's
// 1) as (512) 555-0100; anything else (an extension, another country) exactly as typed.

/** The number written the one way this site shows a US number; others as they were typed. */
export function shownPhone(typed: string): string {
  const digits = typed.replace(/\D/g, "");
  const us = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (us.length !== 10 || /[^\d\s()+.-]/.test(typed)) return typed;
  return `(${us.slice(0, 3)}) ${us.slice(3, 6)}-${us.slice(6)}`;
}
