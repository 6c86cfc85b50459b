// The screens word counts as the server's messages do.
export { plural } from "@src/lib/plural";
