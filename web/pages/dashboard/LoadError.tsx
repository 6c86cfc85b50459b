import { Link, useLocation } from "wouter";
import { ApiError } from "../../api/errors";
import { signedIn } from "../../lib/session";

/**
 * A page of the employer's that could not be loaded, saying why as far as it is known: a
 * visitor signed out is asked to sign in; someone signed in whose account does not open it
 * (or for whom it does not exist) is offered their own page; any other failure (the server or
 * the network) can be tried again.
 */
export function LoadError({ title, what, error, onRetry }: { title: string; what: string; error?: unknown; onRetry?: () => void }) {
  const who = signedIn.value;
  const [path] = useLocation();
  const status = error instanceof ApiError ? error.status : null;
  const refused = status === 403 || status === 404;
  const failed = error !== undefined && !refused && status !== 401;
  const ownPage = who && who.home !== path ? who : null;
  return (
    <section class="dashboard-page centered-page">
      <h1>{title}</h1>
      {failed ? (
        <p>We couldn't load this {what}. Please try again.</p>
      ) : who && status !== 401 ? (
        <p>We couldn't load this {what}. It may not exist, or it may belong to an account other than the one you're signed in with.</p>
      ) : (
        <p>We couldn't load this {what}. It may not exist, or you may need to sign in.</p>
      )}
      <p class="actions">
        {failed && onRetry && (
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        )}
        {!failed &&
          (who && status !== 401 ? (
            ownPage && (
              <Link href={ownPage.home} role="button">
                {ownPage.homeLabel === "Dashboard" ? "Go to your dashboard" : ownPage.homeLabel}
              </Link>
            )
          ) : (
            <Link href="/login" role="button">
              Sign in
            </Link>
          ))}
        <Link href="/" role="button" class="secondary outline">
          Return to Home
        </Link>
      </p>
    </section>
  );
}
