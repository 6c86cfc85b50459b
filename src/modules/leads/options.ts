// The lead forms' constants, apart from the schemas so pages can show them without
// loading the validation library up front.
export const formTypes = ["employers", "brokers", "platforms", "contact", "enrollment"] as const;
export type FormType = (typeof formTypes)[number];

/** The brokers' "existing platform" choices: six ICHRA administration providers, then two answers. */
export const existingPlatforms = [
  "Take Command",
  "Thatch",
  "PeopleKeep",
  "Remodel Health",
  "Zorro",
  "Venteur",
  "Other",
  "Not currently using one",
] as const;

export const integrationInterests = { yes: "Yes - Ready to integrate", no: "No - Just exploring options" } as const;

/** The honeypot: a field people never see, so anything in it came from a robot. */
export const honeypotField = "website";
