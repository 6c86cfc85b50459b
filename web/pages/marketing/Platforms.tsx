import { integrationInterests } from "@src/modules/leads/options";
import { AudiencePage } from "./AudiencePage";
import copy from "./copy/platforms.json";
import { companyField, emailField, nameField } from "./LeadForm";

const fields = [
  nameField,
  companyField("Platform Name"),
  emailField,
  {
    name: "integrationInterest",
    label: "Integration Interest",
    choose: { placeholder: "Are you ready to integrate?", options: Object.entries(integrationInterests) },
  },
] as const;

export function Platforms() {
  return <AudiencePage path="/platforms" copy={copy} formType="platforms" fields={fields} columns={2} />;
}
