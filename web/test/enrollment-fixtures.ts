// Answers in the API's shapes, for the employer screens' component tests.
import type { BusinessRead, MyBusiness } from "@src/modules/businesses/model";
import type { EnrollmentRead } from "@src/modules/enrollments/model";
import type { Plan } from "@src/modules/plans/model";

export const plans: Plan[] = [
  {
    id: 1,
    name: "Essential",
    description: "Core reimbursements",
    monthlyAmount: 300,
    annualAmount: 3600,
    features: ["Premium reimbursement"],
    isPopular: false,
    limits: { maxClasses: 2, multiStateClasses: false },
  },
  {
    id: 2,
    name: "Advantage",
    description: "Reimbursements plus indemnity",
    monthlyAmount: 450,
    annualAmount: 5400,
    features: ["Indemnity benefits", "Virtual care"],
    isPopular: true,
    limits: { maxClasses: null, multiStateClasses: false },
  },
];

export const business = (over: Partial<BusinessRead> = {}): BusinessRead => ({
  id: 7,
  name: "Acme Dental",
  taxId: "12-3456789",
  address: "1 Main St",
  city: "Austin",
  state: "TX",
  zip: "78701",
  industry: "healthcare",
  size: "11-50",
  status: "registered",
  createdAt: "2026-11-01T10:00:00.000Z",
  email: "pat@acme.test",
  contact: { firstName: "Pat", lastName: "Lee", email: "pat@acme.test", phone: "512-555-0100" },
  ...over,
});

type ClassGiven = Omit<EnrollmentRead["employeeClasses"][number], "firstDayHeadcount"> & { firstDayHeadcount?: number };
type CensusGiven = Omit<EnrollmentRead["census"], "firstDay"> & { firstDay?: number };
type EnrollmentGiven = Partial<Omit<EnrollmentRead, "employeeClasses" | "census">> & {
  employeeClasses?: ClassGiven[];
  census?: CensusGiven;
};

/** An enrollment as the server reads it; everyone on the census is employed on the plan year's first day unless told otherwise. */
export const enrollment = (over: EnrollmentGiven = {}): EnrollmentRead => {
  const e = base(over);
  return {
    ...e,
    employeeClasses: e.employeeClasses.map((c) => ({ ...c, firstDayHeadcount: c.firstDayHeadcount ?? c.headcount })),
    census: { ...e.census, firstDay: e.census.firstDay ?? e.census.count },
  };
};

const base = (over: EnrollmentGiven) =>
  ({
    id: 31,
    businessId: 7,
    planId: 2,
    status: "classes_defined",
    effectiveDate: "2027-03-01",
    effectiveDateConfirmed: false,
    monthlyBudget: 4500,
    additionalNotes: null,
    createdAt: "2026-11-02T10:00:00.000Z",
    finalizedAt: null,
    groupPlanClasses: [],
    totalEmployees: 20,
    notice: { deadline: "2026-12-01", late: false, newEmployer: false },
    plan: {
      id: 2,
      name: "Advantage",
      description: "Reimbursements plus indemnity",
      monthlyAmount: 450,
      limits: { maxClasses: null, multiStateClasses: false },
    },
    employeeClasses: [
      { name: "Full-time", allowanceAmount: 500, headcount: 3 },
      { name: "Part-time", allowanceAmount: 251, eligibilityRequirements: "20+ hours a week", headcount: 1 },
    ],
    business: { name: "Acme Dental", email: "pat@acme.test" },
    census: { count: 4, skipped: false, rejected: 0 },
    classSizeShortfalls: [],
    ...over,
  }) as Omit<EnrollmentRead, "employeeClasses" | "census"> & { employeeClasses: ClassGiven[]; census: CensusGiven };

export const mine = (over: Partial<MyBusiness> = {}, progress: Partial<MyBusiness["progress"]> = {}): MyBusiness => ({
  businessId: 7,
  businessStatus: "registered",
  enrollmentId: null,
  enrollmentStatus: null,
  ...over,
  progress: {
    companyInfo: true,
    planDesign: false,
    employeeClasses: false,
    census: "none",
    effectiveDate: false,
    submitted: false,
    ...progress,
  },
});
