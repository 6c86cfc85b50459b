// Money is integer cents inside; the API and the screens speak dollars.
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

export const formatUsd = (dollars: number): string => usd.format(dollars);
export const formatUsdWhole = (dollars: number): string => usdWhole.format(dollars);
