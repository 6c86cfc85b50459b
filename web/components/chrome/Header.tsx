import { useState } from "react";
import { Link, useLocation } from "wouter";

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
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
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
      <nav class="container" aria-label="Main">
        <ul>
          <li>
            <Logo />
          </li>
        </ul>
        <ul class="nav-main">{mainNav.map(navLink)}</ul>
        <ul class="nav-actions">
          <li class="hide-small">
            <Link href="/login" role="button" class="outline">
              Log in
            </Link>
          </li>
          <li>
            <Link href="/contact" role="button">
              Request Info
            </Link>
          </li>
          <li class="show-small">
            <button
              type="button"
              class="menu-toggle secondary outline"
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
            <li>
              <Link href="/login" onClick={close}>
                Log in
              </Link>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}
