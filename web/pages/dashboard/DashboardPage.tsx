// /dashboard/{businessId}: the business card, the active plan, and its tabs (classes, documents, reimbursements, settings).
import { shownPhone } from "@src/lib/phone";
import "../enroll/enroll.css";
import "./dashboard.css";
import { companySizes, industries } from "@src/modules/businesses/options";
import { Link, useLocation, useSearch } from "wouter";
import { api, read } from "../../api/client";
import { usePageTitle } from "../../components/chrome/page-title";
import { SummaryRows } from "../../components/enrollment/SummaryRows";
import { StatusBadge } from "../../components/status-badge/StatusBadge";
import { Tabs } from "../../components/tabs/Tabs";
import { EmailAddress } from "../../components/text/EmailAddress";
import { askWhenSignedIn } from "../../lib/signed-in-cookie";
import { useLoad } from "../../lib/use-load";
import { ClassTable } from "../enroll/ClassTable";
import { ClassesLink } from "./ClassesLink";
import { ClassSizeShortfalls } from "./ClassSizeShortfalls";
import { EmployeesSection } from "./EmployeesSection";
import { EnrollmentBadge } from "./EnrollmentBadge";
import { LoadError } from "./LoadError";
import { NoticeList } from "./NoticeList";
import { ReimbursementsSection } from "./ReimbursementsSection";
import { businessStatus, labelOf, maskTaxId } from "./status";

const settingsTiles = [
  { title: "Notification Preferences", text: "Choose which emails you receive about enrollments and registrations." },
  { title: "Payment Methods", text: "Manage how your ICHRA allowances are funded." },
  { title: "User Access", text: "Invite colleagues to help manage your benefits." },
  { title: "Account Security", text: "Review sign-in activity and security settings." },
];

export default function DashboardPage({ params }: { params: { businessId: string } }) {
  usePageTitle("Business Dashboard");
  // The chosen tab lives in the address (?tab=reimbursements): a reload, Back or a shared link
  // opens it again. Choosing a tab replaces the address, so Back leaves the page, not the tab.
  const search = useSearch();
  const [path, navigate] = useLocation();
  const chooseTab = (id: string) => {
    const query = new URLSearchParams(search);
    query.set("tab", id);
    navigate(`${path}?${query}`, { replace: true });
  };
  const [load, reload] = useLoad(() => {
    const business = api.api.business({ businessId: encodeURIComponent(params.businessId) });
    return askWhenSignedIn(() => Promise.all([read(business.get()), read(business.enrollments.get())])).then(([business, enrollments]) => ({
      business,
      enrollments,
    }));
  }, [params.businessId]);

  if (load.status === "loading") {
    return (
      <section class="dashboard-page">
        <h1>Business Dashboard</h1>
        <p aria-busy="true">Loading dashboard...</p>
      </section>
    );
  }
  if (load.status === "error") {
    return <LoadError title="Error Loading Dashboard" what="dashboard" error={load.error} onRetry={reload} />;
  }

  const { business, enrollments } = load.value;
  const status = businessStatus(business.status);
  // The server lists a business's enrollments newest first; the newest is the active plan.
  const active = enrollments[0] ?? null;
  const contact = business.contact;

  return (
    <section class="dashboard-page">
      <div class="dashboard-head">
        <div>
          <p class="eyebrow">Business Dashboard</p>
          <h1>{business.name}</h1>
        </div>
      </div>

      <div class="grid dashboard-cards">
        <article aria-labelledby="business-card-title">
          <header class="card-head">
            <h2 id="business-card-title">Business Information</h2>
            <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
          </header>
          <dl class="summary-list">
            <dt>Tax ID</dt>
            <dd>{maskTaxId(business.taxId)}</dd>
            <dt>Address</dt>
            <dd>
              {business.address}, {business.city}, {business.state} {business.zip}
            </dd>
            <dt>Industry</dt>
            <dd>{labelOf(industries, business.industry)}</dd>
            <dt>Company size</dt>
            <dd>{labelOf(companySizes, business.size)}</dd>
          </dl>
          <h3 class="contact-title">Primary Contact</h3>
          <address class="contact">
            <strong>
              {contact.firstName} {contact.lastName}
            </strong>
            <br />
            <a href={`mailto:${contact.email}`}>
              <EmailAddress email={contact.email} />
            </a>
            {contact.phone && (
              <>
                <br />
                <a href={`tel:${contact.phone}`}>{shownPhone(contact.phone)}</a>
              </>
            )}
          </address>
        </article>

        <article aria-labelledby="plan-card-title">
          <header class="card-head">
            <h2 id="plan-card-title">Active Plan</h2>
            {active && <EnrollmentBadge status={active.status} />}
          </header>
          {active ? (
            <>
              <p class="plan-title">{active.plan.name}</p>
              <dl class="summary-list">
                <SummaryRows enrollment={active} census />
              </dl>
              <p class="actions">
                <Link href={`/enrollment/${active.id}`} role="button" class="secondary">
                  View Details
                </Link>
                <ClassesLink enrollment={active} class="secondary outline" />
              </p>
            </>
          ) : (
            <>
              <p>No plan selected yet.</p>
              <Link href="/enroll" role="button">
                Continue Enrollment
              </Link>
            </>
          )}
        </article>
      </div>

      <Tabs
        label="Dashboard sections"
        selected={new URLSearchParams(search).get("tab")}
        onSelect={chooseTab}
        tabs={[
          {
            id: "classes",
            label: "Employee Classes",
            content: () =>
              active && active.employeeClasses.length > 0 ? (
                <>
                  <ClassSizeShortfalls shortfalls={active.classSizeShortfalls} />
                  <ClassTable classes={active.employeeClasses} caption="Employee classes and census headcount" showHeadcount />
                  {(active.census.count > 0 || active.finalizedAt !== null) && (
                    <EmployeesSection
                      enrollmentId={active.id}
                      submitted={active.finalizedAt !== null}
                      classNames={active.employeeClasses.map((c) => c.name)}
                      onHeadcountChanged={reload}
                    />
                  )}
                </>
              ) : (
                <p>No employee classes defined yet.</p>
              ),
          },
          {
            id: "documents",
            label: "Documents",
            content: () =>
              active && active.employeeClasses.length > 0 ? <NoticeList enrollment={active} /> : <p>No documents available yet.</p>,
          },
          {
            id: "reimbursements",
            label: "Reimbursements",
            content: () =>
              active?.finalizedAt ? (
                <ReimbursementsSection enrollmentId={active.id} />
              ) : (
                <p>Reimbursements start once your enrollment is submitted and your employees have registered.</p>
              ),
          },
          {
            id: "settings",
            label: "Settings",
            content: () => (
              <div class="settings-tiles">
                {settingsTiles.map((t) => (
                  <article key={t.title}>
                    <h3>{t.title}</h3>
                    <p>{t.text}</p>
                    <small class="muted">Coming soon</small>
                  </article>
                ))}
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
