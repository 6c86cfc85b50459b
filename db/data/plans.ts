// The provider's plan catalogue: a per-employee-per-month administration fee for each tier
// (the employer's allowances to employees are set separately, by class). Each plan's
// `limits` are the stated features as data, so the API and the wizard enforce what the
// feature list promises without reading its prose.

export interface PlanLimits {
  /** Most ICHRA employee classes (group-plan classes are not ICHRA classes); null: unlimited. */
  maxClasses: number | null;
  /** Classes based on a multi-state region (the Enterprise feature "Multi-state rating-area classes"). */
  multiStateClasses: boolean;
}

export const planCatalogue: {
  name: string;
  description: string;
  monthlyAmount: number;
  features: string[];
  isPopular: boolean;
  limits: PlanLimits;
  /** Indemnity benefits come with it (the Advantage feature): what the employee's sample paycheck shows. */
  indemnity: boolean;
}[] = [
  {
    name: "Essential",
    description: "A compliant ICHRA with tax-free premium reimbursements for small teams getting started.",
    monthlyAmount: 450,
    features: [
      "Tax-free individual premium reimbursements",
      "Up to 2 employee classes",
      "ACA compliance and affordability checks",
      "Employee onboarding through personal links",
      "Email support",
    ],
    isPopular: false,
    limits: { maxClasses: 2, multiStateClasses: false },
    indemnity: false,
  },
  {
    name: "Advantage",
    description: "Our enhanced ICHRA: reimbursements plus indemnity benefits and virtual care, with payroll-tax savings.",
    monthlyAmount: 850,
    features: [
      "Everything in Essential",
      "Indemnity benefits that raise take-home pay",
      "24/7 virtual care for every employee",
      "Unlimited employee classes",
      "Real-time enrollment dashboard",
      "Dedicated onboarding specialist",
    ],
    isPopular: true,
    limits: { maxClasses: null, multiStateClasses: false },
    indemnity: true,
  },
  {
    name: "Enterprise",
    description: "For larger and multi-state employers that need integrations, reporting and white-glove service.",
    monthlyAmount: 1600,
    features: [
      "Everything in Advantage",
      "Multi-state rating-area classes",
      "Payroll and HRIS integrations",
      "Custom reporting and exports",
      "Named account manager",
    ],
    isPopular: false,
    limits: { maxClasses: null, multiStateClasses: true },
    indemnity: true,
  },
];
