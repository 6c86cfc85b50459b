// /benefits asks for its data while its screen's code is still loading, so the two travel
// together instead of one after the other. The router starts the request (it is tiny and
// has no dependencies); the screen takes it on its first render, once.
let pending: Promise<Response> | null = null;

export function startBenefitsLoad(): void {
  pending = fetch("/api/benefits", { credentials: "include", headers: { accept: "application/json" } });
  // Read or not, a failure here is the screen's to report.
  pending.catch(() => {});
}

/** The request started for this screen, if one is waiting; later loads make their own. */
export function takeBenefitsLoad(): Promise<Response> | null {
  const taken = pending;
  pending = null;
  return taken;
}
