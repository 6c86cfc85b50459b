// One way to compare and store email addresses: trimmed, lower case, and in Unicode's
// compatibility form, so a full-width "ｅve@example.com" is the same address as
// "eve@example.com" and cannot open a second account for one mailbox.

export const normaliseEmail = (email: string): string => email.normalize("NFKC").trim().toLowerCase();
