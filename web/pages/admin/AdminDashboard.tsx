import { useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { api, read } from "../../api/client";
import { usePageTitle } from "../../components/chrome/page-title";
import { EnrollmentsView } from "./EnrollmentsView";
import { exportHref, LeadsView, useLeadFilters } from "./LeadsView";
import { OutboxView } from "./OutboxView";
import "./admin.css";

const views = [
  { id: "leads", label: "Form Submissions" },
  { id: "enrollments", label: "Enrollments" },
  { id: "outbox", label: "Outbox" },
] as const;
type ViewId = (typeof views)[number]["id"];

export function AdminDashboard() {
  usePageTitle("Form Submissions Dashboard");
  const [, navigate] = useLocation();
  const [admin, setAdmin] = useState<string | null>(null);
  const [view, setView] = useState<ViewId>("leads");
  const filters = useLeadFilters();
  const toLogin = () => navigate("/admin/login", { replace: true });

  useEffect(() => {
    let live = true;
    read(api.api.admin["check-auth"].get())
      .then((status) => live && setAdmin(status.username))
      .catch(() => live && toLogin());
    return () => {
      live = false;
    };
  }, []);

  async function logout() {
    // The local session ends whatever the server answers.
    await read(api.api.admin.logout.post()).catch(() => {});
    toLogin();
  }

  if (!admin) {
    return (
      <section class="admin-loading" aria-busy="true">
        <h1 class="visually-hidden">Form Submissions Dashboard</h1>
        <p>Loading dashboard...</p>
      </section>
    );
  }

  return (
    <section class="admin-dashboard">
      <header class="admin-header">
        <div>
          <h1>Form Submissions Dashboard</h1>
          <p class="muted">Signed in as {admin}</p>
        </div>
        <div class="admin-header-actions">
          <a href={exportHref(filters.value)} role="button" class="secondary" download>
            Export CSV
          </a>
          <button type="button" class="outline" onClick={logout}>
            Logout
          </button>
        </div>
      </header>
      <nav aria-label="Admin sections" class="admin-tabs">
        <ul>
          {views.map((v) => (
            <li key={v.id}>
              <button
                type="button"
                class={view === v.id ? "" : "outline"}
                aria-current={view === v.id ? "page" : undefined}
                onClick={() => setView(v.id)}
              >
                {v.label}
              </button>
            </li>
          ))}
          <li>
            <Link href="/admin/reviews" role="button" class="outline">
              Reviews
            </Link>
          </li>
        </ul>
      </nav>
      {view === "leads" && <LeadsView filters={filters} onUnauthorized={toLogin} />}
      {view === "enrollments" && <EnrollmentsView onUnauthorized={toLogin} />}
      {view === "outbox" && <OutboxView onUnauthorized={toLogin} />}
    </section>
  );
}
