// "Acme Tools's" reads as a slip: a name that ends in s takes the apostrophe alone.
export const possessive = (name: string): string => (/s$/i.test(name.trim()) ? `${name}'` : `${name}'s`);
