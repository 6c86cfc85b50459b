// Filling the dashboard's "Add a newly eligible employee" form as a person would, with one
// employee every test of it can expect back (Dana Lopez).
import { fireEvent, screen } from "@testing-library/react";

/** Types into the field labelled `label`. */
export const typeInto = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label, { exact: false }), { target: { value } });

/** Fills every required field with a valid new employee. */
export function fillNewEmployee() {
  typeInto("First name", "Dana");
  typeInto("Last name", "Lopez");
  typeInto("Email", "dana@example.com");
  typeInto("Date of birth", "1990-04-02");
  typeInto("Hire date", "2027-02-10");
  typeInto("Home ZIP", "78704");
}

/** Presses the form's button. */
export const addEmployee = () => fireEvent.click(screen.getByRole("button", { name: "Add employee and email them" }));
