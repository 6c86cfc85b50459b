// What a personal link without a valid invite shows: that it does not work, who to ask and
// where to go instead, and nothing of the enrollment.
import { Link } from "wouter";

export function InvalidInvite({ what = "registration" }: { what?: "registration" | "notice" | "preview" }) {
  if (what === "preview") {
    return (
      <section class="registration-card centered-page" aria-labelledby="invalid-title">
        <h1 id="invalid-title">This preview link is invalid or has expired</h1>
        <p>Preview links work for a week. Create a new one with the preview tools of the enrollment's summary page.</p>
        <p>
          <Link href="/">Go to the home page</Link>
        </p>
      </section>
    );
  }
  return (
    <section class="registration-card centered-page" aria-labelledby="invalid-title">
      <h1 id="invalid-title">This {what} link is invalid or has expired</h1>
      <p>
        {what === "registration" ? "Registration" : "Notice"} links are personal and work for a limited time. Please ask your employer
        (whoever manages benefits at your company) to send you a new invitation.
      </p>
      <p>
        Already registered? <Link href="/login">Sign in</Link> to see your benefits, or <Link href="/">go to the home page</Link>.
      </p>
    </section>
  );
}
