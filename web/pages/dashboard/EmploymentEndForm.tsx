// The last day of an employee's employment, as the employer records it (docs/decisions/025):
// their allowance ends with that month, later months cannot be claimed, and what was
// approved is still paid. Opened from the employee's row; a date recorded by mistake is
// changed or removed here.
import { formatDate } from "@src/lib/date-rules";
import { formatMonth, monthOf } from "@src/lib/months";
import { possessive } from "@src/lib/possessive";
import { type EmployeeListItem, EmploymentEndPayload } from "@src/modules/employees/model";
import { useEffect, useRef, useState } from "react";
import { api, read } from "../../api/client";
import { ApiError, messageOf } from "../../api/errors";
import { SubmitButton, TextField } from "../../components/forms/Field";
import { refusal } from "../../components/forms/refusal";
import { toast } from "../../components/toast/toast-store";

export function EmploymentEndForm({
  enrollmentId,
  employee,
  onSaved,
  onClose,
}: {
  enrollmentId: number | string;
  employee: EmployeeListItem;
  onSaved: (employees: EmployeeListItem[]) => void;
  onClose: () => void;
}) {
  const name = `${employee.firstName} ${employee.lastName}`;
  const [endedOn, setEndedOn] = useState(employee.employmentEndedOn ?? "");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState<"save" | "remove" | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // Opened from a button in the row: the field takes the focus, so typing starts there.
  useEffect(() => form.current?.querySelector<HTMLInputElement>("input")?.focus(), []);

  async function send(value: string | null) {
    setPending(value === null ? "remove" : "save");
    try {
      const answer = await read(
        api.api
          .enrollment({ enrollmentId: String(enrollmentId) })
          .employees({ employeeId: String(employee.id) })
          ["employment-end"].post({ endedOn: value }),
      );
      onSaved(answer.employees);
      toast({
        title: value === null ? "Last Day Removed" : "Last Day Recorded",
        description:
          value === null
            ? `${possessive(name)} allowance continues as before.`
            : `${possessive(name)} allowance ends with ${formatMonth(monthOf(value))}.`,
      });
      onClose();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400) {
        setError(caught.fieldErrors.endedOn ?? caught.serverMessage ?? undefined);
        // The field to correct takes the focus back from the button the refusal disabled.
        form.current?.querySelector<HTMLInputElement>("input")?.focus();
      }
      toast({
        title: "Not Saved",
        description: messageOf(caught, "The last day could not be saved. Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(null);
    }
  }

  function submit(event: Event) {
    event.preventDefault();
    const found = refusal(event, EmploymentEndPayload, { endedOn: endedOn || undefined });
    if (found) return setError(found.endedOn);
    void send(endedOn);
  }

  return (
    <form
      ref={form}
      class="employment-end-form"
      onSubmit={submit}
      // Escape closes it, as it would a dialog, when nothing is being saved.
      onKeyDown={(event) => {
        if (event.key === "Escape" && pending === null) onClose();
      }}
      noValidate
      aria-label={`Last day of employment of ${name}`}
    >
      <TextField
        id={`ended-on-${employee.id}`}
        name="endedOn"
        label="Last day of employment"
        type="date"
        required
        value={endedOn}
        error={error}
        hint="Their allowance ends with this month; months until then can still be claimed. An approved amount for a later month that payroll has not paid is withdrawn."
        onInput={(value) => {
          setEndedOn(value);
          setError(undefined);
        }}
      />
      <div class="employment-end-actions">
        <SubmitButton label="Save" pendingLabel="Saving..." pending={pending === "save"} disabled={pending !== null} />
        {employee.employmentEndedOn && (
          <button
            type="button"
            class="secondary outline"
            disabled={pending !== null}
            aria-busy={pending === "remove" ? "true" : undefined}
            onClick={() => send(null)}
          >
            Remove the date
          </button>
        )}
        <button type="button" class="secondary outline" disabled={pending !== null} onClick={onClose}>
          Cancel
        </button>
      </div>
      {employee.employmentEndedOn && (
        <p>
          <small>Recorded: {formatDate(employee.employmentEndedOn)}.</small>
        </p>
      )}
    </form>
  );
}
