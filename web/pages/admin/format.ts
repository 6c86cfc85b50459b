// How the admin screens word form types, lead statuses and instants.
import type { LeadStatus } from "@src/modules/leads/model";
import type { FormType } from "@src/modules/leads/options";

export const formTypeLabels: Record<FormType, string> = {
  employers: "Employers",
  brokers: "Brokers",
  platforms: "Platforms",
  contact: "Contact",
  enrollment: "Enrollment",
};

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
};
