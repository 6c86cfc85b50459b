import { Link } from "wouter";
import links from "./footer-links.json";
import { Logo } from "./Header";

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
              {links.footerLinks.map((link) => (
                <li key={link.href}>
                  <Link href={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <ul class="social">
            {links.socialLinks.map((s) => (
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
