// Headers every response carries. The policy allows no inline script; inline style
// attributes stay allowed because prerendered markup carries a few.
const csp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * Whether the client reached us over HTTPS. X-Forwarded-Proto counts only behind a proxy we
 * trust (TRUST_PROXY=1): anyone can send it, and over plain HTTP it would ask for Secure
 * cookies the browser then drops and for HSTS on a site that has no TLS.
 */
export function isHttps(request: Request, trustProxy: boolean): boolean {
  if (request.url.startsWith("https:")) return true;
  return trustProxy && request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}

export function securityHeaders(request: Request, trustProxy: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
  };
  if (isHttps(request, trustProxy)) headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
