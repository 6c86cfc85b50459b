// A company's own details, as a business row, the business answer and the Company Info
// form all carry them: one list, so the server's answer and the wizard's copy of it name
// the same fields.

export interface CompanyDetails {
  name: string;
  taxId: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  industry: string;
  size: string;
}

/** The company details out of any record that holds them (nothing else of it). */
export function companyDetails({ name, taxId, address, city, state, zip, industry, size }: CompanyDetails): CompanyDetails {
  return { name, taxId, address, city, state, zip, industry, size };
}
