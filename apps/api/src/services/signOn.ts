import { createHash } from "node:crypto";
import { audit, classifyDbError, type Database, jha, permits, signOn, talks } from "@sitesafe/db";
import {
  type Actor,
  ALREADY_SIGNED,
  AppError,
  badRequest,
  type CrewSignature,
  canSeeProject,
  conflict,
  decideSignOn,
  forbidden,
  jhaSignedContent,
  notFound,
  permitSignedContent,
  pngSize,
  recordOpenForSignOn,
  SIGNATURE_BAD_SIZE,
  SIGNATURE_MAX_BYTES,
  SIGNATURE_MAX_HEIGHT,
  SIGNATURE_MAX_WIDTH,
  SIGNATURE_NOT_PNG,
  SIGNATURE_TOO_LARGE,
  SIGNER_NOT_ON_PROJECT,
  type SignOnRecordFacts,
  type SignOnRecordRef,
  type SignOnStatus,
  type SignOnValues,
  signatureBase64,
  signOnCoverage,
  talkSignedContent,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { ServiceContext } from "./context.js";
import { assertSeesProject } from "./forms.js";

/**
 * Crew sign-on on JHA forms and hot work permits (issue #34): who sees a record's roster, who
 * signs for whom (`decideSignOn` in packages/domain/src/signOn.ts), the signature's bytes checked
 * before anything is stored, and each signature with its audit row in one transaction.
 */

/** The SHA-256 of a record's briefed content: the version a signature names. */
export function contentVersion(content: string): string {
  return createHash("sha256").update(content).digest("hex");
}

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
    const talk = await talks.findTalk(db, ref.id);
    if (!talk) throw notFound("Toolbox talk");
    assertSeesProject(actor, talk.projectId);
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
