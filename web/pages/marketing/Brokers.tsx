import { existingPlatforms } from "@src/modules/leads/options";
import { AudiencePage } from "./AudiencePage";
import copy from "./copy/brokers.json";
import { companyField, emailField, nameField } from "./LeadForm";

// Brokers are asked for their email before their firm.
const fields = [
  nameField,
  emailField,
  companyField("Firm"),
  {
    name: "existingPlatform",
    label: "Existing Platform",
    choose: { placeholder: "Select your current platform", options: existingPlatforms.map((p) => [p, p] as const) },
  },
] as const;

export function Brokers() {
  return <AudiencePage path="/brokers" copy={copy} formType="brokers" fields={fields} columns={2} />;
}
