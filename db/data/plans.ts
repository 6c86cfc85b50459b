// The provider's plan catalogue: a per-employee-per-month administration fee for each tier
// (the employer's allowances to employees are set separately, by class).
export const planCatalogue = [
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
  },
];
