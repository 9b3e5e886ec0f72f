import {
  PHOTO_RECORD_KINDS,
  type PhotoRecordFacts,
  type PhotoRecordKind,
  type PhotoRecordRef,
  type PhotoStorage,
  type PhotoSummary,
  type PhotoType,
} from "@sitesafe/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../types.js";

/** Queries for the photos area: each takes the database (or a transaction) first. */

const recordColumn = (kind: PhotoRecordKind) =>
  kind === "incident"
    ? "incidentReportId"
    : kind === "jha"
      ? "jhaFormId"
      : kind === "talk"
        ? "toolboxTalkId"
        : kind === "credential"
          ? "credentialId"
          : kind === "inspectionItem"
            ? "inspectionAnswerId"
            : ("correctiveActionId" as const);

/** The project and filer of the record a photo hangs on; undefined when there is no such record. */
export async function recordFacts(db: Kysely<Database>, record: PhotoRecordRef, lock = false): Promise<PhotoRecordFacts | undefined> {
  if (record.kind === "incident") {
    let q = db.selectFrom("incidentReports").select(["projectId", "reportedBy as ownerWorkerId"]).where("id", "=", record.id);
    // "no key update": blocks other photo inserts for the record, not inserts that only reference it.
    if (lock) q = q.forNoKeyUpdate();
    return q.executeTakeFirst();
  }
  if (record.kind === "credential") {
    let q = db.selectFrom("credentials").select(["workerId as ownerWorkerId"]).where("id", "=", record.id);
    if (lock) q = q.forNoKeyUpdate();
    const row = await q.executeTakeFirst();
    return row && { projectId: null, ownerWorkerId: row.ownerWorkerId, kind: "credential" };
  }
  if (record.kind === "talk") {
    let q = db.selectFrom("toolboxTalks").select(["projectId", "presenterWorkerId as ownerWorkerId"]).where("id", "=", record.id);
    if (lock) q = q.forNoKeyUpdate();
    const row = await q.executeTakeFirst();
    return row && { ...row, kind: "talk" };
  }
  if (record.kind === "inspectionItem") {
    let q = db
      .selectFrom("inspectionAnswers as a")
      .innerJoin("inspections as i", "i.id", "a.inspectionId")
      .select(["i.projectId"])
      .where("a.id", "=", record.id);
    if (lock) q = q.forNoKeyUpdate("a");
    const row = await q.executeTakeFirst();
    if (!row) return undefined;
    // One action per failed item: its owner sees what was found.
    const owners = await db
      .selectFrom("correctiveActions")
      .select("ownerUserId")
      .where("inspectionAnswerId", "=", record.id)
      .where("ownerUserId", "is not", null)
      .limit(10)
      .execute();
    return {
      projectId: row.projectId,
      ownerWorkerId: null,
      kind: "inspectionItem",
      actionOwnerUserIds: owners.map((o) => o.ownerUserId as number),
    };
  }
  if (record.kind === "correctiveAction") {
    let q = db.selectFrom("correctiveActions").select(["projectId", "ownerUserId", "status as actionStatus"]).where("id", "=", record.id);
    if (lock) q = q.forNoKeyUpdate();
    const row = await q.executeTakeFirst();
    return row && { ...row, ownerWorkerId: null, kind: "correctiveAction" };
  }
  let q = db.selectFrom("jhaForms").select(["projectId", "submittedBy as ownerWorkerId"]).where("id", "=", record.id);
  if (lock) q = q.forNoKeyUpdate();
  return q.executeTakeFirst();
}

export async function countPhotos(db: Kysely<Database>, record: PhotoRecordRef): Promise<number> {
  const row = await db
    .selectFrom("photos")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where(recordColumn(record.kind), "=", record.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface PhotoWrite {
  /** null: a staged inspection photo, attached to nothing until its inspection is created (attachStagedPhotos). */
  record: PhotoRecordRef | null;
  uploadedBy: number;
  fileName: string;
  contentType: PhotoType;
  data: Uint8Array;
  width: number | null;
  height: number | null;
  locationKept: boolean;
  thumbnail: Uint8Array | null;
}

export async function insertPhoto(db: Kysely<Database>, photo: PhotoWrite): Promise<number> {
  const row = await db
    .insertInto("photos")
    .values({
      incidentReportId: photo.record?.kind === "incident" ? photo.record.id : null,
      jhaFormId: photo.record?.kind === "jha" ? photo.record.id : null,
      toolboxTalkId: photo.record?.kind === "talk" ? photo.record.id : null,
      credentialId: photo.record?.kind === "credential" ? photo.record.id : null,
      inspectionAnswerId: photo.record?.kind === "inspectionItem" ? photo.record.id : null,
      correctiveActionId: photo.record?.kind === "correctiveAction" ? photo.record.id : null,
      staged: photo.record === null,
      uploadedBy: photo.uploadedBy,
      fileName: photo.fileName,
      contentType: photo.contentType,
      byteSize: photo.data.byteLength,
      width: photo.width,
      height: photo.height,
      locationKept: photo.locationKept,
      data: photo.data,
      thumbnail: photo.thumbnail,
      thumbnailSize: photo.thumbnail?.byteLength ?? 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

function summaries(db: Kysely<Database>) {
  return db
    .selectFrom("photos as ph")
    .leftJoin("users as u", "u.id", "ph.uploadedBy")
    .select([
      "ph.id",
      "ph.incidentReportId",
      "ph.jhaFormId",
      "ph.toolboxTalkId",
      "ph.credentialId",
      "ph.inspectionAnswerId",
      "ph.correctiveActionId",
      "ph.staged",
      "ph.fileName",
      "ph.contentType",
      "ph.byteSize",
      "ph.width",
      "ph.height",
      sql<boolean>`ph.thumbnail is not null`.as("hasThumbnail"),
      "ph.locationKept",
      "ph.uploadedBy",
      "u.firstName",
      "u.lastName",
      "u.username",
      "ph.createdAt",
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>["execute"]>>[number];

function toSummary(row: SummaryRow): PhotoSummary {
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ") || row.username || null;
  return {
    id: row.id,
    recordKind:
      row.incidentReportId !== null
        ? "incident"
        : row.jhaFormId !== null
          ? "jha"
          : row.toolboxTalkId !== null
            ? "talk"
            : row.credentialId !== null
              ? "credential"
              : row.correctiveActionId !== null
                ? "correctiveAction"
                : "inspectionItem",
    // null for a staged photo: attached to nothing yet.
    recordId:
      row.incidentReportId ?? row.jhaFormId ?? row.toolboxTalkId ?? row.credentialId ?? row.correctiveActionId ?? row.inspectionAnswerId,
    fileName: row.fileName,
    contentType: row.contentType as PhotoType,
    byteSize: row.byteSize,
    width: row.width,
    height: row.height,
    hasThumbnail: row.hasThumbnail,
    locationKept: row.locationKept,
    uploadedBy: row.uploadedBy,
    uploadedByName: name,
    createdAt: row.createdAt,
  };
}

/** A record's photos in upload order, without their bytes. */
export async function listPhotos(db: Kysely<Database>, record: PhotoRecordRef): Promise<PhotoSummary[]> {
  const rows = await summaries(db)
    .where(`ph.${recordColumn(record.kind)}`, "=", record.id)
    .orderBy("ph.id")
    .execute();
  return rows.map(toSummary);
}

/** One photo's facts (no bytes), with the project and filer of its record, in one query. */
export async function findPhoto(
  db: Kysely<Database>,
  id: number,
): Promise<(PhotoSummary & { record: PhotoRecordFacts; thumbnailSize: number }) | undefined> {
  const row = await summaries(db)
    .leftJoin("incidentReports as ir", "ir.id", "ph.incidentReportId")
    .leftJoin("jhaForms as jf", "jf.id", "ph.jhaFormId")
    .leftJoin("toolboxTalks as tk", "tk.id", "ph.toolboxTalkId")
    .leftJoin("credentials as cr", "cr.id", "ph.credentialId")
    .leftJoin("correctiveActions as ca", "ca.id", "ph.correctiveActionId")
    .leftJoin("inspectionAnswers as ia", "ia.id", "ph.inspectionAnswerId")
    .leftJoin("inspections as ins", "ins.id", "ia.inspectionId")
    .select([
      sql<number | null>`coalesce(ir.project_id, jf.project_id, tk.project_id, ca.project_id, ins.project_id)`.as("projectId"),
      sql<number | null>`coalesce(ir.reported_by, jf.submitted_by, tk.presenter_worker_id, cr.worker_id)`.as("ownerWorkerId"),
      "ca.ownerUserId",
      "ca.status as actionStatus",
      "ph.thumbnailSize",
    ])
    .where("ph.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const summary = toSummary(row);
  return {
    ...summary,
    record: {
      projectId: row.projectId,
      ownerWorkerId: row.ownerWorkerId,
      kind: summary.recordKind,
      ownerUserId: row.ownerUserId,
      actionStatus: row.actionStatus,
      stagedBy: row.staged ? row.uploadedBy : null,
    },
    thumbnailSize: row.thumbnailSize,
  };
}

/** `length` bytes of a photo from `offset` (0-based): uncompressed storage reads only those. */
export async function photoChunk(db: Kysely<Database>, id: number, offset: number, length: number): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom("photos")
    .select(sql<Uint8Array>`substring(data from ${offset + 1} for ${length})`.as("chunk"))
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.chunk;
}

/** A photo's thumbnail with the project of its record, in one query (the most requested photo route). */
export async function photoThumbnail(
  db: Kysely<Database>,
  id: number,
): Promise<{ record: PhotoRecordFacts; thumbnail: Uint8Array | null } | undefined> {
  const row = await db
    .selectFrom("photos as ph")
    .leftJoin("incidentReports as ir", "ir.id", "ph.incidentReportId")
    .leftJoin("jhaForms as jf", "jf.id", "ph.jhaFormId")
    .leftJoin("toolboxTalks as tk", "tk.id", "ph.toolboxTalkId")
    .leftJoin("credentials as cr", "cr.id", "ph.credentialId")
    .leftJoin("correctiveActions as ca", "ca.id", "ph.correctiveActionId")
    .leftJoin("inspectionAnswers as ia", "ia.id", "ph.inspectionAnswerId")
    .leftJoin("inspections as ins", "ins.id", "ia.inspectionId")
    .select([
      sql<number | null>`coalesce(ir.project_id, jf.project_id, tk.project_id, ca.project_id, ins.project_id)`.as("projectId"),
      "cr.workerId as credentialWorkerId",
      "ca.ownerUserId",
      sql<boolean>`ph.corrective_action_id is not null`.as("isAction"),
      sql<boolean>`ph.inspection_answer_id is not null`.as("isInspectionItem"),
      // The owners of the actions the item's failure raised (one action per failed item).
      sql<number[]>`(select coalesce(json_agg(a.owner_user_id), '[]') from corrective_actions a
        where a.inspection_answer_id = ph.inspection_answer_id and a.owner_user_id is not null)`.as("actionOwnerUserIds"),
      "ph.staged",
      "ph.uploadedBy",
      "ph.thumbnail",
    ])
    .where("ph.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const record: PhotoRecordFacts =
    row.credentialWorkerId !== null
      ? { projectId: null, ownerWorkerId: row.credentialWorkerId, kind: "credential" }
      : { projectId: row.projectId, ownerWorkerId: null };
  if (row.isAction) Object.assign(record, { kind: "correctiveAction", ownerUserId: row.ownerUserId });
  if (row.isInspectionItem) Object.assign(record, { kind: "inspectionItem", actionOwnerUserIds: row.actionOwnerUserIds });
  // A staged photo: its uploader's only (no project, whatever the coalesce found).
  if (row.staged) Object.assign(record, { kind: "inspectionItem", projectId: null, stagedBy: row.uploadedBy });
  return { record, thumbnail: row.thumbnail };
}

export async function deletePhoto(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("photos").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Bytes held for photos (originals and thumbnails), over the whole installation and per kind of record. */
export async function photoStorage(db: Kysely<Database>): Promise<PhotoStorage> {
  const rows = await db
    .selectFrom("photos")
    .select([
      sql<PhotoRecordKind>`case when incident_report_id is not null then 'incident' when jha_form_id is not null then 'jha' when toolbox_talk_id is not null then 'talk' when credential_id is not null then 'credential' when corrective_action_id is not null then 'correctiveAction' else 'inspectionItem' end`.as(
        "kind",
      ),
      (eb) => eb.fn.countAll<string>().as("photoCount"),
      sql<string>`coalesce(sum(byte_size + thumbnail_size), 0)`.as("totalBytes"),
      sql<string>`count(distinct coalesce(incident_report_id, jha_form_id, toolbox_talk_id, credential_id, corrective_action_id, inspection_answer_id))`.as(
        "records",
      ),
    ])
    .groupBy(sql`1`)
    .execute();
  const byKind = PHOTO_RECORD_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return { kind, photoCount: Number(row?.photoCount ?? 0), totalBytes: Number(row?.totalBytes ?? 0), records: Number(row?.records ?? 0) };
  });
  return {
    photoCount: byKind.reduce((n, k) => n + k.photoCount, 0),
    totalBytes: byKind.reduce((n, k) => n + k.totalBytes, 0),
    recordsWithPhotos: byKind.reduce((n, k) => n + k.records, 0),
    byKind: byKind.map(({ kind, photoCount, totalBytes }) => ({ kind, photoCount, totalBytes })),
  };
}

// ---- staged inspection photos (docs/decisions/0124-staged-inspection-photos.md)

/** How many staged photos (attached to nothing yet) a user holds. */
export async function countStaged(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("photos")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("staged", "=", true)
    .where("uploadedBy", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Attaches staged photos to an inspection's answers, in the create's transaction: each row is
 * locked and taken only if it is still staged and the user's, so a photo is attached once even by
 * two concurrent creates. Returns how many were attached; fewer than asked means the caller refuses.
 */
export async function attachStagedPhotos(
  db: Kysely<Database>,
  userId: number,
  byAnswer: readonly { answerId: number; photoIds: readonly number[] }[],
): Promise<number> {
  const ids = byAnswer.flatMap((a) => a.photoIds);
  if (ids.length === 0) return 0;
  const claimable = await db
    .selectFrom("photos")
    .select("id")
    .where("id", "in", ids)
    .where("staged", "=", true)
    .where("uploadedBy", "=", userId)
    .forUpdate()
    .execute();
  if (claimable.length !== new Set(ids).size) return claimable.length;
  let attached = 0;
  for (const { answerId, photoIds } of byAnswer) {
    if (photoIds.length === 0) continue;
    const result = await db
      .updateTable("photos")
      .set({ staged: false, inspectionAnswerId: answerId })
      .where("id", "in", [...photoIds])
      .where("staged", "=", true)
      .where("uploadedBy", "=", userId)
      .executeTakeFirst();
    attached += Number(result.numUpdatedRows);
  }
  return attached;
}

/** The photos of an inspection's answers, without their bytes, in upload order. */
export async function inspectionPhotos(db: Kysely<Database>, inspectionId: number): Promise<PhotoSummary[]> {
  const rows = await summaries(db)
    .innerJoin("inspectionAnswers as ia", "ia.id", "ph.inspectionAnswerId")
    .where("ia.inspectionId", "=", inspectionId)
    .orderBy("ph.id")
    .execute();
  return rows.map(toSummary);
}

/** The photos of one inspection answer (a failed item's, at most 5): what its corrective action was raised for. */
export async function answerPhotos(db: Kysely<Database>, inspectionAnswerId: number): Promise<PhotoSummary[]> {
  const rows = await summaries(db).where("ph.inspectionAnswerId", "=", inspectionAnswerId).orderBy("ph.id").execute();
  return rows.map(toSummary);
}

/**
 * Deletes at most `limit` staged photos created before `before` (never attached: their inspection
 * never came); the daily retention job calls it until it deletes fewer than `limit`.
 */
export async function deleteStagedBefore(db: Kysely<Database>, before: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom("photos")
    .where(
      "id",
      "in",
      db.selectFrom("photos").select("id").where("staged", "=", true).where("createdAt", "<", before).orderBy("createdAt").limit(limit),
    )
    .where("staged", "=", true)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
