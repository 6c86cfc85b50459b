import { Link } from "wouter";
import { Logo } from "./Header";

export const footerLinks = [
  { href: "/about-ichra", label: "About ICHRA" },
  { href: "/features", label: "Features" },
  { href: "/pricing", label: "Pricing" },
  { href: "/resources", label: "Resources" },
  { href: "/contact", label: "Contact" },
] as const;

export const socialLinks = [
  {
    href: "https://www.linkedin.com/company/advantage-ichra",
    label: "Advantage ICHRA on LinkedIn",
    path: "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9h4v12H3zM9 9h3.8v1.7h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.6c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9V21H9z",
  },
  {
    href: "https://x.com/advantageichra",
    label: "Advantage ICHRA on X",
    path: "M17.8 3h3.1l-6.8 7.8 8 10.2h-6.3l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.8 3h6.4l4.4 5.9zm-1.1 16.2h1.7L7.4 4.7H5.5z",
  },
] as const;

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer class="site-footer">
      <div class="container">
        <div class="footer-top">
          <div>
            <Logo />
            <p class="tagline">Reimbursements Reimagined</p>
          </div>
          <nav aria-label="Footer">
            <ul>
              {footerLinks.map((link) => (
                <li key={link.href}>
                  <Link href={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <ul class="social">
            {socialLinks.map((s) => (
              <li key={s.href}>
                {/* biome-ignore lint/a11y/useAnchorContent: the icon link is named by its aria-label */}
                <a href={s.href} aria-label={s.label} rel="noopener noreferrer" target="_blank">
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                    <path d={s.path} fill="currentColor" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <p class="copyright">© {year} Advantage ICHRA. All rights reserved.</p>
      </div>
    </footer>
  );
}
