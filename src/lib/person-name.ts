// A person's name as they type it: letters of any script, with the spaces, hyphens, apostrophes
// and periods names carry. What an employee types goes into emails to their employer under our
// name, so a name cannot carry a link, a formula or markup.
// The spaces and dots names carry include a pasted no-break space and the middle dots of
// Catalan ("Gal·la") and of names written in Chinese or Japanese ("阿沛·阿旺晋美").
const NAME = /^[\p{L}\p{M}][\p{L}\p{M}'’ \u00a0.,·・-]*$/u;

export const isPersonName = (value: string) => NAME.test(value.trim());

export const personNameMessage = (field: string) => `${field} can hold only letters, spaces, hyphens, apostrophes and periods`;
