// Who is signed in, as the site's header shows it: a name, the home of that role and the
// words of its link. Read from GET /api/auth/me with a plain fetch, because the header is part
// of every page's first load (the typed client is not). Each role the server can answer has
// its entry in `roles`; a new role is a new entry.
import { signal } from "@preact/signals-react";
import type { Me } from "@src/modules/auth/model";
import { benefitsHomePath } from "./benefits-home-path";
import { forgetAllDrafts } from "./kept-drafts";
import { maybeSignedIn } from "./signed-in-cookie";

export interface SignedIn {
  role: Me["role"];
  /** What the header names: the employer's company, the admin's username; empty when it could not be read. */
  name: string;
  /** Where the role's own screens start, and the words of the link there. */
  home: string;
  homeLabel: string;
}

export const signedIn = signal<SignedIn | null>(null);
/** False until it is first known who is signed in (the server answered, or no one signed in here). */
export const sessionChecked = signal(false);

async function getJson<T>(path: string): Promise<T | null> {
  try {
    const response = await fetch(path, { credentials: "include", headers: { accept: "application/json" } });
    if (response.ok) return (await response.json()) as T;
    // A refusal's body is not needed, and is dropped at once: left unread, the signed-out
    // visitor's 401 kept its request open, and the page never went idle.
    await response.body?.cancel();
    return null;
  } catch {
    return null;
  }
}

// The company name changes rarely: one read per business for the life of the page.
const businessNames = new Map<number, Promise<string | null>>();
const businessName = (id: number) => {
  if (!businessNames.has(id))
    businessNames.set(
      id,
      getJson<{ name: string }>(`/api/business/${id}`).then((b) => b?.name ?? null),
    );
  return businessNames.get(id)!;
};

/** The company was renamed on this page: the header says the new name, without asking again. */
export function companyRenamed(id: number, name: string): void {
  businessNames.set(id, Promise.resolve(name));
  const shown = signedIn.value;
  if (shown?.home === `/dashboard/${id}`) signedIn.value = { ...shown, name };
}

const roles: { [R in Me["role"]]: (me: Me & { role: R }) => Promise<Omit<SignedIn, "role"> | null> } = {
  owner: async (me) => {
    if (me.businessId === null) return null;
    const name = await businessName(me.businessId);
    return name === null ? null : { name, home: `/dashboard/${me.businessId}`, homeLabel: "Dashboard" };
  },
  admin: async () => {
    const status = await getJson<{ username: string }>("/api/admin/check-auth");
    return status && { name: status.username, home: "/admin", homeLabel: "Admin area" };
  },
  employee: async () => {
    const home = await getJson<{ employee: { firstName: string; lastName: string } }>(benefitsHomePath());
    // The session says who is signed in; the name is only its label. When the name cannot be
    // read (the page's own load failed the same way), the employee is still signed in, unnamed.
    const name = home ? `${home.employee.firstName} ${home.employee.lastName}`.trim() : "";
    return { name, home: "/benefits", homeLabel: "My benefits" };
  },
};

let asked = 0;

/** Asks the server who is signed in; only the latest answer counts. */
export async function refreshSession(): Promise<void> {
  const mine = ++asked;
  // A visitor who never signed in here is not asked about: the refused request would be logged.
  // A session that ended on the server (idle too long) is refused once, and its cookie cleared.
  const me = maybeSignedIn() ? await getJson<Me>("/api/auth/me") : null;
  const shown = me && me.role in roles ? await roles[me.role](me as never) : null;
  if (mine === asked) {
    signedIn.value = shown && me ? { role: me.role, ...shown } : null;
    sessionChecked.value = true;
  }
}

/**
 * Signs out on the server (the session ends here whatever it answers) and forgets what this
 * browser kept of the employer's enrollment and of the forms being filled in: a shared
 * computer keeps nothing of them.
 */
export async function signOut(): Promise<void> {
  await fetch("/api/auth/logout", { method: "POST", credentials: "include", headers: { accept: "application/json" } }).catch(() => {});
  asked += 1;
  signedIn.value = null;
  forgetAllDrafts();
  const { resetWizard } = await import("../state/enrollment");
  resetWizard();
}
