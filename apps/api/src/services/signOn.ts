import { createHash, randomBytes } from "node:crypto";
import { audit, classifyDbError, type Database, jha, permits, projects, signOn, talks } from "@sitesafe/db";
import {
  type Actor,
  ALREADY_SIGNED,
  AppError,
  addDays,
  type BriefingCoverage,
  badRequest,
  COVERAGE_COLUMNS,
  type CrewSignature,
  canCollectSignOn,
  canSeeProject,
  conflict,
  coveragePercent,
  csvLine,
  decideSignOn,
  forbidden,
  jhaSignedContent,
  LINK_EXPIRED,
  LINK_REVOKED,
  LINK_TOO_MANY,
  linkExpiryProblem,
  notFound,
  type PublicSignOnView,
  permitSignedContent,
  pngSize,
  recordOpenForSignOn,
  SIGN_ON_LINK_PER_MINUTE,
  SIGNATURE_BAD_SIZE,
  SIGNATURE_MAX_BYTES,
  SIGNATURE_MAX_HEIGHT,
  SIGNATURE_MAX_WIDTH,
  SIGNATURE_NOT_PNG,
  SIGNATURE_TOO_LARGE,
  SIGNER_NOT_ON_PROJECT,
  type SignOnLinkKind,
  type SignOnRecordFacts,
  type SignOnRecordRef,
  type SignOnStatus,
  type SignOnValues,
  signatureBase64,
  signOnCoverage,
  talkSignedContent,
  weekStartOf,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";
import { assertCan, type Context } from "../context.js";
import type { ServiceContext } from "./context.js";
import { assertSeesProject } from "./forms.js";
import { contentVersion } from "./signedContent.js";
import { visibleTalk } from "./talks.js";

/**
 * Crew sign-on on JHA forms and hot work permits (issue #34): who sees a record's roster, who
 * signs for whom (`decideSignOn` in packages/domain/src/signOn.ts), the signature's bytes checked
 * before anything is stored, and each signature with its audit row in one transaction.
 */

interface SignOnRecord {
  facts: SignOnRecordFacts;
  version: string;
}

/** The record, after the checks every sign-on call shares: it exists (404) and the caller sees its project (403). */
async function visibleRecord(db: Kysely<Database>, actor: Actor, ref: SignOnRecordRef): Promise<SignOnRecord> {
  if (ref.kind === "jha") {
    const form = await jha.findJhaForm(db, ref.id);
    if (!form) throw notFound("JHA form");
    assertSeesProject(actor, form.projectId);
    return {
      facts: { kind: "jha", projectId: form.projectId, ownerWorkerId: form.submittedBy, status: null },
      version: contentVersion(jhaSignedContent(form)),
    };
  }
  if (ref.kind === "talk") {
    const talk = await visibleTalk(db, actor, ref.id);
    return {
      facts: { kind: "talk", projectId: talk.projectId, ownerWorkerId: talk.presenterWorkerId, status: null },
      version: contentVersion(talkSignedContent(talk)),
    };
  }
  const permit = await permits.findPermitDetail(db, ref.id);
  if (!permit) throw notFound("Hot work permit");
  if (!canSeeProject(actor, permit.projectId)) throw forbidden("You can only view permits for projects you're assigned to");
  return {
    facts: { kind: "permit", projectId: permit.projectId, ownerWorkerId: permit.requestedBy, status: permit.status },
    version: contentVersion(permitSignedContent(permit)),
  };
}

/** The record exists and the caller sees its project: 404 or 403 otherwise. */
export async function assertSeesRecord(ctx: ServiceContext, ref: SignOnRecordRef): Promise<void> {
  await visibleRecord(ctx.db, ctx.actor, ref);
}

function asSignature(row: signOn.SignatureRow, currentVersion: string): CrewSignature {
  return { ...row, current: row.recordVersion === currentVersion };
}

/** "Signed by N of M assigned", who is missing, and every signature with whether it names the current version. */
export async function status(ctx: ServiceContext, ref: SignOnRecordRef): Promise<SignOnStatus> {
  const record = await visibleRecord(ctx.db, ctx.actor, ref);
  const [assigned, rows] = await Promise.all([
    signOn.assignedWorkers(ctx.db, record.facts.projectId),
    signOn.listSignatures(ctx.db, ref.kind, ref.id),
  ]);
  const signatures = rows.map((row) => asSignature(row, record.version));
  return {
    kind: ref.kind,
    recordId: ref.id,
    projectId: record.facts.projectId,
    version: record.version,
    open: recordOpenForSignOn(record.facts),
    assigned,
    assignedCount: assigned.length,
    ...signOnCoverage(assigned, signatures),
    signatures,
  };
}

/** The PNG from the request: base64 (or a data URL), at most SIGNATURE_MAX_BYTES, a PNG by its bytes, within the size bounds. */
export function signatureBytes(text: string): Uint8Array {
  const base64 = signatureBase64(text);
  if (base64 === null) throw new AppError("UNSUPPORTED_MEDIA_TYPE", SIGNATURE_NOT_PNG);
  // The decoded size from the text's length, before decoding.
  if (Math.floor((base64.length * 3) / 4) - (base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0) > SIGNATURE_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", SIGNATURE_TOO_LARGE);
  }
  const bytes = new Uint8Array(Buffer.from(base64, "base64"));
  const size = pngSize(bytes);
  if (!size) throw new AppError("UNSUPPORTED_MEDIA_TYPE", SIGNATURE_NOT_PNG);
  if (size.width < 1 || size.height < 1 || size.width > SIGNATURE_MAX_WIDTH || size.height > SIGNATURE_MAX_HEIGHT) {
    throw badRequest(SIGNATURE_BAD_SIZE, [{ path: "signature", message: SIGNATURE_BAD_SIZE }]);
  }
  return bytes;
}

/**
 * One signature. The permission comes first (the record, then who signs for whom), then the
 * signer (an assigned worker, the caller, or a named guest), then the bytes. The version stored is
 * the one the signer read (`recordVersion`): a signature queued offline while the record was
 * edited shows as "signed an earlier version", which is what happened.
 */
export async function sign(ctx: ServiceContext, input: SignOnValues): Promise<CrewSignature> {
  const ref = { kind: input.kind, id: input.id };
  const record = await visibleRecord(ctx.db, ctx.actor, ref);
  const signer = input.workerId != null ? { workerId: input.workerId } : input.guestName ? ({ guest: true } as const) : null;
  const decision = decideSignOn(ctx.actor, record.facts, signer);
  if (!decision.allowed) {
    if (decision.reason === "role") throw forbidden(decision.message);
    if (decision.reason === "state") throw conflict(decision.message);
    throw badRequest(decision.message, [{ path: "workerId", message: decision.message }]);
  }
  let person: { workerId: number | null; name: string; company: string | null };
  if (signer !== null && "guest" in signer) {
    person = { workerId: null, name: input.guestName ?? "", company: input.guestCompany };
  } else {
    const workerId = signer?.workerId ?? ctx.actor.workerId;
    const found = workerId === null ? undefined : await signOn.workerSigner(ctx.db, record.facts.projectId, workerId);
    // Someone signing for themself who sees the project may sign (staff need not be assigned);
    // a collector names only workers assigned to the record's project.
    if (!found || (decision.via === "device" && found.assignmentId === null)) {
      throw badRequest(SIGNER_NOT_ON_PROJECT, [{ path: "workerId", message: SIGNER_NOT_ON_PROJECT }]);
    }
    person = { workerId: found.workerId, name: found.name, company: found.company };
  }
  const png = signatureBytes(input.signature);
  const entity = ref.kind;
  try {
    const id = await ctx.db.transaction().execute(async (trx) => {
      if (person.workerId !== null && (await signOn.hasSigned(trx, ref.kind, ref.id, person.workerId, input.recordVersion))) {
        throw conflict(ALREADY_SIGNED);
      }
      const id = await signOn.insertSignature(trx, {
        kind: ref.kind,
        recordId: ref.id,
        projectId: record.facts.projectId,
        workerId: person.workerId,
        signerName: person.name,
        signerCompany: person.company,
        via: decision.via,
        collectedBy: decision.via === "device" ? ctx.actor.userId : null,
        device: input.device,
        recordVersion: input.recordVersion,
        signaturePng: png,
      });
      await audit.recordAudit(trx, {
        actor: ctx.actor,
        entity,
        entityId: ref.id,
        action: "signed",
        details: { signatureId: id, signer: person.name, workerId: person.workerId, via: decision.via, recordVersion: input.recordVersion },
      });
      return id;
    });
    const rows = await signOn.listSignatures(ctx.db, ref.kind, ref.id);
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound("Signature");
    return asSignature(row, record.version);
  } catch (error) {
    // Two devices signing the same worker onto the same version at once: the unique index decides.
    if (classifyDbError(error)?.kind === "unique") throw conflict(ALREADY_SIGNED);
    throw error;
  }
}

/** One signature's image, for whoever sees its record. */
export async function signatureImage(ctx: ServiceContext, id: number) {
  const row = await signOn.findSignatureImage(ctx.db, id);
  if (!row) throw notFound("Signature");
  await visibleRecord(
    ctx.db,
    ctx.actor,
    row.jhaFormId !== null
      ? { kind: "jha", id: row.jhaFormId }
      : row.toolboxTalkId !== null
        ? { kind: "talk", id: row.toolboxTalkId }
        : { kind: "permit", id: row.hotWorkPermitId ?? 0 },
  );
  return {
    id: row.id,
    contentType: "image/png" as const,
    dataUrl: `data:image/png;base64,${Buffer.from(row.signaturePng).toString("base64")}`,
  };
}

// ---- public sign-on links: a QR code or short link for people without the app

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The record of a link, as a collector of it must see it: 404/403 otherwise, and 403 for someone who does not collect. */
async function collectedRecord(ctx: ServiceContext, ref: { kind: SignOnLinkKind; id: number }) {
  const record = await visibleRecord(ctx.db, ctx.actor, ref);
  if (!canCollectSignOn(ctx.actor, record.facts))
    throw forbidden("Only whoever collects this record's sign-on can manage its sign-on links");
  return record;
}

function linkAnswer(row: signOn.SignOnLinkRow, now: Date) {
  const state = row.revokedAt ? "revoked" : row.expiresAt.getTime() <= now.getTime() ? "expired" : "active";
  return {
    id: row.id,
    kind: (row.jhaFormId !== null ? "jha" : "talk") as SignOnLinkKind,
    recordId: row.jhaFormId ?? row.toolboxTalkId ?? 0,
    tokenPreview: row.tokenPreview,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    state,
    createdByName: row.createdByName,
    createdAt: row.createdAt,
  };
}

/** A new link: 192 random bits, only their SHA-256 stored; the token is answered this once. */
export async function createLink(ctx: ServiceContext, input: { kind: SignOnLinkKind; id: number; expiresAt: Date }) {
  const record = await collectedRecord(ctx, input);
  const now = new Date();
  const problem = linkExpiryProblem(input.expiresAt, now);
  if (problem) throw badRequest(problem, [{ path: "expiresAt", message: problem }]);
  const token = randomBytes(24).toString("base64url");
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await signOn.insertLink(trx, {
      kind: input.kind,
      recordId: input.id,
      projectId: record.facts.projectId,
      tokenHash: hashToken(token),
      tokenPreview: `${token.slice(0, 4)}...`,
      expiresAt: input.expiresAt,
      createdBy: ctx.actor.userId,
    });
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: input.kind,
      entityId: input.id,
      action: "sign-on link created",
      details: { linkId: id, expiresAt: input.expiresAt.toISOString() },
    });
    return id;
  });
  const row = await signOn.findLink(ctx.db, id);
  if (!row) throw notFound("Sign-on link");
  return { ...linkAnswer(row, now), token, path: `/s/${token}` };
}

export async function links(ctx: ServiceContext, ref: { kind: SignOnLinkKind; id: number }) {
  await collectedRecord(ctx, ref);
  const now = new Date();
  return (await signOn.listLinks(ctx.db, ref.kind, ref.id)).map((row) => linkAnswer(row, now));
}

/** Revokes a link at once: the next request through it is refused. */
export async function revokeLink(ctx: ServiceContext, id: number) {
  const row = await signOn.findLink(ctx.db, id);
  if (!row) throw notFound("Sign-on link");
  const answer = linkAnswer(row, new Date());
  await collectedRecord(ctx, { kind: answer.kind, id: answer.recordId });
  await ctx.db.transaction().execute(async (trx) => {
    if (await signOn.revokeLink(trx, id)) {
      await audit.recordAudit(trx, {
        actor: ctx.actor,
        entity: answer.kind,
        entityId: answer.recordId,
        action: "sign-on link revoked",
        details: { linkId: id },
      });
    }
  });
  return { success: true };
}

/** The link of a token, usable now: 404 unknown, 409 revoked or expired. */
async function usableLink(db: Kysely<Database>, token: string, lock = false) {
  const row = await signOn.findLinkByHash(db, hashToken(token), lock);
  if (!row) throw notFound("Sign-on link");
  if (row.revokedAt) throw conflict(LINK_REVOKED);
  if (row.expiresAt.getTime() <= Date.now()) throw conflict(LINK_EXPIRED);
  return row;
}

/** What the public page shows: the briefing of the link's record, and nothing else. */
export async function publicView(ctx: Context, token: string): Promise<PublicSignOnView> {
  const link = await usableLink(ctx.db, token);
  if (link.jhaFormId !== null) {
    const form = await jha.findJhaForm(ctx.db, link.jhaFormId);
    if (!form) throw notFound("Sign-on link");
    return {
      kind: "jha",
      title: form.title,
      text: form.jobDescription,
      hazards: form.hazards,
      controls: form.controlMeasures,
      date: null,
      version: contentVersion(jhaSignedContent(form)),
      expiresAt: link.expiresAt,
    };
  }
  const talk = await talks.findTalk(ctx.db, link.toolboxTalkId ?? 0);
  if (!talk) throw notFound("Sign-on link");
  return {
    kind: "talk",
    title: talk.title,
    text: talk.content,
    hazards: [],
    controls: [],
    date: talk.talkDate,
    version: contentVersion(talkSignedContent(talk)),
    expiresAt: link.expiresAt,
  };
}

/**
 * A signature through a link: the link must be usable (checked again under its row lock, so a
 * revocation is final at once and the rate counts every signature in order), at most
 * SIGN_ON_LINK_PER_MINUTE a minute, the bytes checked as any signature's. It is marked `via: "link"`
 * and names the link; its audit row has no actor.
 */
export async function publicSign(
  ctx: Context,
  input: { token: string; guestName: string; guestCompany: string; signature: string; recordVersion: string; device: string | null },
) {
  await usableLink(ctx.db, input.token);
  const png = signatureBytes(input.signature);
  await ctx.db.transaction().execute(async (trx) => {
    const link = await usableLink(trx, input.token, true);
    if ((await signOn.linkSignaturesSince(trx, link.id, new Date(Date.now() - 60_000))) >= SIGN_ON_LINK_PER_MINUTE) {
      throw new AppError("TOO_MANY_REQUESTS", LINK_TOO_MANY);
    }
    const kind = link.jhaFormId !== null ? "jha" : "talk";
    const recordId = link.jhaFormId ?? link.toolboxTalkId ?? 0;
    const id = await signOn.insertSignature(trx, {
      kind,
      recordId,
      projectId: link.projectId,
      workerId: null,
      signerName: input.guestName,
      signerCompany: input.guestCompany,
      via: "link",
      collectedBy: null,
      device: input.device,
      recordVersion: input.recordVersion,
      signaturePng: png,
      signOnLinkId: link.id,
    });
    await audit.recordAudit(trx, {
      actor: null,
      entity: kind,
      entityId: recordId,
      action: "signed",
      details: {
        signatureId: id,
        signer: input.guestName,
        workerId: null,
        via: "link",
        linkId: link.id,
        recordVersion: input.recordVersion,
      },
    });
  });
  return { signed: true as const, name: input.guestName };
}

// ---- briefing coverage (staff): how many assigned workers signed each day's JHA, who attended no talk this month

export async function coverage(ctx: ServiceContext, input: { projectId: number; weekOf?: string | undefined }): Promise<BriefingCoverage> {
  assertCan(ctx.actor, "signOn.coverage", { projectId: input.projectId });
  if (!(await projects.projectExists(ctx.db, input.projectId))) throw notFound("Project");
  const weekStart = weekStartOf(input.weekOf ?? new Date().toISOString().slice(0, 10));
  const weekEnd = addDays(weekStart, 7);
  const month = weekStart.slice(0, 7);
  const monthStart = `${month}-01`;
  const next = new Date(`${monthStart}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const monthEnd = next.toISOString().slice(0, 10);
  const [assigned, forms, talkCount, noTalk] = await Promise.all([
    signOn.assignedWorkers(ctx.db, input.projectId),
    signOn.jhasBetween(ctx.db, input.projectId, weekStart, weekEnd),
    talks.talkCountBetween(ctx.db, input.projectId, weekStart, weekEnd),
    signOn.assignedWithoutTalk(ctx.db, input.projectId, monthStart, monthEnd),
  ]);
  const signers = await signOn.jhaSigners(
    ctx.db,
    forms.map((f) => f.id),
  );
  const assignedIds = new Set(assigned.map((w) => w.workerId));
  const versions = new Map(forms.map((f) => [f.id, contentVersion(jhaSignedContent(f))]));
  const currentSigners = new Map<number, Set<number>>();
  for (const row of signers) {
    if (row.jhaFormId === null || row.workerId === null || !assignedIds.has(row.workerId)) continue;
    if (versions.get(row.jhaFormId) !== row.recordVersion) continue;
    const set = currentSigners.get(row.jhaFormId) ?? new Set<number>();
    set.add(row.workerId);
    currentSigners.set(row.jhaFormId, set);
  }
  const days = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(weekStart, i);
    const ofDay = forms.filter((f) => f.submittedAt.toISOString().slice(0, 10) === date);
    const signed = new Set<number>();
    for (const f of ofDay) for (const w of currentSigners.get(f.id) ?? []) signed.add(w);
    return {
      date,
      jhas: ofDay.map((f) => ({ id: f.id, title: f.title, signedCount: currentSigners.get(f.id)?.size ?? 0 })),
      signedCount: signed.size,
    };
  });
  return {
    projectId: input.projectId,
    weekStart,
    weekEnd: addDays(weekStart, 6),
    assignedCount: assigned.length,
    days,
    talkCount,
    month,
    noTalkThisMonth: noTalk,
  };
}

/** The week's coverage as CSV, one row per day with the month's workers without a talk, through the domain's one CSV cell writer. */
export async function coverageCsv(ctx: ServiceContext, input: { projectId: number; weekOf?: string | undefined }) {
  const report = await coverage(ctx, input);
  const noTalk = report.noTalkThisMonth.map((w) => w.name).join("; ");
  const lines = [
    csvLine(COVERAGE_COLUMNS),
    ...report.days.map((d) =>
      csvLine([
        report.projectId,
        d.date,
        d.jhas.length,
        report.assignedCount,
        d.signedCount,
        coveragePercent(d.signedCount, report.assignedCount),
        report.month,
        noTalk,
      ]),
    ),
  ];
  return { fileName: `briefing-coverage-${report.projectId}-${report.weekStart}.csv`, csv: `\ufeff${lines.join("\r\n")}\r\n` };
}
