// POST /api/contact: every public lead form. Checks the per-IP limit before the body is
// read (the app's JSON reader takes at most 1 MB), validates the fields of the form named
// by formType (contact when absent), answers a filled honeypot as if accepted, and stores
// the rest.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { clientIp } from "../../http/client-ip";
import { badRequest } from "../../http/errors";
import { perIpLimit } from "../../http/ip-limit";
import { createRateLimiter } from "../../http/rate-limit";
import { validate } from "../../lib/field-errors";
import type { LeadFields } from "./compose";
import { fieldsOf, formSchemas, honeypotField, LeadCreated, LeadPayload } from "./model";
import { storeLead } from "./service";

export const leadsRoutes = ({ db, config }: AppDeps) => {
  const limiter = createRateLimiter([
    { limit: config.leadsPerMinute, ms: 60_000 },
    { limit: config.leadsPerDay, ms: 86_400_000 },
  ]);
  return new Elysia({ prefix: "/api" }).use(perIpLimit({ method: "POST", path: "/api/contact" }, limiter, config.trustProxy)).post(
    "/contact",
    ({ body, request, server, set }) => {
      const formType = body.formType ?? "contact";
      const { [honeypotField]: trap, formType: _omit, ...sent } = body;
      const fields = fieldsOf(formType, sent);
      const ipAddress = clientIp(request, server, config.trustProxy);
      if (trap) {
        // Robots get the answer people get, and nothing is stored.
        set.status = 201;
        return { id: 0 };
      }
      const errors = validate(formSchemas[formType], fields);
      if (errors) throw badRequest("Please correct the highlighted fields in the request.", errors);
      const id = storeLead(db, formType, fields as unknown as LeadFields, {
        ipAddress,
        userAgent: request.headers.get("user-agent"),
        notifyTo: config.leadsNotifyTo,
      });
      set.status = 201;
      return { id };
    },
    {
      body: LeadPayload,
      response: { 201: LeadCreated },
      detail: {
        summary: "Submit a lead form (contact, employers, brokers, platforms, enrollment)",
        description: "Answers 201 { id }; 400 names each bad field; 429 with Retry-After past the per-IP limit; 413 over 1 MB.",
        tags: ["Leads"],
      },
    },
  );
};
