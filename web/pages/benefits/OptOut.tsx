// The employee's right to opt out of the ICHRA and waive its reimbursements (54.9802-4(c)(3)),
// which their notice promises. Last on My benefits, folded: from which month it waives (the
// server's count: the month under way, the months claimed and the months already counted stay
// theirs), what it means for a premium tax credit, then a box to tick before it is sent. Once
// done, the card says when, and until its first month starts offers to take it back.
import { formatDate } from "@src/lib/date-rules";
import { addMonths, formatDay, formatMonth } from "@src/lib/months";
import { takeBackUntil } from "@src/modules/employees/model";
import { type BenefitsHome, OptOutPayload } from "@src/modules/reimbursements/model";
import { useEffect, useRef, useState } from "react";
import { api, read } from "../../api/client";
import { ApiError, messageOf } from "../../api/errors";
import { Checkbox, SubmitButton } from "../../components/forms/Field";
import { refusal } from "../../components/forms/refusal";
import { toast } from "../../components/toast/toast-store";
import { browserTimeZone } from "../../lib/time-zone";

const ID = "opt-out";

/** What stays the employee's when opting out now waives `from` on. */
function keptText(home: BenefitsHome, from: string): string {
  const last = addMonths(from, -1);
  const kept =
    last < home.eligibleFrom
      ? "No month of your allowance comes before it."
      : `You can still claim your premiums through ${formatMonth(last)}.`;
  return home.approvedUnpaid > 0 ? `${kept} What was approved is still paid.` : kept;
}

/** Whom to write to, as links a phone can open. */
function WriteToUs({ contact }: { contact: BenefitsHome["contact"] }) {
  return (
    <>
      write to us at <a href={`mailto:${contact.email}`}>{contact.email}</a> or call <a href={`tel:${contact.phone}`}>{contact.phone}</a>
    </>
  );
}

export function OptOutSection({ home, onChanged }: { home: BenefitsHome; onChanged: () => void }) {
  const [waive, setWaive] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const { optedOut, optOutFrom } = home;
  // Opting out and taking it back each redraw the card (a form becomes a note, and back): the
  // keyboard goes on from the new one once the page has it.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    const card = document.getElementById(ID);
    (card?.tagName === "DETAILS" ? card.querySelector<HTMLElement>("summary") : card)?.focus();
  }, [home]);

  async function send(
    call: () => Promise<BenefitsHome>,
    done: (answer: BenefitsHome) => { title: string; description: string },
    failed: string,
    title: string,
  ) {
    setPending(true);
    try {
      toast(done(await call()));
      moved.current = true;
      onChanged();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400) setError(caught.fieldErrors.waive ?? undefined);
      // Already done, or no longer possible (from another window, or a month just begun): the page shows where things stand.
      if (caught instanceof ApiError && caught.status === 409) {
        moved.current = true;
        onChanged();
      }
      toast({ title, description: messageOf(caught, failed), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  if (optedOut) {
    // Until its first month starts nothing is waived yet, and the employee can take it back.
    const canTakeBack = home.month < optedOut.waivedFrom;
    return (
      <section class="benefits-card" id={ID} aria-labelledby={`${ID}-title`} tabIndex={-1}>
        <header class="card-head">
          <h2 id={`${ID}-title`}>You opted out of the ICHRA</h2>
        </header>
        <p>
          On {formatDay(optedOut.on)} you opted out of the ICHRA offered by {home.employer.name} and waived its reimbursements from{" "}
          {formatMonth(optedOut.waivedFrom)} on.{" "}
          {canTakeBack ? (
            <>You can take it back until {formatDate(takeBackUntil(optedOut.waivedFrom))}; after that it is for good.</>
          ) : (
            <>
              It is for good: no later month is reimbursed. If you think this is a mistake, <WriteToUs contact={home.contact} />.
            </>
          )}
        </p>
        {canTakeBack && (
          <button
            type="button"
            class="secondary"
            disabled={pending}
            aria-busy={pending ? "true" : undefined}
            onClick={() =>
              send(
                () => read(api.api.benefits["opt-out"].delete(undefined, { query: { tz: browserTimeZone() } })),
                () => ({
                  title: "Opting Out Taken Back",
                  description: "Your allowance goes on as before. We emailed you and your employer.",
                }),
                "Your opting out could not be taken back. Please try again.",
                "Not Taken Back",
              )
            }
          >
            {pending ? "Taking it back..." : "Take back my opting out"}
          </button>
        )}
      </section>
    );
  }
  // Nothing is left to waive: the allowance ends with the employment first.
  if (!optOutFrom) return null;

  const stated: string = optOutFrom;
  const from = formatMonth(stated);
  function submit(event: Event) {
    event.preventDefault();
    const found = refusal(event, OptOutPayload, { waive: waive || undefined, waivedFrom: stated });
    if (found) return setError(found.waive);
    void send(
      // The month stated here goes with it: if the count has moved since, nothing is recorded and the page shows the new one.
      () => read(api.api.benefits["opt-out"].post({ waive: true, waivedFrom: stated }, { query: { tz: browserTimeZone() } })),
      (answer) => ({
        title: "Opted Out",
        description: `Your reimbursements are waived from ${formatMonth(answer.optedOut?.waivedFrom ?? stated)} on. We emailed you what this means.`,
      }),
      "Your opting out could not be saved. Please try again.",
      "Not Opted Out",
    );
  }

  return (
    <details class="benefits-card opt-out" id={ID}>
      <summary>Opt out of the ICHRA</summary>
      <p>
        You can opt out of the ICHRA offered by {home.employer.name} and waive its reimbursements from {from} on.{" "}
        {keptText(home, optOutFrom)} We will email you and {home.employer.name} that you opted out. Until {from} starts you can take it back
        here; after that it is for good.
      </p>
      <p>
        If the ICHRA is not affordable for you, you may be able to get a premium tax credit on the Marketplace for the months you waive,
        from {from}, if your household income qualifies; not for the months that stay yours. If it is affordable, you cannot get one even
        after opting out. The Marketplace works out which when you apply, from your allowance and your income.
      </p>
      <form class="benefits-form" onSubmit={submit} noValidate aria-label="Opt out of the ICHRA">
        <Checkbox
          id="waive"
          label={`I opt out of the ICHRA and waive its reimbursements from ${from} on.`}
          required
          checked={waive}
          error={error}
          onInput={(checked) => {
            setWaive(checked);
            setError(undefined);
          }}
        />
        <SubmitButton label="Opt out" pendingLabel="Opting out..." pending={pending} className="outline danger" />
      </form>
    </details>
  );
}
