import { type Static, Type } from "@sinclair/typebox";

const Levels = Type.Object({ single: Type.Number(), plusOne: Type.Number(), family: Type.Number() }, { description: "Dollars" });

export const StatePremium = Type.Object({
  state: Type.String(),
  name: Type.String(),
  /** Average annual premium, dollars. */
  annual: Levels,
  /** The annual figure ÷ 24, dollars rounded to cents. */
  perPaycheck: Levels,
  /** 1 = the highest single premium, among states with a published figure; null without one. */
  rank: Type.Union([Type.Integer(), Type.Null()]),
  usesNationalDefault: Type.Boolean(),
  source: Type.Union([Type.String(), Type.Null()]),
  year: Type.Union([Type.Integer(), Type.Null()]),
});
export type StatePremium = Static<typeof StatePremium>;

export const StatePremiumTable = Type.Object({
  states: Type.Array(StatePremium),
  /** The line shown under the table. */
  sourceLine: Type.String(),
});
export type StatePremiumTable = Static<typeof StatePremiumTable>;
