// The admin area: a header of its own (the product, the signed-in admin, sign-out and the
// sections) over the section the address names; /admin/login is the way in. Nothing of the
// public site's chrome: staff are not visitors.
import "./admin.css";
import { signal } from "@preact/signals-react";
import { useEffect } from "react";
import { Link, useLocation } from "wouter";
import { api, read } from "../../api/client";
import { Logo } from "../../components/chrome/Header";
import { usePageTitle } from "../../components/chrome/page-title";
import { askWhenSignedIn } from "../../lib/signed-in-cookie";
import { AdminLogin } from "./AdminLogin";
import { adminSections } from "./sections";

/** The signed-in admin's name, kept across sections so moving between them does not flash the loading state. */
export const signedInAdmin = signal<string | null>(null);

/**
 * `signedIn` is the signed-in area (every address but the login): its sections and user
 * block are drawn at once, the name filled in when the session check answers, so the header
 * keeps its height and the section below does not jump as the name arrives.
 */
function AdminHeader({ current, signedIn }: { current: string | null; signedIn: boolean }) {
  const [, navigate] = useLocation();
  const admin = signedInAdmin.value;
  async function signOut() {
    // The session ends here whatever the server answers.
    await read(api.api.admin.logout.post()).catch(() => {});
    signedInAdmin.value = null;
    navigate("/admin/login", { replace: true });
  }
  return (
    <header class="admin-bar">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <nav class="container" aria-label="Admin">
        <ul class="admin-brand">
          <li>
            <Logo />
          </li>
          <li>
            <span class="admin-label">Admin</span>
          </li>
        </ul>
        {signedIn && (
          <>
            <ul class="admin-sections">
              {adminSections.map((section) => (
                <li key={section.path}>
                  <Link
                    href={section.path}
                    aria-current={section.path === current ? "page" : undefined}
                    class={section.path === current ? "active" : undefined}
                  >
                    {section.label}
                  </Link>
                </li>
              ))}
            </ul>
            <ul class="admin-user">
              <li>
                <span class="muted">Signed in as</span> <strong aria-busy={admin ? undefined : "true"}>{admin ?? "\u00a0"}</strong>
              </li>
              <li>
                <button type="button" class="secondary outline" onClick={signOut}>
                  Sign out
                </button>
              </li>
            </ul>
          </>
        )}
      </nav>
    </header>
  );
}

function SectionNotFound() {
  usePageTitle("Page not found");
  return (
    <section class="centered-page">
      <h1>Page not found</h1>
      <p>There is no such admin section.</p>
      <Link href="/admin">Go to the leads</Link>
    </section>
  );
}

function SignedInArea({ path }: { path: string }) {
  const [, navigate] = useLocation();
  const admin = signedInAdmin.value;
  const toLogin = () => {
    signedInAdmin.value = null;
    navigate("/admin/login", { replace: true });
  };

  useEffect(() => {
    let live = true;
    askWhenSignedIn(() => read(api.api.admin["check-auth"].get()))
      .then((status) => {
        if (live) signedInAdmin.value = status.username;
      })
      .catch(() => live && toLogin());
    return () => {
      live = false;
    };
  }, []);

  const section = adminSections.find((s) => s.path === path) ?? null;
  const Screen = section?.screen;
  return (
    <>
      <AdminHeader current={section?.path ?? null} signedIn />
      <main class="container admin-main" id="main">
        {!admin ? (
          <p aria-busy="true">Loading the admin area...</p>
        ) : Screen ? (
          <Screen key={section.path} onUnauthorized={toLogin} />
        ) : (
          <SectionNotFound />
        )}
      </main>
    </>
  );
}

export default function AdminArea() {
  const [location] = useLocation();
  if (location === "/admin/login") {
    return (
      <>
        <AdminHeader current={null} signedIn={false} />
        <main class="container admin-main" id="main">
          <AdminLogin onSignedIn={(username) => (signedInAdmin.value = username)} />
        </main>
      </>
    );
  }
  return <SignedInArea path={location} />;
}
