import { type Kysely, sql } from "kysely";
import type { Database } from "../types.js";
import { userDisplayName, workerName } from "./names.js";

/** Queries for crew sign-on (issue #34): each takes the database (or a transaction) first. */

export type SignOnKind = "jha" | "permit" | "talk";

const recordColumn = (kind: SignOnKind) => (kind === "jha" ? "s.jhaFormId" : kind === "permit" ? "s.hotWorkPermitId" : "s.toolboxTalkId");

export interface SignatureRow {
  id: number;
  workerId: number | null;
  name: string;
  company: string | null;
  via: "device" | "own" | "link";
  device: string | null;
  recordVersion: string;
  collectedByName: string | null;
  signedAt: Date;
}

/** A record's signatures, oldest first, without their images. */
export async function listSignatures(db: Kysely<Database>, kind: SignOnKind, recordId: number): Promise<SignatureRow[]> {
  return db
    .selectFrom("crewSignatures as s")
    .leftJoin("users as u", "u.id", "s.collectedBy")
    .select([
      "s.id",
      "s.workerId",
      "s.signerName as name",
      "s.signerCompany as company",
      "s.via",
      "s.device",
      "s.recordVersion",
      userDisplayName("u").as("collectedByName"),
      "s.signedAt",
    ])
    .where(recordColumn(kind), "=", recordId)
    .orderBy("s.id")
    .execute();
}

/** The workers assigned to a project, by name: who is expected to sign. */
export async function assignedWorkers(db: Kysely<Database>, projectId: number): Promise<{ workerId: number; name: string }[]> {
  return db
    .selectFrom("projectWorkers as pw")
    .innerJoin("workers as w", "w.id", "pw.workerId")
    .select(["w.id as workerId", workerName("w").as("name")])
    .where("pw.projectId", "=", projectId)
    .orderBy("w.lastName")
    .orderBy("w.firstName")
    .orderBy("w.id")
    .execute();
}

/** A worker with the name and company a signature keeps, and whether they are assigned to the project; undefined when no such worker. */
export async function workerSigner(db: Kysely<Database>, projectId: number, workerId: number) {
  return db
    .selectFrom("workers as w")
    .leftJoin("projectWorkers as pw", (join) => join.onRef("pw.workerId", "=", "w.id").on("pw.projectId", "=", projectId))
    .select(["w.id as workerId", workerName("w").as("name"), "w.company", "pw.id as assignmentId"])
    .where("w.id", "=", workerId)
    .executeTakeFirst();
}

export interface NewSignature {
  kind: SignOnKind;
  recordId: number;
  projectId: number;
  workerId: number | null;
  signerName: string;
  signerCompany: string | null;
  via: "device" | "own" | "link";
  collectedBy: number | null;
  device: string | null;
  recordVersion: string;
  signaturePng: Uint8Array;
  signOnLinkId?: number | null;
}

export async function insertSignature(db: Kysely<Database>, row: NewSignature): Promise<number> {
  const { id } = await db
    .insertInto("crewSignatures")
    .values({
      jhaFormId: row.kind === "jha" ? row.recordId : null,
      hotWorkPermitId: row.kind === "permit" ? row.recordId : null,
      toolboxTalkId: row.kind === "talk" ? row.recordId : null,
      projectId: row.projectId,
      workerId: row.workerId,
      signerName: row.signerName,
      signerCompany: row.signerCompany,
      via: row.via,
      collectedBy: row.collectedBy,
      device: row.device,
      recordVersion: row.recordVersion,
      signaturePng: row.signaturePng,
      byteSize: row.signaturePng.byteLength,
      signOnLinkId: row.signOnLinkId ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Whether the worker already signed this version of the record. */
export async function hasSigned(db: Kysely<Database>, kind: SignOnKind, recordId: number, workerId: number, version: string) {
  const row = await db
    .selectFrom("crewSignatures as s")
    .select("s.id")
    .where(recordColumn(kind), "=", recordId)
    .where("s.workerId", "=", workerId)
    .where("s.recordVersion", "=", version)
    .executeTakeFirst();
  return row !== undefined;
}

/** One signature's image and the record it is on. */
export async function findSignatureImage(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("crewSignatures")
    .select(["id", "jhaFormId", "hotWorkPermitId", "toolboxTalkId", "projectId", "signaturePng"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A record's signatures with their images, oldest first, at most `limit` (a printed attendance sheet). */
export async function signaturesWithImages(db: Kysely<Database>, kind: SignOnKind, recordId: number, limit: number) {
  return db
    .selectFrom("crewSignatures as s")
    .select([
      "s.id",
      "s.workerId",
      "s.signerName as name",
      "s.signerCompany as company",
      "s.via",
      "s.recordVersion",
      "s.signedAt",
      "s.signaturePng",
    ])
    .where(recordColumn(kind), "=", recordId)
    .orderBy("s.id")
    .limit(limit)
    .execute();
}

// ---- public sign-on links

export interface SignOnLinkRow {
  id: number;
  jhaFormId: number | null;
  toolboxTalkId: number | null;
  projectId: number;
  tokenPreview: string;
  expiresAt: Date;
  revokedAt: Date | null;
  createdByName: string | null;
  createdAt: Date;
}

const linkColumns = [
  "l.id",
  "l.jhaFormId",
  "l.toolboxTalkId",
  "l.projectId",
  "l.tokenPreview",
  "l.expiresAt",
  "l.revokedAt",
  userDisplayName("u").as("createdByName"),
  "l.createdAt",
] as const;

export async function insertLink(
  db: Kysely<Database>,
  link: {
    kind: "jha" | "talk";
    recordId: number;
    projectId: number;
    tokenHash: string;
    tokenPreview: string;
    expiresAt: Date;
    createdBy: number;
  },
): Promise<number> {
  const { id } = await db
    .insertInto("signOnLinks")
    .values({
      jhaFormId: link.kind === "jha" ? link.recordId : null,
      toolboxTalkId: link.kind === "talk" ? link.recordId : null,
      projectId: link.projectId,
      tokenHash: link.tokenHash,
      tokenPreview: link.tokenPreview,
      expiresAt: link.expiresAt,
      createdBy: link.createdBy,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** A record's links, newest first (at most 50: a link lives a day or so). */
export async function listLinks(db: Kysely<Database>, kind: "jha" | "talk", recordId: number): Promise<SignOnLinkRow[]> {
  return db
    .selectFrom("signOnLinks as l")
    .leftJoin("users as u", "u.id", "l.createdBy")
    .select(linkColumns)
    .where(kind === "jha" ? "l.jhaFormId" : "l.toolboxTalkId", "=", recordId)
    .orderBy("l.id", "desc")
    .limit(50)
    .execute();
}

export async function findLink(db: Kysely<Database>, id: number): Promise<SignOnLinkRow | undefined> {
  return db
    .selectFrom("signOnLinks as l")
    .leftJoin("users as u", "u.id", "l.createdBy")
    .select(linkColumns)
    .where("l.id", "=", id)
    .executeTakeFirst();
}

/** The link of a token's hash; `lock` takes its row lock (a signature counts against its rate in order). */
export async function findLinkByHash(db: Kysely<Database>, tokenHash: string, lock = false) {
  let query = db
    .selectFrom("signOnLinks as l")
    .leftJoin("users as u", "u.id", "l.createdBy")
    .select(linkColumns)
    .where("l.tokenHash", "=", tokenHash);
  if (lock) query = query.forUpdate("l");
  return query.executeTakeFirst();
}

/** Revokes a link still open; false when it was revoked already. */
export async function revokeLink(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db
    .updateTable("signOnLinks")
    .set({ revokedAt: sql`now()` })
    .where("id", "=", id)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Signatures made through a link since a time: its rate. */
export async function linkSignaturesSince(db: Kysely<Database>, linkId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom("crewSignatures")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("signOnLinkId", "=", linkId)
    .where("signedAt", ">=", since)
    .executeTakeFirstOrThrow();
  return row.n;
}

// ---- briefing coverage

/** A project's JHA forms submitted in [from, to) (UTC days), with their briefed content, at most 500. */
export async function jhasBetween(db: Kysely<Database>, projectId: number, from: string, to: string) {
  return db
    .selectFrom("jhaForms")
    .select(["id", "projectId", "title", "jobDescription", "hazards", "controlMeasures", "submittedAt"])
    .where("projectId", "=", projectId)
    .where("submittedAt", ">=", new Date(`${from}T00:00:00Z`))
    .where("submittedAt", "<", new Date(`${to}T00:00:00Z`))
    .orderBy("submittedAt")
    .orderBy("id")
    .limit(500)
    .execute();
}

/** Who signed which of these JHA forms, with the version they signed. */
export async function jhaSigners(db: Kysely<Database>, jhaFormIds: readonly number[]) {
  if (jhaFormIds.length === 0) return [];
  return db
    .selectFrom("crewSignatures")
    .select(["jhaFormId", "workerId", "recordVersion"])
    .where("jhaFormId", "in", [...jhaFormIds])
    .where("workerId", "is not", null)
    .execute();
}

/** The project's assigned workers who signed no talk of the project dated in [from, to). */
export async function assignedWithoutTalk(db: Kysely<Database>, projectId: number, from: string, to: string) {
  return db
    .selectFrom("projectWorkers as pw")
    .innerJoin("workers as w", "w.id", "pw.workerId")
    .select(["w.id as workerId", workerName("w").as("name")])
    .where("pw.projectId", "=", projectId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("crewSignatures as s")
            .innerJoin("toolboxTalks as k", "k.id", "s.toolboxTalkId")
            .select("s.id")
            .whereRef("s.workerId", "=", "w.id")
            .where("k.projectId", "=", projectId)
            .where("k.talkDate", ">=", from)
            .where("k.talkDate", "<", to),
        ),
      ),
    )
    .orderBy("w.lastName")
    .orderBy("w.firstName")
    .orderBy("w.id")
    .execute();
}
