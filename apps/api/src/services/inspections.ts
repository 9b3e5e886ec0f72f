import { audit, correctiveActions, type Database, inspections, type ListSource, photos, projects } from "@sitesafe/db";
import {
  type Actor,
  addDays,
  badRequest,
  checkAnswers,
  conflict,
  type createTemplateSchema,
  dueDateFor,
  type InspectionListQuery,
  type InspectionValues,
  inspectedAtIssue,
  type inspectionScheduleSchema,
  itemsMissingPhoto,
  notFound,
  PHOTO_REQUIRED_ON_FAIL,
  readableProjectIds,
  SCHEDULE_WINDOW_DAYS,
  STAGED_PHOTO_INVALID,
  schedulePeriods,
  scheduleStatus,
  scoreInspection,
  type TemplateContent,
  templateContentSchema,
  templateItems,
  type updateTemplateSchema,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { assertCan } from "../context.js";
import type { ServiceContext } from "./context.js";
import { assertSeesProject, INVALID_PROJECT } from "./forms.js";

/**
 * Inspections (issue #35; docs/product.md "Inspections and corrective actions"): templates and
 * their immutable versions, a signed inspection scored on the server with a corrective action per
 * failed item in the same transaction, schedules with missed periods computed on read, the CSV.
 */

const INVALID_TEMPLATE = "Please select a valid template";
export const BUILTIN_TEMPLATE_EDIT = "A built-in template cannot be changed; copy it and edit the copy";
export const TEMPLATE_CHANGED = "The template was changed meanwhile; reload it and edit the latest version";
export const INVALID_OWNER = "Please select a valid action owner";

/** A version's content as stored: parsed again so a row is never trusted blindly. */
function parsedContent(content: unknown): TemplateContent {
  return templateContentSchema.parse(content);
}

export function templates(ctx: ServiceContext, language?: "en" | "es") {
  return inspections.listTemplates(ctx.db, language);
}

/** A template with its current version's content (everyone signed in: templates are not project data). */
export async function template(ctx: ServiceContext, id: number) {
  const row = await inspections.findTemplate(ctx.db, id);
  if (!row) throw notFound("Inspection template");
  const { versionId: _v, content, ...summary } = row;
  return { ...summary, sections: parsedContent(content) };
}

export async function createTemplate(ctx: ServiceContext, input: z.output<typeof createTemplateSchema>) {
  assertCan(ctx.actor, "inspectionTemplate.manage");
  let content = input.sections;
  let category: string | null = null;
  if (input.copyOf != null) {
    const source = await inspections.findTemplate(ctx.db, input.copyOf);
    if (!source)
      throw badRequest("Please select a valid template to copy", [{ path: "copyOf", message: "Please select a valid template to copy" }]);
    content = content ?? parsedContent(source.content);
    category = source.category;
  }
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await inspections.insertTemplate(trx, {
      name: input.name,
      language: input.language,
      category,
      copiedFrom: input.copyOf ?? null,
      createdBy: ctx.actor.userId,
      content,
    });
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "inspectionTemplate",
      entityId: id,
      action: "created",
      to: "1",
      details: input.copyOf != null ? { copyOf: input.copyOf } : null,
    });
    return id;
  });
  return template(ctx, id);
}

/** An edit is a new version; inspections already made keep theirs. Built-in templates are copied, not edited. */
export async function updateTemplate(ctx: ServiceContext, input: z.output<typeof updateTemplateSchema>) {
  assertCan(ctx.actor, "inspectionTemplate.manage");
  const current = await inspections.findTemplate(ctx.db, input.id);
  if (!current) throw notFound("Inspection template");
  if (current.builtin) throw conflict(BUILTIN_TEMPLATE_EDIT);
  await ctx.db.transaction().execute(async (trx) => {
    const version = await inspections.addTemplateVersion(trx, input.id, current.currentVersion, {
      name: input.name,
      content: input.sections,
      createdBy: ctx.actor.userId,
    });
    if (version === null) throw conflict(TEMPLATE_CHANGED);
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "inspectionTemplate",
      entityId: input.id,
      action: "new_version",
      from: String(current.currentVersion),
      to: String(version),
    });
  });
  return template(ctx, input.id);
}

// ---- inspections

export function visibleInspections(ctx: ServiceContext, options: InspectionListQuery) {
  if (options.projectId !== undefined) assertSeesProject(ctx.actor, options.projectId);
  return inspections.inspectionList(ctx.db, { ...options, projectIds: readableProjectIds(ctx.actor) });
}

/** An inspection with the items of the version it was made with, its answers and its actions. */
export async function inspectionDetail(db: Kysely<Database>, actor: Actor, id: number) {
  const row = await inspections.findInspection(db, id);
  if (!row) throw notFound("Inspection");
  assertSeesProject(actor, row.projectId);
  const { content, ...inspection } = row;
  const answers = await inspections.inspectionAnswers(db, id);
  const actions = await correctiveActions.actionList(db, { inspectionId: id, limit: 1000 }).rows();
  // Every item's photos in one query (at most INSPECTION_PHOTOS_MAX of them).
  const itemPhotos = await photos.inspectionPhotos(db, id);
  return {
    ...inspection,
    sections: parsedContent(content),
    answers: answers.map(({ position: _p, ...a }) => ({ ...a, photos: itemPhotos.filter((p) => p.recordId === a.id) })),
    actions: actions.map((a) => ({
      id: a.id,
      inspectionAnswerId: a.inspectionAnswerId,
      description: a.description,
      priority: a.priority,
      status: a.status,
      ownerUserId: a.ownerUserId,
      ownerName: a.ownerName,
      dueAt: a.dueAt,
    })),
  };
}

export function visibleInspection(ctx: ServiceContext, id: number) {
  return inspectionDetail(ctx.db, ctx.actor, id);
}

/**
 * A signed inspection: the version walked (the current one unless named), the answers checked
 * against it and scored here (the client's preview is never trusted), and a corrective action for
 * each failed item, due by its priority, owned by whoever the inspector named (the inspector
 * otherwise), all in one transaction with its audit rows.
 */
export async function createInspection(ctx: ServiceContext, input: InspectionValues) {
  assertCan(ctx.actor, "inspection.create", { projectId: input.projectId });
  // Not in the future by more than a fast phone's clock, nor older than a phone offline for a week.
  const now = ctx.now();
  const inspectedAt = input.inspectedAt ?? now;
  const when = inspectedAtIssue(inspectedAt, now);
  if (when) throw badRequest(when, [{ path: "inspectedAt", message: when }]);
  if (!(await projects.projectExists(ctx.db, input.projectId)))
    throw badRequest(INVALID_PROJECT, [{ path: "projectId", message: INVALID_PROJECT }]);
  const current = await inspections.findTemplate(ctx.db, input.templateId);
  if (!current) throw badRequest(INVALID_TEMPLATE, [{ path: "templateId", message: INVALID_TEMPLATE }]);
  const version =
    input.templateVersion === undefined || input.templateVersion === current.currentVersion
      ? { id: current.versionId, version: current.currentVersion, content: current.content }
      : await inspections.findTemplateVersion(ctx.db, input.templateId, input.templateVersion);
  if (!version)
    throw badRequest("Please select a valid template version", [
      { path: "templateVersion", message: "Please select a valid template version" },
    ]);
  const content = parsedContent(version.content);
  const checked = checkAnswers(
    content,
    input.answers.map((a) => ({ itemKey: a.itemKey, value: a.value, note: a.note })),
  );
  if (!checked.ok) throw badRequest(checked.issues[0]?.message ?? "An answer does not fit its item", checked.issues);
  const score = scoreInspection(content, checked.answers);
  const items = new Map(templateItems(content).map((item, position) => [item.key, { ...item, position }]));
  const asked = new Map(input.answers.map((a) => [a.itemKey, a]));
  // A failed item that needs a photo has one (packages/domain's itemsMissingPhoto, the run page's rule too).
  const missingPhoto = itemsMissingPhoto(
    content,
    checked.answers.map((a) => ({ itemKey: a.itemKey, outcome: a.outcome, photoCount: asked.get(a.itemKey)?.photoIds.length ?? 0 })),
  );
  if (missingPhoto.length > 0)
    throw badRequest(
      PHOTO_REQUIRED_ON_FAIL,
      missingPhoto.map((key) => ({
        path: `answers.${input.answers.findIndex((a) => a.itemKey === key)}.photoIds`,
        message: PHOTO_REQUIRED_ON_FAIL,
      })),
    );
  // Owners named for failed items must be able to work on the project.
  const owners = new Set<number>();
  for (const answer of checked.answers) {
    const owner = answer.outcome === "fail" ? asked.get(answer.itemKey)?.ownerUserId : null;
    if (owner != null) owners.add(owner);
  }
  for (const owner of owners) {
    if (!(await correctiveActions.mayOwn(ctx.db, owner, input.projectId)))
      throw badRequest(INVALID_OWNER, [{ path: "answers", message: INVALID_OWNER }]);
  }
  const id = await ctx.db.transaction().execute(async (trx) => {
    const { id, answerIds } = await inspections.insertInspection(
      trx,
      {
        projectId: input.projectId,
        templateId: input.templateId,
        templateVersionId: version.id,
        inspectorUserId: ctx.actor.userId,
        inspectedAt,
        score: score.score,
        passedCount: score.passedCount,
        failedCount: score.failedCount,
        naCount: score.naCount,
        notes: input.notes,
        signature: input.signature,
      },
      checked.answers.map((a) => ({
        itemKey: a.itemKey,
        position: items.get(a.itemKey)?.position ?? 0,
        value: a.value,
        outcome: a.outcome,
        note: a.note,
      })),
    );
    // The staged photos named by the answers, locked and attached here: the caller's own, not yet attached.
    const byAnswer = checked.answers.map((a) => ({
      answerId: answerIds.get(a.itemKey) ?? 0,
      photoIds: asked.get(a.itemKey)?.photoIds ?? [],
    }));
    const wanted = byAnswer.reduce((n, a) => n + a.photoIds.length, 0);
    if ((await photos.attachStagedPhotos(trx, ctx.actor.userId, byAnswer)) !== wanted)
      throw badRequest(STAGED_PHOTO_INVALID, [{ path: "answers", message: STAGED_PHOTO_INVALID }]);
    const failed = checked.answers.filter((a) => a.outcome === "fail");
    const actionIds = await correctiveActions.insertActions(
      trx,
      failed.map((a) => {
        const item = items.get(a.itemKey);
        const priority = asked.get(a.itemKey)?.priority ?? item?.priority ?? "medium";
        return {
          projectId: input.projectId,
          source: "inspection" as const,
          inspectionId: id,
          inspectionAnswerId: answerIds.get(a.itemKey) ?? null,
          description: a.note ? `${item?.text ?? a.itemKey}: ${a.note}` : (item?.text ?? a.itemKey),
          priority,
          ownerUserId: asked.get(a.itemKey)?.ownerUserId ?? ctx.actor.userId,
          raisedBy: ctx.actor.userId,
          dueAt: dueDateFor(priority, now),
          createdAt: now,
          updatedAt: now,
        };
      }),
    );
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "inspection",
      entityId: id,
      action: "created",
      details: { projectId: input.projectId, templateId: input.templateId, version: version.version, score: score.score, photos: wanted },
      at: now,
    });
    for (const actionId of actionIds) {
      await audit.recordAudit(trx, {
        actor: ctx.actor,
        entity: "correctiveAction",
        entityId: actionId,
        action: "raised",
        to: "open",
        details: { inspectionId: id },
        at: now,
      });
    }
    return id;
  });
  return inspectionDetail(ctx.db, ctx.actor, id);
}

/**
 * One row per item answer of the inspections the caller sees, newest inspection first, with the
 * item's words from the version the inspection used: the JSON and CSV export. A list like the
 * others (lists.ts): over REST it is streamed whole in chunks of inspections, so its size never
 * grows the server's memory and nothing is cut; read at once (tRPC) it is bounded in bytes, a 413
 * past the bound. The versions' words are read once per chunk, not carried on every row.
 */
export function answerRows(ctx: ServiceContext, input: { projectId?: number | undefined }): ListSource<inspections.AnswerExportRow> {
  if (input.projectId !== undefined) assertSeesProject(ctx.actor, input.projectId);
  const source = inspections.answerExport(ctx.db, { projectIds: readableProjectIds(ctx.actor), projectId: input.projectId });
  const flatten = async (chunk: inspections.ExportInspection[]): Promise<inspections.AnswerExportRow[]> => {
    const contents = await inspections.versionContents(ctx.db, [...new Set(chunk.map((row) => row.templateVersionId))]);
    const itemsOf = new Map<number, Map<string, { text: string; weight: number; section: string }>>();
    for (const [id, stored] of contents) {
      const content = parsedContent(stored);
      itemsOf.set(
        id,
        new Map(templateItems(content).map((i) => [i.key, { text: i.text, weight: i.weight, section: content[i.section]?.title ?? "" }])),
      );
    }
    return chunk.flatMap((row) =>
      row.answers.map((answer) => {
        const item = itemsOf.get(row.templateVersionId)?.get(answer.itemKey);
        return {
          inspectionId: row.inspectionId,
          project: row.projectName,
          template: row.templateName,
          templateVersion: row.templateVersion,
          inspectedAt: row.inspectedAt,
          inspector: row.inspectorName,
          score: row.score,
          section: item?.section ?? "",
          itemKey: answer.itemKey,
          item: item?.text ?? answer.itemKey,
          weight: item?.weight ?? 0,
          answer: answer.value === null || answer.value === undefined ? null : String(answer.value),
          outcome: answer.outcome,
          note: answer.note,
        };
      }),
    );
  };
  return {
    rows: async () => flatten(await source.rows()),
    async rowsWithin(maxBytes) {
      const { rows, bytes } = await source.rowsWithin(maxBytes);
      return { rows: await flatten(rows), bytes };
    },
    async *chunks(chunkSize, maxBytes) {
      for await (const chunk of source.chunks(chunkSize, maxBytes)) yield await flatten(chunk);
    },
    count: () => source.count(),
  };
}

// ---- schedules

export async function schedules(ctx: ServiceContext, input: { projectId?: number | undefined; today?: string | undefined }) {
  if (input.projectId !== undefined) assertSeesProject(ctx.actor, input.projectId);
  const rows = await inspections.listSchedules(ctx.db, { projectIds: readableProjectIds(ctx.actor), projectId: input.projectId });
  const today = input.today ?? ctx.now().toISOString().slice(0, 10);
  const from = addDays(today, -(SCHEDULE_WINDOW_DAYS + 7));
  const days = await inspections.inspectedDays(ctx.db, rows, from);
  return rows.map((schedule) => {
    const done = days.filter((d) => d.projectId === schedule.projectId && d.templateId === schedule.templateId).map((d) => d.day);
    const periods = schedulePeriods(schedule, done, today);
    return { ...schedule, periods, ...scheduleStatus(periods) };
  });
}

export async function createSchedule(ctx: ServiceContext, input: z.output<typeof inspectionScheduleSchema>) {
  assertCan(ctx.actor, "inspectionSchedule.manage");
  if (!(await projects.projectExists(ctx.db, input.projectId)))
    throw badRequest(INVALID_PROJECT, [{ path: "projectId", message: INVALID_PROJECT }]);
  if (!(await inspections.findTemplate(ctx.db, input.templateId)))
    throw badRequest(INVALID_TEMPLATE, [{ path: "templateId", message: INVALID_TEMPLATE }]);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("inspectionSchedules")
      .select("id")
      .where("projectId", "=", input.projectId)
      .where("templateId", "=", input.templateId)
      .forUpdate()
      .executeTakeFirst();
    if (existing) throw conflict("This project already has a schedule for this template");
    const { id } = await trx
      .insertInto("inspectionSchedules")
      .values({ ...input, createdBy: ctx.actor.userId })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "inspectionSchedule",
      entityId: id,
      action: "created",
      details: { ...input },
    });
    return id;
  });
  const [created] = (await schedules(ctx, { projectId: input.projectId })).filter((s) => s.id === id);
  if (!created) throw notFound("Inspection schedule");
  return created;
}

export async function deleteSchedule(ctx: ServiceContext, id: number) {
  assertCan(ctx.actor, "inspectionSchedule.manage");
  await ctx.db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom("inspectionSchedules").where("id", "=", id).returning("projectId").executeTakeFirst();
    if (!gone) throw notFound("Inspection schedule");
    await audit.recordAudit(trx, { actor: ctx.actor, entity: "inspectionSchedule", entityId: id, action: "deleted" });
  });
  return { success: true as const };
}

/** The dashboard's leading indicators cover this many days (near misses) and weeks (scores). */
export const INDICATOR_DAYS = 90;
export const INDICATOR_WEEKS = 8;

/**
 * The staff dashboard's leading indicators (issue #35): inspections done against scheduled per
 * project (the schedules' last 28 days), the average score per project and ISO week (8 weeks),
 * open and overdue actions per owner, and the near-miss share of the incidents of the last 90 days.
 */
export async function indicators(ctx: ServiceContext) {
  const now = ctx.now();
  const today = now.toISOString().slice(0, 10);
  const perSchedule = await schedules(ctx, { today });
  const byProject = new Map<number, { projectId: number; projectName: string; scheduled: number; done: number; missed: number }>();
  for (const s of perSchedule) {
    const row = byProject.get(s.projectId) ?? { projectId: s.projectId, projectName: s.projectName, scheduled: 0, done: 0, missed: 0 };
    row.scheduled += s.scheduled;
    row.done += s.done;
    row.missed += s.missed;
    byProject.set(s.projectId, row);
  }
  const from = new Date(`${addDays(today, -7 * (INDICATOR_WEEKS - 1))}T00:00:00Z`);
  const scores = await inspections.weeklyScores(ctx.db, { projectIds: readableProjectIds(ctx.actor), from });
  const owners = await correctiveActions.actionsByOwner(ctx.db, { projectIds: readableProjectIds(ctx.actor), now });
  const incidents = await inspections.nearMissCounts(ctx.db, addDays(today, -INDICATOR_DAYS));
  return {
    schedules: [...byProject.values()],
    scores,
    owners,
    nearMisses: {
      ...incidents,
      share: incidents.incidents === 0 ? null : Math.round((incidents.nearMisses / incidents.incidents) * 1000) / 10,
    },
  };
}
