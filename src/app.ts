// Composes the server from its parts; nothing else lives here.
import { type AnyElysia, Elysia } from "elysia";
import type { AppDeps } from "./deps";
import { apiDocs } from "./http/api-docs";
import { errorHandling } from "./http/errors";
import { requestContext } from "./http/request-context";
import { seoRoutes } from "./http/seo";
import { staticSite } from "./http/static-site";
import { SIGNED_IN_COOKIE } from "./lib/signed-in-cookie";
import { contactHtmlReplacements } from "./lib/site-contact";
import { adminRoutes } from "./modules/admin";
import { authRoutes, homeRedirect } from "./modules/auth";
import { sessionPlugin } from "./modules/auth/plugin";
import { businessRoutes } from "./modules/businesses";
import { censusRoutes } from "./modules/census";
import { employeesRoutes } from "./modules/employees";
import { enrollmentRoutes } from "./modules/enrollments";
import { figuresRoutes } from "./modules/figures";
import { leadsRoutes } from "./modules/leads";
import { outboxRoutes } from "./modules/outbox";
import { plansRoutes } from "./modules/plans";
import { premiumsRoutes } from "./modules/premiums";
import { reimbursementRoutes } from "./modules/reimbursements";
import { settleWith } from "./modules/reimbursements/allowance-end";
import { systemRoutes } from "./modules/system";
import { webDistDir } from "./paths";

export interface AppOptions {
  /** Folder of the built web app; tests of the API alone can leave it out. */
  webDir?: string | null;
}

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const webDir = options.webDir === undefined ? webDistDir : options.webDir;
  // The API document describes the composed app, known once it is built.
  let composed: AnyElysia | null = null;
  const app = new Elysia()
    .use(requestContext({ trustProxy: deps.config.trustProxy }))
    .use(errorHandling)
    .use(sessionPlugin(deps))
    .use(systemRoutes(deps))
    .use(plansRoutes(deps))
    .use(authRoutes(deps))
    .use(homeRedirect(deps))
    .use(businessRoutes(deps))
    .use(enrollmentRoutes(deps))
    .use(censusRoutes(deps))
    .use(adminRoutes(deps))
    .use(leadsRoutes(deps))
    .use(outboxRoutes(deps))
    .use(seoRoutes(deps.config))
    .use(employeesRoutes(deps, { employmentEndChanged: settleWith(deps.config) }))
    .use(premiumsRoutes(deps))
    .use(reimbursementRoutes(deps))
    .use(figuresRoutes(deps))
    .use(
      apiDocs(() => {
        if (!composed) throw new Error("app not ready");
        return composed;
      }),
    );
  composed = app;
  // The site catches every GET the API did not, so it goes last.
  if (webDir)
    app.use(
      staticSite(webDir, {
        htmlReplacements: contactHtmlReplacements({ email: deps.config.contactEmail, phone: deps.config.contactPhone }),
        signedInCookie: SIGNED_IN_COOKIE,
      }),
    );
  return app;
}

export type App = ReturnType<typeof createApp>;
