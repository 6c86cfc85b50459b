import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { refreshSession, sessionChecked, signedIn, signOut } from "../../lib/session";
import { maybeSignedIn } from "../../lib/signed-in-cookie";
import { toast } from "../toast/toast-store";

export const mainNav = [
  { href: "/employers", label: "Employers" },
  { href: "/brokers", label: "Brokers/Consultants" },
  { href: "/platforms", label: "Platforms/Administrators" },
] as const;

export function Logo() {
  return (
    <Link href="/" class="brand" aria-label="Advantage ICHRA home">
      <img src="/logo-mark.svg" alt="" width="32" height="32" />
      <span>
        Advantage <strong>ICHRA</strong>
      </span>
    </Link>
  );
}

export function Header() {
  const [location, navigate] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  const who = signedIn.value;
  // A browser that may be signed in (its cookie says so) gets the header drawn signed in from
  // the start: the bar's room kept, no Log in or Request Info, so the page below does not move
  // when the answer comes. A prerendered page was drawn that way by the server already, which
  // chose its signed-in drawing by the same cookie. A visitor's header is drawn as it stays.
  const expectSignedIn = who !== null || (!sessionChecked.value && maybeSignedIn());

  // Signing in and out moves to another page: asking again on each move keeps the header true.
  // Whatever link was followed (the page's own, not only the menu's), the menu is left behind.
  useEffect(() => {
    void refreshSession();
    setMenuOpen(false);
  }, [location]);

  // Escape closes the menu wherever the keyboard is, and gives the focus back to its toggle.
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  async function leave() {
    close();
    await signOut();
    toast({ title: "Signed Out", description: "You have been signed out." });
    navigate("/login");
  }

  const navLink = (item: (typeof mainNav)[number]) => {
    const active = location === item.href || location.startsWith(`${item.href}/`);
    return (
      <li key={item.href}>
        <Link href={item.href} aria-current={active ? "page" : undefined} class={active ? "active" : undefined} onClick={close}>
          {item.label}
        </Link>
      </li>
    );
  };
  return (
    <header class="site-header">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      {/* The bar's room, built as the bar is (in a nav, its Sign out button takes the
          navigation's padding, the tallest thing in it), so the page below keeps its place
          when the real bar replaces it. */}
      {!who && expectSignedIn && (
        <nav class="account-bar" aria-hidden="true">
          <ul class="container">
            <li>
              <button type="button" class="link-button account-sign-out" disabled tabIndex={-1}>
                {"\u00a0"}
              </button>
            </li>
          </ul>
        </nav>
      )}
      {who && (
        <nav class="account-bar" aria-label="Account">
          <ul class="container">
            <li class="account-name">
              {who.name ? (
                <>
                  <span class="account-label">Signed in as</span>{" "}
                  <strong class="signed-in-name" title={who.name}>
                    {who.name}
                  </strong>
                </>
              ) : (
                <span class="account-label">Signed in</span>
              )}
            </li>
            <li>
              <Link href={who.home}>{who.homeLabel}</Link>
            </li>
            <li>
              <button type="button" class="link-button account-sign-out" onClick={leave}>
                Sign out
              </button>
            </li>
          </ul>
        </nav>
      )}
      <nav class="container" aria-label="Main">
        <ul>
          <li>
            <Logo />
          </li>
        </ul>
        <ul class="nav-main">{mainNav.map(navLink)}</ul>
        <ul class="nav-actions">
          {/* Signed in, the account bar above takes the place of Log in and the sales call to action. */}
          {!expectSignedIn && (
            <li class="hide-small">
              <Link href="/login" role="button" class="outline">
                Log in
              </Link>
            </li>
          )}
          {!expectSignedIn && (
            <li>
              <Link href="/contact" role="button">
                Request Info
              </Link>
            </li>
          )}
          <li class="show-small">
            <button
              type="button"
              class="menu-toggle secondary outline"
              ref={toggle}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen(!menuOpen)}
            >
              <span aria-hidden="true">{menuOpen ? "✕" : "☰"}</span>
              <span class="visually-hidden">{menuOpen ? "Close menu" : "Open menu"}</span>
            </button>
          </li>
        </ul>
      </nav>
      {menuOpen && (
        <nav id="mobile-menu" class="mobile-menu container" aria-label="Mobile">
          <ul>
            {mainNav.map(navLink)}
            {!who && (
              <li>
                <Link href="/login" onClick={close}>
                  Log in
                </Link>
              </li>
            )}
          </ul>
        </nav>
      )}
    </header>
  );
}
