// "Acme Tools's" reads as a slip: a name that ends in s takes the apostrophe alone.
export const possessive = (name: string): string => {
  const whole = name.trim();
  return /s$/i.test(whole) ? `${whole}'` : `${whole}'s`;
};
