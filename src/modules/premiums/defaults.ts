// National average annual premiums the product uses for a state until a published figure
// for that state is loaded (spec §9; rulings "State premium table"). Dollars per year.
export const nationalDefaultPremiums = { single: 8208, plusOne: 16045, family: 23835 } as const;

/** Paychecks a year: premiums are shown per semi-monthly paycheck (annual ÷ 24). */
export const PAYCHECKS_PER_YEAR = 24;
