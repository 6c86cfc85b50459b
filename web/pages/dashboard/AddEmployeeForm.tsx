// After submitting: add an employee who became eligible (a new hire). The server emails
// their ICHRA notice at once (with an invitation to register while registration is open), so
// it reaches them by the day their coverage can begin. What is typed is kept through a reload
// until the employee is added.
import { localToday, yearsFrom } from "@src/lib/date-rules";
import { trimmedFields } from "@src/lib/trimmed";
import { type EmployeeListItem, NewEmployee } from "@src/modules/employees/model";
import { useState } from "react";
import { api, read } from "../../api/client";
import { ApiError, messageOf } from "../../api/errors";
import { SelectField, SubmitButton, TextField } from "../../components/forms/Field";
import { refusal } from "../../components/forms/refusal";
import { toast } from "../../components/toast/toast-store";
import { refocusIfLost } from "../../lib/focus-after";
import { forgetDraft, keepTyping, withKeptDraft } from "../../lib/kept-drafts";

const empty = { firstName: "", lastName: "", email: "", dateOfBirth: "", homeZip: "", workZip: "", className: "", hireDate: "" };
type Draft = typeof empty;
const typedFields = Object.keys(empty) as (keyof Draft)[];

/** What the toast says was sent: the invitation goes with the notice while registration is open. */
export const addedDescription = (name: string, invited: boolean) =>
  invited
    ? `${name} was added and emailed an invitation to register, with their ICHRA notice.`
    : `${name} was added and emailed their ICHRA notice.`;

export function AddEmployeeForm({
  enrollmentId,
  classNames,
  onAdded,
}: {
  enrollmentId: number | string;
  classNames: readonly string[];
  onAdded: (employees: EmployeeListItem[]) => void;
}) {
  const draftKey = `add-employee:${enrollmentId}`;
  const start = { ...empty, className: classNames[0] ?? "" };
  const [draft, setDraftState] = useState<Draft>(() => {
    const kept = withKeptDraft(draftKey, start, typedFields);
    // A class removed since the draft was kept is not offered: the first one is.
    return classNames.includes(kept.className) ? kept : { ...kept, className: start.className };
  });
  const setDraft = (next: Draft) => {
    setDraftState(next);
    keepTyping(draftKey, next, start, typedFields);
  };
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const bind = (key: keyof Draft) => ({
    name: key,
    value: draft[key],
    error: errors[key],
    onInput: (value: string) => setDraft({ ...draft, [key]: value }),
  });

  async function submit(event: Event) {
    event.preventDefault();
    const { workZip, ...rest } = trimmedFields(draft);
    const payload = { ...rest, ...(workZip ? { workZip } : {}) };
    const found = refusal(event, NewEmployee, payload);
    if (found) return setErrors(found);
    setPending(true);
    try {
      const answer = await read(api.api.enrollment({ enrollmentId: String(enrollmentId) }).employees.post(payload));
      onAdded(answer.employees);
      setDraftState({ ...empty, className: draft.className });
      forgetDraft(draftKey);
      setErrors({});
      const added = answer.employees.find((e) => e.email.toLowerCase() === payload.email.trim().toLowerCase());
      toast({
        title: "Employee Added",
        description: addedDescription(`${payload.firstName} ${payload.lastName}`, added?.inviteStatus === "sent"),
      });
      // The button was disabled while adding, which dropped the focus: the emptied form is ready for the next one.
      refocusIfLost(() => document.getElementById("new-first-name"));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setErrors(error.fieldErrors);
      toast({
        title: "Employee Not Added",
        description: messageOf(error, "The employee could not be added. Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form class="add-employee-form" onSubmit={submit} noValidate aria-labelledby="add-employee-title">
      <h3 id="add-employee-title">Add a newly eligible employee</h3>
      <p>
        For someone who joins after you submitted: they are emailed their ICHRA notice right away, which must reach them by the day their
        coverage can begin (the first of the month on or after their hire date), with their invitation to register while registration is
        open.
      </p>
      <div class="grid">
        <TextField id="new-first-name" label="First name" required {...bind("firstName")} />
        <TextField id="new-last-name" label="Last name" required {...bind("lastName")} />
      </div>
      <div class="grid">
        <TextField id="new-email" label="Email" type="email" required {...bind("email")} />
        <SelectField
          id="new-class"
          label="Class"
          required
          options={classNames.map((name) => [name, name] as const)}
          {...bind("className")}
        />
      </div>
      <div class="grid">
        <TextField id="new-dob" label="Date of birth" type="date" required {...bind("dateOfBirth")} />
        <TextField
          id="new-hire-date"
          label="Hire date"
          type="date"
          required
          min="1900-01-01"
          max={yearsFrom(localToday(), 1)}
          {...bind("hireDate")}
        />
      </div>
      <div class="grid">
        <TextField id="new-home-zip" label="Home ZIP" required {...bind("homeZip")} />
        <TextField
          id="new-work-zip"
          label="Work ZIP (optional)"
          hint="Where they mainly work; empty: your business's ZIP."
          {...bind("workZip")}
        />
      </div>
      <SubmitButton label="Add employee and email them" pendingLabel="Adding..." pending={pending} />
    </form>
  );
}
