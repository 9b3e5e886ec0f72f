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
import { once } from "../services/idempotency.js";
import * as service from "../services/talks.js";
import { actionProcedure, authedProcedure, roleProcedure, router } from "../trpc.js";

/** Procedures of toolbox talks (issue #34): each its input schema, its permission, one call to services/talks.ts. */
export const talksRouter = router({
  /** The library of topics, English and Spanish. */
  topics: authedProcedure.query(({ ctx }) => service.topics(ctx)),

  /** A new topic of the library: staff. */
  createTopic: actionProcedure("talkTopic.create")
    .input(talkTopicSchema)
    .mutation(once(({ ctx, input }) => service.createTopic(ctx, input))),

  list: authedProcedure
    .input(talkListQuerySchema.optional())
    .query(({ ctx, input }) => answerList(ctx, service.visibleTalks(ctx, input ?? {}), input?.limit)),

  page: authedProcedure
    .input(pageQuerySchema(talkListQuerySchema))
    .query(({ ctx, input }) => answerPage(ctx, service.visibleTalks(ctx, input))),

  byId: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.visibleTalk(ctx.db, ctx.actor, input.id)),

  /**
   * A talk on a project: staff, or a crew lead of that project. Whether the role may give talks at
   * all is checked before the input is read; the project is checked by the service.
   */
  create: roleProcedure((actor) => can(actor, "talk.create"), "Only admins, managers and crew leads can give toolbox talks")
    .input(toolboxTalkSchema)
    .mutation(once(({ ctx, input }) => service.createTalk(ctx, input))),

  /** The talks a worker attended: staff, or the worker themself; only talks on projects the caller sees. */
  attendedBy: authedProcedure.input(talksAttendedQuerySchema).query(({ ctx, input }) => service.attendedBy(ctx, input.workerId)),

  /** A project's talks per ISO week (the project's card): whoever sees the project. */
  projectWeeks: authedProcedure.input(talkWeeksQuerySchema).query(({ ctx, input }) => service.projectWeeks(ctx, input)),

  attendancePdf: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.attendancePdf(ctx, input.id)),

  attendanceCsv: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.attendanceCsv(ctx, input.id)),
});
