// The paycheck comparison of the About ICHRA step: a tab per coverage level, and a dialog
// with every level side by side.

import { formatUsd } from "@src/lib/money";
import type { CoverageLevel } from "@src/modules/employees/model";
import { useRef, useState } from "react";
import { Tabs } from "../../components/tabs/Tabs";
import { coverageOptions, paycheckSample } from "./figures";

const rows = (level: CoverageLevel) => {
  const figures = paycheckSample.byLevel[level];
  return [
    ["Semi-monthly gross pay", formatUsd(paycheckSample.grossSemiMonthly)],
    ["Employer ICHRA contribution", formatUsd(paycheckSample.employerContribution)],
    ["Advantage indemnity premium", formatUsd(figures.indemnityPremium)],
    ["Claim payment (about)", formatUsd(figures.claimPayment)],
  ] as const;
};

export function PaycheckTabs() {
  return (
    <Tabs
      label="Coverage level"
      idPrefix="paycheck-"
      tabs={coverageOptions.map((option) => ({
        id: option.value,
        label: option.label,
        content: () => (
          <>
            <table class="striped">
              <caption class="visually-hidden">Sample paycheck, {option.label} coverage</caption>
              <tbody>
                {rows(option.value).map(([label, amount]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td class="num">{amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p class="take-home">
              Your monthly take-home increase: <strong>{formatUsd(paycheckSample.byLevel[option.value].monthlyTakeHomeIncrease)}</strong>
            </p>
          </>
        ),
      }))}
    />
  );
}

/** A native modal dialog: the browser keeps focus inside and closes it on Escape; focus goes back to the opener. */
export function PaycheckDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const show = () => {
    const el = dialog.current;
    if (!el) return;
    if (typeof el.showModal === "function") el.showModal();
    else el.setAttribute("open", "");
    setOpen(true);
    el.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  };
  const close = () => {
    const el = dialog.current;
    if (el?.open && typeof el.close === "function") el.close();
    else el?.removeAttribute("open");
  };
  const onClose = () => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <>
      <button type="button" class="secondary" ref={opener} onClick={show} aria-haspopup="dialog" aria-expanded={open ? "true" : "false"}>
        See full paycheck comparison
      </button>
      <dialog ref={dialog} aria-labelledby="paycheck-dialog-title" onClose={onClose} class="paycheck-dialog">
        <article>
          <header>
            <h2 id="paycheck-dialog-title">Full paycheck comparison</h2>
          </header>
          <div class="table-scroll" role="region" aria-label="Paycheck comparison by coverage level" tabIndex={0}>
            <table class="striped">
              <thead>
                <tr>
                  <th scope="col">Per paycheck</th>
                  {coverageOptions.map((o) => (
                    <th scope="col" key={o.value} class="num">
                      {o.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows("individual").map(([label], rowIndex) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    {coverageOptions.map((o) => (
                      <td key={o.value} class="num">
                        {rows(o.value)[rowIndex][1]}
                      </td>
                    ))}
                  </tr>
                ))}
                <tr>
                  <th scope="row">Monthly take-home increase</th>
                  {coverageOptions.map((o) => (
                    <td key={o.value} class="num">
                      <strong>{formatUsd(paycheckSample.byLevel[o.value].monthlyTakeHomeIncrease)}</strong>
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
          <footer>
            <button type="button" data-autofocus onClick={close}>
              Close
            </button>
          </footer>
        </article>
      </dialog>
    </>
  );
}
