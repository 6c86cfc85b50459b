// How every email of ours reads: a greeting by first name, the body, and the site's name as
// the sign-off. One shape, so a new email cannot forget its greeting or sign its name twice.
import { siteName } from "../../lib/site-pages";
import type { OutgoingEmail } from "./service";

export interface Addressee {
  email: string;
  firstName: string;
}

/** An email as all of ours read: the greeting, the body's lines, the sign-off. */
export const letter = (kind: string, to: Addressee, subject: string, body: string[]): OutgoingEmail => ({
  kind,
  to: to.email,
  subject,
  text: [`Hello ${to.firstName},`, "", ...body, "", siteName].join("\n"),
});
