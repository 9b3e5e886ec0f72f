import { audit, type Database, photos, projects, signOn, talks, training, videos, workers } from "@sitesafe/db";
import {
  type Actor,
  type AttendedTalk,
  badRequest,
  canReadWorker,
  csvLine,
  forbidden,
  groupTalksByWeek,
  notFound,
  readableProjectIds,
  TALK_ATTENDANCE_COLUMNS,
  TALK_WEEKS_DEFAULT,
  TALK_WEEKS_TALKS_MAX,
  TALKS_ATTENDED_MAX,
  type TalkListQuery,
  type TalkWeek,
  type ToolboxTalkValues,
  talkSignedContent,
  type talkTopicSchema,
  talkWeeksRange,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { assertCan } from "../context.js";
import type { ServiceContext } from "./context.js";
import { assertSeesProject, INVALID_PROJECT, INVALID_WORKER } from "./forms.js";
import { contentVersion } from "./signedContent.js";
import { talkAttendancePdf } from "./talkPdf.js";

/**
 * Toolbox talks (issue #34): the library of topics, the talks of the projects the actor sees, who
 * gives a talk, and the attendance sheet as PDF and CSV. Attendance itself is crew sign-on
 * (services/signOn.ts, kind "talk").
 */

/** At most this many signatures are printed on one attendance sheet (a crew, not a stadium). */
export const ATTENDANCE_SHEET_MAX = 300;

export function topics(ctx: ServiceContext) {
  return talks.listTopics(ctx.db);
}

const INVALID_MODULE = "Please select a valid training module";
const INVALID_VIDEO = "Please select a valid safety video";

/**
 * A topic may point to a training module or safety video: each must exist (400 otherwise, not the
 * foreign key's 500). Modules and videos are shown to everyone signed in, so whoever sees a talk
 * may follow its link.
 */
async function assertTopicLinks(ctx: ServiceContext, input: { trainingModuleId?: number | null; videoId?: number | null }) {
  if (input.trainingModuleId != null && !(await training.moduleExists(ctx.db, input.trainingModuleId)))
    throw badRequest(INVALID_MODULE, [{ path: "trainingModuleId", message: INVALID_MODULE }]);
  if (input.videoId != null && !(await videos.videoExists(ctx.db, input.videoId)))
    throw badRequest(INVALID_VIDEO, [{ path: "videoId", message: INVALID_VIDEO }]);
}

export async function createTopic(ctx: ServiceContext, input: z.output<typeof talkTopicSchema>) {
  assertCan(ctx.actor, "talkTopic.create");
  await assertTopicLinks(ctx, input);
  const id = await talks.insertTopic(ctx.db, {
    ...input,
    trainingModuleId: input.trainingModuleId ?? null,
    videoId: input.videoId ?? null,
    createdBy: ctx.actor.userId,
  });
  const created = (await talks.listTopics(ctx.db)).find((t) => t.id === id);
  if (!created) throw notFound("Topic");
  return created;
}

export async function visibleTalk(db: Kysely<Database>, actor: Actor, id: number) {
  const talk = await talks.findTalk(db, id);
  if (!talk) throw notFound("Toolbox talk");
  assertSeesProject(actor, talk.projectId);
  return talk;
}

export function visibleTalks(ctx: ServiceContext, options: TalkListQuery) {
  if (options.projectId !== undefined) assertSeesProject(ctx.actor, options.projectId);
  return talks.talkList(ctx.db, { ...options, projectIds: readableProjectIds(ctx.actor) });
}

export async function createTalk(ctx: ServiceContext, input: ToolboxTalkValues) {
  assertCan(ctx.actor, "talk.create", { projectId: input.projectId });
  if (!(await projects.projectExists(ctx.db, input.projectId)))
    throw badRequest(INVALID_PROJECT, [{ path: "projectId", message: INVALID_PROJECT }]);
  if (input.presenterWorkerId != null && !(await workers.workerExists(ctx.db, input.presenterWorkerId))) {
    throw badRequest(INVALID_WORKER, [{ path: "presenterWorkerId", message: INVALID_WORKER }]);
  }
  const topic = input.topicId != null ? await talks.findTopic(ctx.db, input.topicId) : undefined;
  if (input.topicId != null && !topic)
    throw badRequest("Please select a valid topic", [{ path: "topicId", message: "Please select a valid topic" }]);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await talks.insertTalk(trx, {
      projectId: input.projectId,
      topicId: input.topicId ?? null,
      title: input.title,
      content: input.content,
      language: input.language,
      talkDate: input.talkDate,
      presenterWorkerId: input.presenterWorkerId ?? null,
      presenterName: input.presenterName,
      notes: input.notes,
      trainingModuleId: topic?.trainingModuleId ?? null,
      videoId: topic?.videoId ?? null,
      createdBy: ctx.actor.userId,
    });
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "talk",
      entityId: id,
      action: "created",
      details: { projectId: input.projectId },
    });
    return id;
  });
  return visibleTalk(ctx.db, ctx.actor, id);
}

async function attendanceOf(ctx: ServiceContext, id: number) {
  const talk = await visibleTalk(ctx.db, ctx.actor, id);
  const version = contentVersion(talkSignedContent(talk));
  const rows = await signOn.signaturesWithImages(ctx.db, "talk", id, ATTENDANCE_SHEET_MAX);
  return { talk, rows: rows.map((row) => ({ ...row, current: row.recordVersion === version })) };
}

const fileName = (talk: { id: number; talkDate: string }, ext: string) => `toolbox-talk-${talk.id}-${talk.talkDate}-attendance.${ext}`;

/**
 * The attendance sheet as a PDF: the talk, its group photo (the thumbnail the server made, a JPEG
 * of at most 320 pixels; a HEIC photo has none and is left out), then every attendee.
 */
export async function attendancePdf(ctx: ServiceContext, id: number) {
  const { talk, rows } = await attendanceOf(ctx, id);
  const [photo] = await photos.listPhotos(ctx.db, { kind: "talk", id });
  const groupPhoto = photo?.hasThumbnail ? ((await photos.photoThumbnail(ctx.db, photo.id))?.thumbnail ?? null) : null;
  return { fileName: fileName(talk, "pdf"), data: await talkAttendancePdf({ ...talk, groupPhoto }, rows) };
}

/** The attendance sheet as CSV (one row per signature), through the domain's one CSV cell writer. */
export async function attendanceCsv(ctx: ServiceContext, id: number) {
  const { talk, rows } = await attendanceOf(ctx, id);
  const lines = [
    csvLine(TALK_ATTENDANCE_COLUMNS),
    ...rows.map((r) =>
      csvLine([talk.id, talk.title, talk.talkDate, talk.projectName, talk.presenterName, r.name, r.company, r.signedAt, r.via, r.current]),
    ),
  ];
  return { fileName: fileName(talk, "csv"), csv: `\ufeff${lines.join("\r\n")}\r\n` };
}

/**
 * The talks a worker attended (signed), for whoever may read that worker's profile (staff, the
 * worker themself): 403 otherwise, 404 for an unknown worker. Only talks on projects the viewer
 * sees are listed, newest first, at most TALKS_ATTENDED_MAX.
 */
export async function attendedBy(ctx: ServiceContext, workerId: number): Promise<AttendedTalk[]> {
  if (!canReadWorker(ctx.actor, workerId)) throw forbidden();
  if (!(await workers.workerExists(ctx.db, workerId))) throw notFound("Worker");
  return talks.talksAttendedBy(ctx.db, workerId, { projectIds: readableProjectIds(ctx.actor), limit: TALKS_ATTENDED_MAX });
}

/** A project's talks per ISO week, the last `weeks` weeks (8) up to the week of `weekOf` (today), for whoever sees the project. */
export async function projectWeeks(
  ctx: ServiceContext,
  input: { id: number; weeks?: number | undefined; weekOf?: string | undefined },
): Promise<TalkWeek[]> {
  assertSeesProject(ctx.actor, input.id);
  if (!(await projects.projectExists(ctx.db, input.id))) throw notFound("Project");
  const weeks = input.weeks ?? TALK_WEEKS_DEFAULT;
  const day = input.weekOf ?? new Date().toISOString().slice(0, 10);
  const { from, to } = talkWeeksRange(day, weeks);
  const rows = await talks.projectTalksBetween(ctx.db, input.id, from, to, TALK_WEEKS_TALKS_MAX);
  return groupTalksByWeek(rows, day, weeks);
}
