import { describe, expect, it } from "vitest";
import {
  type Action,
  can,
  canDeleteJhaComment,
  canEditJhaComment,
  canReadWorker,
  canReadWorkerProgress,
  canSeeJhaComment,
  canSeeProject,
  canSeeWorkerContact,
  canWriteWorkerProgress,
  PERMIT_REQUESTER_CONTACT_FIELDS,
  withWorkerContactFor,
} from "./policy.js";
import { type Actor, readableProjectIds } from "./roles.js";

const admin: Actor = { userId: 1, role: "admin", workerId: null, position: null, assignedProjectIds: [] };
const manager: Actor = { userId: 2, role: "manager", workerId: 20, position: "Safety Manager", assignedProjectIds: [] };
const worker: Actor = { userId: 3, role: "worker", workerId: 30, position: "Carpenter", assignedProjectIds: [7] };
const safetyAdminWorker: Actor = { userId: 4, role: "worker", workerId: 40, position: "Safety Administrator", assignedProjectIds: [] };

/** docs/product.md, row by row: [action, admin, manager, worker]. */
const table: Array<[Action, boolean, boolean, boolean]> = [
  ["project.list", true, true, true],
  ["project.create", true, true, false],
  ["project.update", true, true, false],
  ["project.delete", true, true, false],
  ["project.manageWorkers", true, true, false],
  ["safetyPlan.upload", true, true, false],
  ["safetyPlan.delete", true, true, false],
  ["worker.list", true, true, false],
  ["worker.create", true, true, false],
  ["worker.update", true, true, false],
  ["worker.delete", true, true, false],
  ["manager.create", true, false, false],
  ["user.manage", true, false, false],
  ["inviteToken.manage", true, true, false],
  ["inviteToken.page", true, false, false],
  ["password.change", true, true, true],
  ["jha.update", true, true, false],
  ["jha.delete", true, false, false],
  ["video.manage", true, true, false],
  ["comment.create", false, false, true],
  ["comment.viewAll", true, true, false],
];

describe("can(): the permission table", () => {
  it.each(table)("%s: admin %s, manager %s, worker %s", (action, forAdmin, forManager, forWorker) => {
    expect(can(admin, action)).toBe(forAdmin);
    expect(can(manager, action)).toBe(forManager);
    expect(can(worker, action)).toBe(forWorker);
  });

  it("refuses everything to nobody", () => {
    for (const [action] of table) expect(can(null, action)).toBe(false);
  });

  it("lets a worker edit and delete only incident reports they reported, on a project they can see", () => {
    for (const action of ["incident.update", "incident.delete"] as const) {
      expect(can(admin, action, { projectId: 9, ownerWorkerId: 99 })).toBe(true);
      expect(can(manager, action, { projectId: 9, ownerWorkerId: 99 })).toBe(true);
      expect(can(worker, action, { projectId: 7, ownerWorkerId: 30 })).toBe(true);
      expect(can(worker, action, { projectId: 7, ownerWorkerId: 31 })).toBe(false);
      expect(can(worker, action, { projectId: 8, ownerWorkerId: 30 })).toBe(false);
      expect(can(worker, action, { projectId: 7, ownerWorkerId: null })).toBe(false);
    }
  });

  it("lets staff and the Safety Administrator / Safety Manager positions add training modules", () => {
    expect(can(admin, "trainingModule.create")).toBe(true);
    expect(can(manager, "trainingModule.create")).toBe(true);
    expect(can(safetyAdminWorker, "trainingModule.create")).toBe(true);
    expect(can({ ...worker, position: "Safety Manager" }, "trainingModule.create")).toBe(true);
    expect(can(worker, "trainingModule.create")).toBe(false);
  });
});

describe("record scoping", () => {
  it("workers see only the projects they are assigned to; staff see all", () => {
    expect(canSeeProject(worker, 7)).toBe(true);
    expect(canSeeProject(worker, 8)).toBe(false);
    expect(canSeeProject(worker, null)).toBe(false);
    expect(canSeeProject(manager, 8)).toBe(true);
    expect(canSeeProject(admin, 123)).toBe(true);
    expect(canSeeProject(null, 7)).toBe(false);
  });

  it("training and video progress: read own or as staff, write own only", () => {
    expect(canReadWorkerProgress(worker, 30)).toBe(true);
    expect(canReadWorkerProgress(worker, 31)).toBe(false);
    expect(canReadWorkerProgress(manager, 31)).toBe(true);
    expect(canWriteWorkerProgress(worker, 30)).toBe(true);
    expect(canWriteWorkerProgress(worker, 31)).toBe(false);
    expect(canWriteWorkerProgress(admin, 31)).toBe(false);
    expect(canWriteWorkerProgress(manager, 20)).toBe(true);
  });

  it("a worker reads their own worker profile only", () => {
    expect(canReadWorker(worker, 30)).toBe(true);
    expect(canReadWorker(worker, 31)).toBe(false);
    expect(canReadWorker(admin, 31)).toBe(true);
  });

  it("private JHA comments: staff and the author; edit own; delete own or as admin", () => {
    const privateByOther = { visibility: "private" as const, userId: 99 };
    const privateByWorker = { visibility: "private" as const, userId: 3 };
    expect(canSeeJhaComment(worker, privateByOther)).toBe(false);
    expect(canSeeJhaComment(worker, privateByWorker)).toBe(true);
    expect(canSeeJhaComment(worker, { visibility: "public", userId: 99 })).toBe(true);
    expect(canSeeJhaComment(manager, privateByOther)).toBe(true);
    expect(canEditJhaComment(worker, privateByWorker)).toBe(true);
    expect(canEditJhaComment(admin, privateByWorker)).toBe(false);
    expect(canDeleteJhaComment(admin, privateByWorker)).toBe(true);
    expect(canDeleteJhaComment(manager, privateByWorker)).toBe(false);
  });
});

describe("readableProjectIds", () => {
  it("is every project (undefined) for staff and only the assigned ones for a worker", () => {
    expect(readableProjectIds(admin)).toBeUndefined();
    expect(readableProjectIds(manager)).toBeUndefined();
    expect(readableProjectIds(worker)).toEqual([7]);
    expect(readableProjectIds(safetyAdminWorker)).toEqual([]);
  });
});

describe("workers' contact details (issue #30, M5)", () => {
  it("staff and the worker themself see them; a co-worker and the signed-out do not", () => {
    expect(canSeeWorkerContact(admin, 30)).toBe(true);
    expect(canSeeWorkerContact(manager, 30)).toBe(true);
    expect(canSeeWorkerContact(worker, 30)).toBe(true);
    expect(canSeeWorkerContact(worker, 31)).toBe(false);
    expect(canSeeWorkerContact(worker, null)).toBe(false);
    expect(canSeeWorkerContact(null, 30)).toBe(false);
  });

  it("withWorkerContactFor drops the contact fields for a co-worker and keeps everything else", () => {
    const permit = {
      id: 5,
      requestedBy: 31,
      requesterName: "Otto Other",
      requesterEmail: "o@x.example",
      requesterCompany: "Acme",
      requesterHardhatNumber: "HH-1",
    };
    expect(withWorkerContactFor(worker, permit.requestedBy, permit, PERMIT_REQUESTER_CONTACT_FIELDS)).toEqual({
      id: 5,
      requestedBy: 31,
      requesterName: "Otto Other",
    });
    expect(withWorkerContactFor(manager, permit.requestedBy, permit, PERMIT_REQUESTER_CONTACT_FIELDS)).toEqual(permit);
    expect(withWorkerContactFor({ ...worker, workerId: 31 }, permit.requestedBy, permit, PERMIT_REQUESTER_CONTACT_FIELDS)).toEqual(permit);
  });
});
