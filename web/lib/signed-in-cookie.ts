// Whether this browser may be signed in: the server sets SIGNED_IN_COOKIE with a session and
// clears it when the session ends (the session's own cookie is HttpOnly). A screen that needs
// a session asks the server only when it is there: for a visitor, each refused request would
// be logged in the browser's console as an error, on pages that work as they should.
import { SIGNED_IN_COOKIE } from "@src/lib/signed-in-cookie";
import { ApiError } from "../api/errors";

let prerenderingSignedIn = false;

/** While prerendering (there is no cookie to read): draws the pages for a browser that may be signed in, or for one that is not. */
export const prerenderSignedIn = (signedIn: boolean) => {
  prerenderingSignedIn = signedIn;
};

export const maybeSignedIn = (): boolean =>
  typeof document === "undefined"
    ? prerenderingSignedIn
    : document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${SIGNED_IN_COOKIE}=`));

/** `ask()`, or without a sign-in here the 401 the server would have answered, without asking. */
export function askWhenSignedIn<T>(ask: () => Promise<T>): Promise<T> {
  return maybeSignedIn() ? ask() : Promise.reject(new ApiError(401, "", null, "Unauthorized"));
}
