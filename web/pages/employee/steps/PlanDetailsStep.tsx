import { formatUsd } from "@src/lib/money";
import { StepActions } from "@web/components/forms/Field";
import { AskFirst } from "@web/components/notice/AskFirst";
import { goToStep, noticeHref, registration, save, saving } from "@web/state/employee-registration";
import { useRef, useState } from "react";
import { startOf } from "../start-date";

/** Opting out at registration: recorded with its date, which a premium tax credit may need. */
function DeclineOffer() {
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <section class="decline-offer" aria-labelledby="decline-title">
      <h3 id="decline-title">Not taking part?</h3>
      <p>
        You may opt out of the ICHRA and waive its reimbursements. We record the date you opt out; if the offer is not affordable for you,
        you may then be able to claim a premium tax credit instead.
      </p>
      {confirming ? (
        <AskFirst
          id="decline-offer"
          question={<strong>Opt out of the ICHRA and waive its reimbursements for this plan year?</strong>}
          yes="Yes, opt out and waive"
          pendingYes="Opting out..."
          pending={saving.value}
          onYes={() => void save({}, 7, { decline: true })}
          onCancel={() => {
            setConfirming(false);
            requestAnimationFrame(() => opener.current?.focus());
          }}
          cancel="Keep the offer"
          yesClass="danger"
        />
      ) : (
        <button type="button" class="secondary outline" ref={opener} onClick={() => setConfirming(true)}>
          Opt out of the ICHRA
        </button>
      )}
    </section>
  );
}

export function PlanDetailsStep() {
  const view = registration.value!;
  const tiers =
    view.allowances &&
    (view.allowances.individualPlus1 !== view.allowances.individual || view.allowances.family !== view.allowances.individual);
  // The server decides the figure (the class's, or the spec's fallback) and says which it is.
  const ofClass = view.className !== null && !view.allowanceIsFallback;
  const start = startOf(view);
  return (
    <div>
      <div class="plan-facts">
        <article>
          <p class="fact-label">Your monthly allowance</p>
          <p class="fact-value">{formatUsd(view.allowances?.individual ?? view.allowance)}/month</p>
          <p>{ofClass ? `From ${view.businessName} for the ${view.className} class.` : `From ${view.businessName}.`}</p>
          {tiers && view.allowances && (
            <p>
              Covering family members too: {formatUsd(view.allowances.individualPlus1)}/month for yourself and one more,{" "}
              {formatUsd(view.allowances.family)}/month for your family.
            </p>
          )}
        </article>
        <article>
          <p class="fact-label">{start.label}</p>
          <p class="fact-value">{start.date}</p>
          <p>{start.note}</p>
        </article>
      </div>
      <p>
        You choose an individual health plan; your employer reimburses your premiums up to your allowance each month. If your plan costs
        less, you keep coverage for less; if it costs more, you pay the difference.
      </p>
      {ofClass && (
        <p>
          <a href={noticeHref()} target="_blank" rel="noopener">
            Read your ICHRA notice (opens in a new tab)
          </a>
          : your allowance, the plan year, your right to opt out, and how the offer affects the premium tax credit.
        </p>
      )}
      {!view.registration?.submittedAt && view.editable && <DeclineOffer />}
      <StepActions back={{ label: "Back", onClick: () => goToStep(2) }} label="Continue" onNext={() => goToStep(4)} />
    </div>
  );
}
