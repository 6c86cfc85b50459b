// The page for one audience (employers, brokers, platforms): a hero, the reasons to choose
// us, then a request form. Each page gives only its copy (copy/<page>.json) and its fields.
import type { MarketingPath } from "@src/lib/site-pages";
import type { FormType } from "@src/modules/leads/options";
import type { ComponentChildren } from "preact";
import { LeadForm, type LeadFormProps, type ThankYou } from "./LeadForm";
import { BenefitCards, FormSection, PageHero, type Point } from "./sections";
import { usePageMeta } from "./use-page-meta";
import "./marketing.css";

export interface AudienceCopy {
  eyebrow: string;
  title: string;
  lead: string;
  benefitsHeading: string;
  benefits: readonly Point[];
  form: {
    /** Prefixes the ids of the form's controls. */
    id: string;
    /** Where a link on the page points at the form. */
    sectionId?: string;
    headingId: string;
    heading: string;
    intro?: string;
    submitLabel: string;
    success?: string;
    /** The panel that replaces the form once sent; its heading sits under the section's. */
    thankYou?: Omit<ThankYou, "headingLevel">;
  };
}

export function AudiencePage({
  path,
  copy,
  formType,
  fields,
  toFields,
  columns,
  heroActions,
  children,
}: {
  path: MarketingPath;
  copy: AudienceCopy;
  formType: FormType;
  fields: LeadFormProps["fields"];
  toFields?: LeadFormProps["toFields"];
  columns?: 2 | 3;
  heroActions?: ComponentChildren;
  /** Sections between the reasons and the form. */
  children?: ComponentChildren;
}) {
  usePageMeta(path);
  const { form } = copy;
  return (
    <div class="marketing">
      <PageHero eyebrow={copy.eyebrow} title={copy.title}>
        <p class="lead">{copy.lead}</p>
        {heroActions}
      </PageHero>
      <BenefitCards heading={copy.benefitsHeading} cards={copy.benefits} columns={columns} />
      {children}
      <FormSection id={form.sectionId} headingId={form.headingId} heading={form.heading} intro={form.intro}>
        <LeadForm
          id={form.id}
          formType={formType}
          fields={fields}
          toFields={toFields}
          labelledBy={form.headingId}
          submitLabel={form.submitLabel}
          success={form.success}
          thankYou={form.thankYou && { ...form.thankYou, headingLevel: 3 }}
        />
      </FormSection>
    </div>
  );
}
