import { Type } from "@sinclair/typebox";
import { registrationFields } from "@src/modules/employees/model";
import { refusal } from "@web/components/forms/refusal";
import { fieldErrors, form, type RegistrationFields, save } from "@web/state/employee-registration";

type Choice = "coverageLevel" | "healthPlanId";

/**
 * The submit of a step that asks for one choice among radio buttons: without one, the field's
 * own message shows and its first radio takes the focus; with one, it is saved and the
 * registration moves on to step `next`.
 */
export function submitChoice(name: Choice, next: number) {
  const schema = Type.Object({ [name]: registrationFields[name] });
  return (event: Event) => {
    event.preventDefault();
    const chosen = form.value[name];
    const problems = refusal(event, schema, { [name]: chosen || undefined });
    if (problems) {
      fieldErrors.value = problems;
      return;
    }
    if (chosen) void save({ [name]: chosen } as RegistrationFields, next);
  };
}
