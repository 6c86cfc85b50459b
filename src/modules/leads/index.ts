// POST /api/contact: every public lead form. Checks the per-IP limit, reads at most 1 MB of
// JSON, validates the fields of the form named by formType (contact when absent), answers
// a filled honeypot as if accepted, and stores the rest.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { clientIp } from "../../http/client-ip";
import { badRequest, HttpError, tooMany } from "../../http/errors";
import { createRateLimiter } from "../../http/rate-limit";
import { validate } from "../../lib/field-errors";
import type { LeadFields } from "./compose";
import { fieldsOf, formSchemas, honeypotField, LeadCreated, LeadPayload } from "./model";
import { storeLead } from "./service";

const maxBodyBytes = 1024 * 1024;
const tooLarge = () => new HttpError(413, "The request body is too large (1 MB at most).");

export const leadsRoutes = ({ db, config }: AppDeps) => {
  const limiter = createRateLimiter([
    { limit: config.leadsPerMinute, ms: 60_000 },
    { limit: config.leadsPerDay, ms: 86_400_000 },
  ]);
  return new Elysia({ prefix: "/api" })
    .post(
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
        // The limit comes first, so floods are refused before any reading or validation.
        async parse({ request, server }) {
          const decision = limiter.take(clientIp(request, server, config.trustProxy) ?? "unknown");
          if (!decision.allowed) throw tooMany(decision.retryAfterSeconds);
          const declared = Number(request.headers.get("content-length") ?? 0);
          if (declared > maxBodyBytes) throw tooLarge();
          const bytes = await request.arrayBuffer();
          if (bytes.byteLength > maxBodyBytes) throw tooLarge();
          try {
            return JSON.parse(new TextDecoder().decode(bytes));
          } catch {
            throw badRequest("The request body could not be read. Send valid JSON.");
          }
        },
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
