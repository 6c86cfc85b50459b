// Reopens the wizard where this browser's session left it: asks the server what the
// session owns, reloads the business and its latest enrollment, and opens the first
// unfinished step with everything saved so far.
import { batch } from "@preact/signals-react";
import { companyDetails } from "@src/lib/company";
import type { BusinessRead } from "@src/modules/businesses/model";
import type { EnrollmentRead } from "@src/modules/enrollments/model";
import { api, read } from "../api/client";
import { ApiError } from "../api/errors";
import { readEarly } from "../lib/early";
import { askWhenSignedIn } from "../lib/signed-in-cookie";
import { stepOfThisEntry } from "../lib/step-history";
import {
  BUSINESS_KEY,
  emptyCompany,
  firstUnfinishedStep,
  loadDraft,
  rememberBusinessId,
  storedBusinessId,
  toClassDraft,
  toGroupPlanDrafts,
  WIZARD_STEP_KEY,
  wizard,
} from "./enrollment";

export type ResumeOutcome =
  | { kind: "fresh" }
  | { kind: "resumed"; step: number }
  | { kind: "submitted"; businessId: number; enrollmentId: number };

/** Step 1's fields as the server holds them (registering accepted the terms). */
export function applyBusiness(business: BusinessRead) {
  wizard.company.value = {
    ...emptyCompany,
    ...companyDetails(business),
    firstName: business.contact.firstName,
    lastName: business.contact.lastName,
    email: business.contact.email,
    phone: business.contact.phone ?? "",
    termsAccepted: true,
  };
}

function applyEnrollment(e: EnrollmentRead) {
  wizard.enrollmentId.value = e.id;
  wizard.enrollmentStatus.value = e.status;
  wizard.planId.value = e.planId;
  wizard.plan.value = { name: e.plan.name, limits: e.plan.limits };
  if (e.monthlyBudget !== null) wizard.monthlyBudget.value = String(e.monthlyBudget);
  if (e.employeeClasses.length > 0) {
    wizard.classes.value = e.employeeClasses.map(toClassDraft);
    wizard.groupPlanClasses.value = toGroupPlanDrafts(e.groupPlanClasses);
    if (e.totalEmployees !== null) wizard.totalEmployees.value = String(e.totalEmployees);
    wizard.classesSaved.value = true;
  } else wizard.classesSaved.value = false; // keep any classes typed but not yet saved
  wizard.censusCount.value = e.census.count;
  wizard.censusSkipped.value = e.census.skipped;
  wizard.censusRejected.value = e.census.rejected;
  if (e.effectiveDateConfirmed || !wizard.effectiveDate.value) wizard.effectiveDate.value = e.effectiveDate;
  wizard.effectiveDateSaved.value = e.effectiveDateConfirmed;
  if (e.additionalNotes && !wizard.notes.value) wizard.notes.value = e.additionalNotes;
}

// The same path web/App.tsx starts early for /enroll.
const MINE_PATH = "/api/business/mine";

/** What this session owns: from the request started with the route when there is one (web/lib/early.ts). */
const readMineNow = () => askWhenSignedIn(() => read(api.api.business.mine.get()));
const readMine = () => readEarly(MINE_PATH, readMineNow);

export async function resumeWizard(): Promise<ResumeOutcome> {
  loadDraft();
  let mine: Awaited<ReturnType<typeof readMine>>;
  try {
    mine = await readMine();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      // This browser's session owns no business (or it ended): start at company info with
      // whatever was typed here; a stale id from another session is no use.
      if (storedBusinessId() !== null) localStorage.removeItem(BUSINESS_KEY);
      batch(() => {
        wizard.businessId.value = null;
        wizard.enrollmentId.value = null;
        wizard.step.value = 1;
      });
      return { kind: "fresh" };
    }
    throw error;
  }
  rememberBusinessId(mine.businessId);
  const [business, enrollment] = await Promise.all([
    read(api.api.business({ businessId: mine.businessId }).get()),
    mine.enrollmentId ? read(api.api.enrollment({ enrollmentId: mine.enrollmentId }).get()) : Promise.resolve(null),
  ]);
  batch(() => {
    wizard.businessId.value = mine.businessId;
    applyBusiness(business);
    if (enrollment) applyEnrollment(enrollment);
    else wizard.enrollmentId.value = null;
  });
  if (mine.progress.submitted && mine.enrollmentId)
    return { kind: "submitted", businessId: mine.businessId, enrollmentId: mine.enrollmentId };
  const step = firstUnfinishedStep({
    businessId: mine.businessId,
    enrollmentId: mine.enrollmentId,
    classesSaved: mine.progress.employeeClasses,
    // A census with refused rows is reopened to put them right, until the person has gone on
    // past it: then Review, which says they can be added from the dashboard, is where they were.
    censusDone:
      mine.progress.census === "uploaded" ||
      mine.progress.census === "skipped" ||
      (mine.progress.census === "incomplete" && mine.progress.effectiveDate),
    effectiveDateSaved: mine.progress.effectiveDate,
  });
  // A reload opens the step that was on screen (gone back to, say), never one past the first unfinished.
  const shown = stepOfThisEntry(WIZARD_STEP_KEY);
  const opened = shown !== null && shown < step ? shown : step;
  wizard.step.value = opened;
  return { kind: "resumed", step: opened };
}
