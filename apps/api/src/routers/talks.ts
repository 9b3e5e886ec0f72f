import {
  byIdSchema,
  can,
  pageQuerySchema,
  talkListQuerySchema,
  talksAttendedQuerySchema,
  talkTopicSchema,
  talkWeeksQuerySchema,
  toolboxTalkSchema,
} from "@sitesafe/domain";
import { answerList, answerPage } from "../lists.js";
import * as out from "../openapi/schemas.js";
import { get, post } from "../rest/meta.js";
import { once } from "../services/idempotency.js";
import * as service from "../services/talks.js";
import { actionProcedure, authedProcedure, roleProcedure, router } from "../trpc.js";

/** Procedures of toolbox talks (issue #34): each its input schema, its permission, one call to services/talks.ts. */
export const talksRouter = router({
  /** The library of topics, English and Spanish. */
  topics: authedProcedure
    .meta({ rest: get("/api/toolbox-talk-topics"), output: out.list(out.talkTopic) })
    .query(({ ctx }) => service.topics(ctx)),

  /** A new topic of the library: staff. */
  createTopic: actionProcedure("talkTopic.create")
    .meta({ rest: post("/api/toolbox-talk-topics"), output: out.talkTopic })
    .input(talkTopicSchema)
    .mutation(once(({ ctx, input }) => service.createTopic(ctx, input))),

  list: authedProcedure
    .meta({ rest: get("/api/toolbox-talks"), output: out.list(out.talk) })
    .input(talkListQuerySchema.optional())
    .query(({ ctx, input }) => answerList(ctx, service.visibleTalks(ctx, input ?? {}), input?.limit)),

  page: authedProcedure
    .input(pageQuerySchema(talkListQuerySchema))
    .query(({ ctx, input }) => answerPage(ctx, service.visibleTalks(ctx, input))),

  byId: authedProcedure
    .meta({
      rest: get("/api/toolbox-talks/:id", { pathOnly: true, files: { pdf: "talks.attendancePdf", csv: "talks.attendanceCsv" } }),
      output: out.talk,
    })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.visibleTalk(ctx.db, ctx.actor, input.id)),

  /**
   * A talk on a project: staff, or a crew lead of that project. Whether the role may give talks at
   * all is checked before the input is read; the project is checked by the service.
   */
  create: roleProcedure((actor) => can(actor, "talk.create"), "Only admins, managers and crew leads can give toolbox talks")
    .meta({ rest: post("/api/toolbox-talks"), output: out.talk })
    .input(toolboxTalkSchema)
    .mutation(once(({ ctx, input }) => service.createTalk(ctx, input))),

  /** The talks a worker attended: staff, or the worker themself; only talks on projects the caller sees. */
  attendedBy: authedProcedure
    .meta({ rest: get("/api/workers/:workerId/toolbox-talks"), output: out.list(out.attendedTalk) })
    .input(talksAttendedQuerySchema)
    .query(({ ctx, input }) => service.attendedBy(ctx, input.workerId)),

  /** A project's talks per ISO week (the project's card): whoever sees the project. */
  projectWeeks: authedProcedure
    .meta({ rest: get("/api/projects/:id/toolbox-talks"), output: out.list(out.talkWeek) })
    .input(talkWeeksQuerySchema)
    .query(({ ctx, input }) => service.projectWeeks(ctx, input)),

  attendancePdf: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.attendancePdf(ctx, input.id)),

  attendanceCsv: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.attendanceCsv(ctx, input.id)),
});
