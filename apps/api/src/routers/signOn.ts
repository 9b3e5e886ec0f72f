import {
  byIdSchema,
  coverageQuerySchema,
  publicSignOnQuerySchema,
  publicSignOnSchema,
  SIGN_ON_LINK_KINDS,
  signOnLinkCreateSchema,
  signOnRecordSchema,
  signOnSchema,
} from "@sitesafe/domain";
import { z } from "zod";
import * as out from "../openapi/schemas.js";
import { del, get, post } from "../rest/meta.js";
import { once } from "../services/idempotency.js";
import * as service from "../services/signOn.js";
import { actionProcedure, authedProcedure, publicProcedure, router } from "../trpc.js";

/**
 * The record named by a sign-on's raw input must exist and be visible to the caller before the
 * rest of the input (the signer, the signature's bytes) is validated: someone who does not see
 * the project gets 403 (or 404) whatever else they send, and learns nothing of the input's shape.
 */
const seesRecord = authedProcedure.use(async ({ ctx, getRawInput, next }) => {
  const ref = signOnRecordSchema.safeParse(await getRawInput());
  if (ref.success) await service.assertSeesRecord(ctx, ref.data);
  return next();
});

/**
 * Procedures of crew sign-on (issue #34): each its input schema, its permission, one call to
 * services/signOn.ts. Every permission depends on the record (its project, its submitter), so
 * who signs for whom is decided in the service, before the signature's bytes are looked at.
 */
export const signOnRouter = router({
  /** "Signed by N of M assigned", who is missing, and the signatures of a JHA form or permit. */
  status: authedProcedure
    .meta({
      rest: [
        get("/api/jha-forms/:id/sign-on", { pathOnly: true, set: { kind: "jha" } }),
        get("/api/hot-work-permits/:id/sign-on", { pathOnly: true, set: { kind: "permit" } }),
        get("/api/toolbox-talks/:id/sign-on", { pathOnly: true, set: { kind: "talk" } }),
      ],
      output: out.signOnStatus,
    })
    .input(signOnRecordSchema)
    .query(({ ctx, input }) => service.status(ctx, input)),

  /** One crew member's signature; idempotent with an Idempotency-Key (the Outbox sends it once). */
  sign: seesRecord
    .meta({
      rest: [
        post("/api/jha-forms/:id/sign-on", { set: { kind: "jha" } }),
        post("/api/hot-work-permits/:id/sign-on", { set: { kind: "permit" } }),
        post("/api/toolbox-talks/:id/sign-on", { set: { kind: "talk" } }),
      ],
      output: out.crewSignature,
    })
    .input(signOnSchema)
    .mutation(once(({ ctx, input }) => service.sign(ctx, input))),

  /** A public sign-on link of a JHA form or talk (QR code / short link), valid until a chosen time; the token is answered once. */
  createLink: seesRecord
    .meta({ rest: post("/api/sign-on-links"), output: out.signOnCreateLink })
    .input(signOnLinkCreateSchema)
    .mutation(({ ctx, input }) => service.createLink(ctx, input)),

  /** A record's sign-on links, for whoever collects its sign-on. */
  links: authedProcedure
    .meta({ rest: get("/api/sign-on-links"), output: out.list(out.signOnLink) })
    .input(z.object({ kind: z.enum(SIGN_ON_LINK_KINDS), id: byIdSchema.shape.id }))
    .query(({ ctx, input }) => service.links(ctx, input)),

  /** Revokes a link at once. */
  revokeLink: authedProcedure
    .meta({ rest: del("/api/sign-on-links/:id"), output: out.success })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.revokeLink(ctx, input.id)),

  /** Public: the briefing a link opens, nothing else of the product (404 unknown, 409 expired or revoked). */
  publicView: publicProcedure
    .meta({ rest: get("/api/public/sign-on/:token"), output: out.signOnPublicView })
    .input(publicSignOnQuerySchema)
    .query(({ ctx, input }) => service.publicView(ctx, input.token)),

  /** Public: a signature through a link, by name and company; at most SIGN_ON_LINK_PER_MINUTE a minute per link. */
  publicSign: publicProcedure
    .meta({ rest: post("/api/public/sign-on/:token"), output: out.signOnPublicSign })
    .input(publicSignOnSchema)
    .mutation(({ ctx, input }) => service.publicSign(ctx, input)),

  /** Staff: one project's week of briefing coverage (each day's JHA signatures; who attended no talk this month). */
  coverage: actionProcedure("signOn.coverage")
    .meta({ rest: get("/api/sign-on/coverage", { files: { csv: "signOn.coverageCsv" } }), output: out.signOnCoverage })
    .input(coverageQuerySchema)
    .query(({ ctx, input }) => service.coverage(ctx, input)),

  coverageCsv: actionProcedure("signOn.coverage")
    .input(coverageQuerySchema)
    .query(({ ctx, input }) => service.coverageCsv(ctx, input)),

  /** A signature's PNG as a data URL. */
  signatureImage: authedProcedure
    .meta({ rest: get("/api/sign-on-signatures/:id"), output: out.signOnSignatureImage })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.signatureImage(ctx, input.id)),
});
