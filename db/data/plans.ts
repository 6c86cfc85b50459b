// The ICHRA plan catalogue an employer chooses from on the Plan Design step. Amounts are
// dollars per month; the seed stores them as integer cents.
export interface CatalogueEntry {
  name: string;
  description: string;
  monthlyAmount: number;
  features: string[];
  isPopular: boolean;
}

export const planCatalogue: CatalogueEntry[] = [
  {
    name: "Essential ICHRA",
    description: "Tax-free reimbursement of individual health premiums with the compliance basics.",
    monthlyAmount: 350,
    features: ["Premium reimbursement", "ACA affordability checks", "Employee classes", "Online employee enrollment"],
    isPopular: false,
  },
  {
    name: "Enhanced ICHRA",
    description: "Premium reimbursement plus indemnity benefits and virtual care for higher take-home pay.",
    monthlyAmount: 500,
    features: ["Everything in Essential", "Indemnity benefits", "Virtual care", "FICA savings design", "Dedicated support"],
    isPopular: true,
  },
  {
    name: "Premier ICHRA",
    description: "The enhanced package with reporting, payroll integration and white-glove implementation.",
    monthlyAmount: 750,
    features: ["Everything in Enhanced", "Payroll integration", "Real-time reporting dashboard", "White-glove implementation"],
    isPopular: false,
  },
];
