// /enrollment/{id}/classes: edit the classes until the enrollment is finalized; after that
// they are shown read-only with the reason.
import "../enroll/enroll.css";
import "./dashboard.css";
import { FINALIZED_MESSAGE } from "@src/modules/enrollments/model";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { usePageTitle } from "../../components/chrome/page-title";
import { SubmitButton } from "../../components/forms/Field";
import { planYearOf } from "../../lib/dates";
import { isFinalized, useEnrollment } from "../../lib/use-enrollment";
import { type ClassDraft, type GroupPlanDraft, toClassDraft, toGroupPlanDrafts } from "../../state/enrollment";
import { AddClassForm, ClassCards, saveClasses } from "../enroll/ClassEditor";
import { ClassRulesPanel, headcountsOf } from "../enroll/ClassRulesPanel";
import { ClassTable } from "../enroll/ClassTable";
import { EnrollmentLoadError } from "./EnrollmentDetailsPage";

export default function EnrollmentClassesPage({ params }: { params: { enrollmentId: string } }) {
  usePageTitle("Employee Classes");
  const load = useEnrollment(params.enrollmentId);
  const [classes, setClasses] = useState<ClassDraft[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [totalEmployees, setTotalEmployees] = useState("");
  const [groupPlanClasses, setGroupPlanClasses] = useState<GroupPlanDraft[]>([]);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (load.status === "ready" && classes === null) {
      setClasses(load.value.employeeClasses.map(toClassDraft));
      setGroupPlanClasses(toGroupPlanDrafts(load.value.groupPlanClasses));
      setTotalEmployees(load.value.totalEmployees === null ? "" : String(load.value.totalEmployees));
    }
  }, [load, classes]);

  if (load.status === "error") return <EnrollmentLoadError error={load.error} />;
  if (load.status !== "ready" || classes === null) {
    return (
      <section class="dashboard-page">
        <h1>Employee Classes</h1>
        <p aria-busy="true">Loading enrollment...</p>
      </section>
    );
  }
  const e = load.value;
  const list = classes ?? [];
  const back = (
    <p>
      <Link href={`/dashboard/${e.businessId}`}>← Back to dashboard</Link>
    </p>
  );

  if (isFinalized(e)) {
    return (
      <section class="dashboard-page">
        {back}
        <h1>Employee Classes</h1>
        <p class="notice" role="status">
          {FINALIZED_MESSAGE} Contact us if your classes need to change.
        </p>
        <ClassTable classes={e.employeeClasses} caption={`${e.business.name}: employee classes`} showHeadcount />
      </section>
    );
  }

  async function save(event: Event) {
    event.preventDefault();
    setSaved(false);
    if (list.length === 0) return;
    setSaving(true);
    const outcome = await saveClasses(e.id, list, { totalEmployees, groupPlanClasses });
    setSaving(false);
    setSaved(outcome.ok);
    setServerErrors(outcome.ok ? {} : outcome.fieldErrors);
  }

  return (
    <section class="dashboard-page">
      {back}
      <h1>Employee Classes</h1>
      <p>{e.business.name}: add or change classes, then save. Saving replaces the whole list.</p>
      <ClassCards
        classes={list}
        errors={serverErrors}
        planYear={planYearOf(e.effectiveDate)}
        headingLevel={2}
        onDelete={(index) => {
          setClasses(list.filter((_, i) => i !== index));
          setSaved(false);
          setServerErrors({});
        }}
      />
      <AddClassForm
        headingLevel={2}
        existing={list}
        plan={e.plan}
        onAdd={(c) => {
          setClasses([...list, c]);
          setSaved(false);
          setServerErrors({});
        }}
      />
      <form onSubmit={save} noValidate class="save-classes">
        <ClassRulesPanel
          classes={list}
          counts={headcountsOf(e)}
          errors={serverErrors}
          headingLevel={2}
          totalEmployees={totalEmployees}
          onTotalEmployees={(value) => {
            setTotalEmployees(value);
            setSaved(false);
          }}
          groupPlanClasses={groupPlanClasses}
          onGroupPlanClasses={(groups) => {
            setGroupPlanClasses(groups);
            setSaved(false);
            setServerErrors({});
          }}
        />
        {serverErrors.employeeClasses && (
          <p class="field-error" role="alert">
            {serverErrors.employeeClasses}
          </p>
        )}
        {list.length === 0 && <p class="field-error">Please add at least one employee class before continuing.</p>}
        {saved && (
          <p class="notice notice-success" role="status">
            Your employee class definitions have been saved.
          </p>
        )}
        <SubmitButton label="Save Classes" pendingLabel="Saving..." pending={saving} disabled={list.length === 0} />
      </form>
    </section>
  );
}
