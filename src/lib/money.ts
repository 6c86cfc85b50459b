// Money is integer cents inside; the API and the screens speak dollars.
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;

/**
 * True when a dollar amount is a whole number of cents (at most two decimals). The product
 * by 100 of a two-decimal amount lands within a rounding error of an integer (0.07 × 100 is
 * 7.000000000000001); 1.005 × 100 is 100.49999999999999, half a cent away.
 */
export const isWholeCents = (dollars: number): boolean => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

export const formatUsd = (dollars: number): string => usd.format(dollars);
export const formatUsdWhole = (dollars: number): string => usdWhole.format(dollars);
/** An amount held in cents, as the screens and emails write it ($1,234.50). */
export const formatCents = (cents: number): string => formatUsd(toDollars(cents));

/**
 * Dollars as a person types them, for the server's pattern: a leading "$" and thousands
 * commas dropped ("$1,234.56" → "1234.56"). Any other comma is left in, so the amount is
 * refused rather than read 100 times too large ("412,37" is not $41,237).
 */
export const typedDollars = (text: string): string => {
  const bare = text.trim().replace(/^\$/, "");
  return /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(bare) ? bare.replace(/,/g, "") : bare;
};
