import { describe, expect, it } from "vitest";
import { photoLimit } from "./photoLimits.js";
import { canAttachPhoto, canDeletePhoto, canSeePhotoRecord, formatBytes, keepLocationSchema, photoRecordSchema } from "./photos.js";
import type { Actor } from "./roles.js";

const admin: Actor = { userId: 1, role: "admin", workerId: null, position: null, assignedProjectIds: [] };
const manager: Actor = { userId: 2, role: "manager", workerId: 20, position: "Safety Manager", assignedProjectIds: [] };
/** Filed the record, on its project. */
const filer: Actor = { userId: 3, role: "worker", workerId: 30, position: "Carpenter", assignedProjectIds: [7] };
/** Same project, did not file it. */
const coWorker: Actor = { userId: 4, role: "worker", workerId: 40, position: "Laborer", assignedProjectIds: [7] };
/** Another project. */
const outsider: Actor = { userId: 5, role: "worker", workerId: 50, position: "Laborer", assignedProjectIds: [8] };

const record = { projectId: 7, ownerWorkerId: 30 };

describe("who may add photos to a record", () => {
  it("staff and the worker who filed it on their project; nobody else", () => {
    expect([admin, manager, filer, coWorker, outsider].map((a) => canAttachPhoto(a, record))).toEqual([true, true, true, false, false]);
    expect(canAttachPhoto(null, record)).toBe(false);
  });

  it("a filer moved off the project, or a record without a filer, is staff's only", () => {
    expect(canAttachPhoto({ ...filer, assignedProjectIds: [] }, record)).toBe(false);
    expect(canAttachPhoto(filer, { projectId: 7, ownerWorkerId: null })).toBe(false);
    expect(canAttachPhoto(manager, { projectId: 7, ownerWorkerId: null })).toBe(true);
  });
});

describe("who may delete a photo", () => {
  const byFiler = { uploadedBy: filer.userId };
  const byManager = { uploadedBy: manager.userId };
  it("staff delete any photo", () => {
    for (const photo of [byFiler, byManager, { uploadedBy: null }]) {
      expect(canDeletePhoto(admin, record, photo)).toBe(true);
      expect(canDeletePhoto(manager, record, photo)).toBe(true);
    }
  });

  it("a worker only their own upload, and only while the record is theirs", () => {
    expect(canDeletePhoto(filer, record, byFiler)).toBe(true);
    expect(canDeletePhoto(filer, record, byManager)).toBe(false);
    expect(canDeletePhoto(filer, { projectId: 7, ownerWorkerId: 40 }, byFiler)).toBe(false);
    expect(canDeletePhoto(coWorker, record, byFiler)).toBe(false);
    expect(canDeletePhoto(outsider, record, byFiler)).toBe(false);
    expect(canDeletePhoto(null, record, byFiler)).toBe(false);
  });
});

describe("inputs", () => {
  it("keepLocation is true only when asked for", () => {
    expect(["true", "1", "on", true].map((v) => keepLocationSchema.parse(v))).toEqual([true, true, true, true]);
    expect(["false", "0", "", "yes please", false, undefined].map((v) => keepLocationSchema.parse(v))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("a record reference is a kind and a positive id", () => {
    expect(photoRecordSchema.parse({ kind: "incident", id: "12" })).toEqual({ kind: "incident", id: 12 });
    expect(photoRecordSchema.safeParse({ kind: "permit", id: 1 }).success).toBe(false);
    expect(photoRecordSchema.safeParse({ kind: "jha", id: 0 }).success).toBe(false);
  });

  it("storage figures read like people write them", () => {
    expect([0, 1023, 1024, 350 * 1024, 10 * 1024 * 1024, 1.5 * 1024 ** 3].map(formatBytes)).toEqual([
      "0 B",
      "1023 B",
      "1 KB",
      "350 KB",
      "10.0 MB",
      "1.50 GB",
    ]);
  });
});

describe("a toolbox talk's group photo", () => {
  const talk = { kind: "talk" as const, projectId: 7, ownerWorkerId: 30 };
  const foreman: Actor = { userId: 6, role: "worker", workerId: 60, position: "Foreman", assignedProjectIds: [7] };
  const foremanElsewhere: Actor = { ...foreman, assignedProjectIds: [8] };

  it("follows the talk's edit rule: staff, its presenter, a crew lead of its project; not a crew member or another project", () => {
    expect([admin, manager, filer, foreman, coWorker, outsider, foremanElsewhere].map((a) => canAttachPhoto(a, talk))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it("is removed by whoever may edit the talk, whoever uploaded it", () => {
    const byManager = { uploadedBy: manager.userId };
    expect(canDeletePhoto(foreman, talk, byManager)).toBe(true);
    expect(canDeletePhoto(filer, talk, byManager)).toBe(true);
    expect(canDeletePhoto(coWorker, talk, { uploadedBy: coWorker.userId })).toBe(false);
  });

  it("is one per talk; other records keep ten", () => {
    expect([photoLimit("talk"), photoLimit("jha"), photoLimit("incident")]).toEqual([1, 10, 10]);
    expect(photoRecordSchema.parse({ kind: "talk", id: "3" })).toEqual({ kind: "talk", id: 3 });
  });
});

describe("a corrective action's photos of the fix", () => {
  /** Owned by the co-worker (a user, not a worker), on project 7. */
  const action = { kind: "correctiveAction" as const, projectId: 7, ownerWorkerId: null, ownerUserId: coWorker.userId };
  const ownerElsewhere: Actor = { ...coWorker, assignedProjectIds: [8] };

  it("are added by its owner and staff; not by another worker of the project", () => {
    expect([admin, manager, coWorker, filer, outsider].map((a) => canAttachPhoto(a, action))).toEqual([true, true, true, false, false]);
    expect(canAttachPhoto(ownerElsewhere, action)).toBe(true);
    expect(canAttachPhoto(coWorker, { ...action, ownerUserId: null })).toBe(false);
  });

  it("are seen by whoever sees the action: its project, and its owner even off the project", () => {
    expect([admin, manager, coWorker, filer, outsider, ownerElsewhere].map((a) => canSeePhotoRecord(a, action))).toEqual([
      true,
      true,
      true,
      true,
      false,
      true,
    ]);
    expect(canSeePhotoRecord(ownerElsewhere, { projectId: 7, ownerWorkerId: 40 })).toBe(false);
    expect(canSeePhotoRecord(null, action)).toBe(false);
  });

  it("are removed by staff, or by the owner who added them", () => {
    expect(canDeletePhoto(coWorker, action, { uploadedBy: coWorker.userId })).toBe(true);
    expect(canDeletePhoto(coWorker, action, { uploadedBy: manager.userId })).toBe(false);
    expect(canDeletePhoto(manager, action, { uploadedBy: coWorker.userId })).toBe(true);
    // Once the fix is up for verification or closed, its evidence stays, for staff too; a closed one takes no more.
    for (const actionStatus of ["awaiting_verification", "closed"]) {
      expect(canDeletePhoto(coWorker, { ...action, actionStatus }, { uploadedBy: coWorker.userId })).toBe(false);
      expect(canDeletePhoto(manager, { ...action, actionStatus }, { uploadedBy: coWorker.userId })).toBe(false);
    }
    expect(canAttachPhoto(coWorker, { ...action, actionStatus: "awaiting_verification" })).toBe(true);
    expect(canAttachPhoto(manager, { ...action, actionStatus: "closed" })).toBe(false);
    expect(photoLimit("correctiveAction")).toBe(10);
  });
});

describe("an inspection item's photos", () => {
  const staged = { kind: "inspectionItem" as const, projectId: null, ownerWorkerId: null, stagedBy: filer.userId };
  const attached = { kind: "inspectionItem" as const, projectId: 7, ownerWorkerId: null };

  it("staged: only the uploader sees or drops it, staff included", () => {
    expect([admin, manager, filer, coWorker, outsider].map((a) => canSeePhotoRecord(a, staged))).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
    expect([admin, manager, filer, coWorker].map((a) => canDeletePhoto(a, staged, { uploadedBy: filer.userId }))).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  it("attached: whoever sees the inspection's project sees it; nobody adds or removes one afterwards", () => {
    expect([admin, manager, filer, coWorker, outsider].map((a) => canSeePhotoRecord(a, attached))).toEqual([true, true, true, true, false]);
    expect([admin, manager, filer].map((a) => canAttachPhoto(a, attached))).toEqual([false, false, false]);
    expect([admin, manager, filer].map((a) => canDeletePhoto(a, attached, { uploadedBy: filer.userId }))).toEqual([false, false, false]);
    expect(photoLimit("inspectionItem")).toBe(5);
  });

  it("attached: the owner of the action its failure raised sees it too, off the project; nobody else off it", () => {
    const withOwner = { ...attached, actionOwnerUserIds: [outsider.userId] };
    expect([admin, filer, coWorker, outsider].map((a) => canSeePhotoRecord(a, withOwner))).toEqual([true, true, true, true]);
    const other: Actor = { ...outsider, userId: outsider.userId + 1000 };
    expect(canSeePhotoRecord(other, withOwner)).toBe(false);
  });
});
