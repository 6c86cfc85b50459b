// What the employee's pages show before their content: loading, and what stops it showing.

export function PageLoading({ what }: { what: string }) {
  return (
    <p class="registration-card" aria-busy="true">
      {`Loading your ${what}...`}
    </p>
  );
}

/** Why the page shows nothing else, announced as it appears. */
export function PageAlert({ title, message }: { title: string; message: string }) {
  return (
    <section class="registration-card centered-page" role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
    </section>
  );
}

/** The page could not be read (the connection, our side): a reload may bring it. */
export const LoadFailed = ({ what }: { what: string }) => (
  <PageAlert title={`We could not load your ${what}`} message="Please check your connection and reload the page." />
);
