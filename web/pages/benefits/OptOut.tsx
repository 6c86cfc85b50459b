// The employee's right to opt out of the ICHRA and waive its reimbursements for good
// (54.9802-4(c)(3)), which their notice promises. Last on My benefits, folded: what it
// means, from which month, and for the premium tax credit, then a box to tick that says so
// before it is sent. Once done, the card says when, and what was left to them.
import { addMonths, formatDay, formatMonth } from "@src/lib/months";
import { type BenefitsHome, OptOutPayload, waiverStartsWith } from "@src/modules/reimbursements/model";
import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { api, read } from "../../api/client";
import { ApiError, messageOf } from "../../api/errors";
import { Checkbox, SubmitButton } from "../../components/forms/Field";
import { refusal } from "../../components/forms/refusal";
import { toast } from "../../components/toast/toast-store";
import { browserTimeZone } from "../../lib/time-zone";

const ID = "opt-out";

export function OptOutSection({ home, onChanged }: { home: BenefitsHome; onChanged: () => void }) {
  const [waive, setWaive] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const ended = home.allowanceEnded;
  const optedOut = ended?.endedBy === "waiver" ? ended : null;
  // The form gives way to the card saying what it did, and the card to the form when taken
  // back: the keyboard goes on from the new one once it is drawn.
  const sentNow = useRef<"opted-out" | "taken-back" | null>(null);
  useEffect(() => {
    if (sentNow.current !== (optedOut ? "opted-out" : "taken-back")) return;
    sentNow.current = null;
    const card = document.getElementById(ID);
    (optedOut ? card : card?.querySelector<HTMLElement>("summary"))?.focus();
  }, [optedOut]);

  if (optedOut) {
    // Until its first month starts nothing is waived yet, and the employee can take it back.
    const canTakeBack = home.month <= optedOut.lastMonth;
    return (
      <section class="benefits-card" id={ID} aria-labelledby={`${ID}-title`} tabIndex={-1}>
        <header class="card-head">
          <h2 id={`${ID}-title`}>You opted out of the ICHRA</h2>
        </header>
        <p>
          On {formatDay(optedOut.on)} you opted out of the ICHRA offered by {home.employer.name} and waived its reimbursements from{" "}
          {formatMonth(addMonths(optedOut.lastMonth, 1))} on.{" "}
          {canTakeBack ? (
            <>You can take it back until the end of {formatMonth(optedOut.lastMonth)}.</>
          ) : (
            <>
              To take part again, <Link href="/contact">write to us</Link>.
            </>
          )}
        </p>
        {canTakeBack && (
          <button type="button" class="secondary" disabled={pending} aria-busy={pending ? "true" : undefined} onClick={takeBack}>
            {pending ? "Taking it back..." : "Take back my opting out"}
          </button>
        )}
      </section>
    );
  }
  // Nothing is left to waive once employment has ended before this month.
  if (ended && home.month > ended.lastMonth) return null;

  const claimed = home.claims.filter((c) => c.status !== "denied").map((c) => c.month);
  const from = formatMonth(waiverStartsWith(home.month, claimed));
  const label = `I opt out of the ICHRA and waive its reimbursements from ${from} on, for good.`;

  async function takeBack() {
    setPending(true);
    try {
      await read(api.api.benefits["opt-out"].delete(undefined, { query: { tz: browserTimeZone() } }));
      toast({ title: "Opting Out Taken Back", description: "Your allowance goes on as before. We emailed you and your employer." });
      setWaive(false);
      sentNow.current = "taken-back";
      onChanged();
    } catch (caught) {
      // Already in effect, or already taken back: the page shows where things stand.
      if (caught instanceof ApiError && caught.status === 409) onChanged();
      toast({
        title: "Not Taken Back",
        description: messageOf(caught, "Your opting out could not be taken back. Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  async function submit(event: Event) {
    event.preventDefault();
    const found = refusal(event, OptOutPayload, { waive: waive || undefined });
    if (found) return setError(found.waive);
    setPending(true);
    try {
      await read(api.api.benefits["opt-out"].post({ waive: true }, { query: { tz: browserTimeZone() } }));
      toast({ title: "Opted Out", description: `Your reimbursements are waived from ${from} on. We emailed you what this means.` });
      sentNow.current = "opted-out";
      onChanged();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400) setError(caught.fieldErrors.waive ?? undefined);
      // Already done (from another window): the page shows it.
      if (caught instanceof ApiError && caught.status === 409) onChanged();
      toast({
        title: "Not Opted Out",
        description: messageOf(caught, "Your opting out could not be saved. Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <details class="benefits-card opt-out" id={ID}>
      <summary>Opt out of the ICHRA</summary>
      <p>
        You can opt out of the ICHRA offered by {home.employer.name} and waive its reimbursements for good. {formatMonth(home.month)}
        {claimed.some((month) => month > home.month) ? " and the later months you already claimed stay" : " stays"} yours: nothing is
        reimbursed for {from} or any month after. What was approved is still paid.
      </p>
      <p>
        If the ICHRA is not affordable for you, opting out lets you claim a premium tax credit on the Marketplace instead. If it is
        affordable, you cannot claim one even after opting out. The Marketplace works out which when you apply, from your allowance and your
        household income.
      </p>
      <form class="benefits-form" onSubmit={submit} noValidate aria-label="Opt out of the ICHRA">
        <Checkbox
          id="waive"
          label={label}
          required
          checked={waive}
          error={error}
          onInput={(checked) => {
            setWaive(checked);
            setError(undefined);
          }}
        />
        <SubmitButton label="Opt out" pendingLabel="Opting out..." pending={pending} />
      </form>
    </details>
  );
}
