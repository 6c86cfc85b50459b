// What a personal link without a valid invite shows: that it does not work and who to ask,
// and nothing of the enrollment.
export function InvalidInvite({ what = "registration" }: { what?: "registration" | "notice" | "preview" }) {
  if (what === "preview") {
    return (
      <section class="registration-card centered-page" aria-labelledby="invalid-title">
        <h1 id="invalid-title">This preview link is invalid or has expired</h1>
        <p>Preview links work for a week. Create a new one with the preview tools of the enrollment's summary page.</p>
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
    </section>
  );
}
