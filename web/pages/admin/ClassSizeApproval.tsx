// Approving an enrollment whose census leaves a class under the minimum class size: the rule
// (26 CFR 54.9802-4(d)(3)) counts the employees expected on the plan year's first day, which
// the census may not show yet, so the admin can approve, but only with the reason on record.
import { ClassSizeReasonForm, type EnrollmentReviewItem } from "@src/modules/enrollments/model";
import { useEffect, useState } from "react";
import { SubmitButton, TextArea } from "../../components/forms/Field";
import { refusal } from "../../components/forms/refusal";
import { Modal } from "./Modal";

type Shortfall = EnrollmentReviewItem["classSizeShortfalls"][number];

export function ClassSizeApproval({
  businessName,
  shortfalls,
  pending,
  onApprove,
  onClose,
}: {
  businessName: string;
  shortfalls: readonly Shortfall[];
  pending: boolean;
  onApprove: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  // The reason is the one thing asked: the keyboard starts there, not at the dialog's Close.
  useEffect(() => {
    document.getElementById("class-size-reason")?.focus();
  }, []);
  const [error, setError] = useState<string | undefined>();
  function submit(event: Event) {
    event.preventDefault();
    const found = refusal(event, ClassSizeReasonForm, { classSizeReason: reason.trim() });
    setError(found?.classSizeReason);
    if (!found) onApprove(reason.trim());
  }
  return (
    <Modal title={`Approve ${businessName}?`} back="Back to the enrollments" onClose={onClose}>
      <p>The census leaves {shortfalls.length === 1 ? "a class" : "classes"} under the minimum class size:</p>
      <ul>
        {shortfalls.map((s) => (
          <li key={s.className}>
            {s.className}: {s.headcount} of the {s.minimum} employees it needs
          </li>
        ))}
      </ul>
      <p>
        The minimum counts the employees the employer expects on the plan year's first day. Approve only if you know why the census is short
        of that (new hires starting, a census sent in part), and say so: the reason is kept with your name.
      </p>
      <form onSubmit={submit} noValidate aria-label="Approve with a reason">
        <TextArea
          id="class-size-reason"
          name="classSizeReason"
          label="Reason for approving"
          required
          maxLength={1000}
          value={reason}
          error={error}
          onInput={(value) => {
            setReason(value);
            setError(undefined);
          }}
        />
        <SubmitButton label="Approve with this reason" pendingLabel="Approving..." pending={pending} />
      </form>
    </Modal>
  );
}
