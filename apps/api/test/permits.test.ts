import { HOT_WORK_PRECAUTIONS } from "@sitesafe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
/** Requester of most permits below, assigned to project A. */
let workerA: TestUser;
/** Another worker on project A: sees A's permits but did not request them. */
let workerA2: TestUser;
/** A worker on project B only. */
let workerB: TestUser;
/** A worker with no assignment at all. */
let workerNone: TestUser;
let projectA: number;
let projectB: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: "admin", firstName: "Ada", lastName: "Admin" });
  manager = await t.createUser({ role: "manager", firstName: "Max", lastName: "Manager" });
  workerA = await t.createUser({ role: "worker", firstName: "Wendy", lastName: "Welder" });
  workerA2 = await t.createUser({ role: "worker", firstName: "Otto", lastName: "Other" });
  workerB = await t.createUser({ role: "worker", firstName: "Bea", lastName: "Builder" });
  workerNone = await t.createUser({ role: "worker", firstName: "Nora", lastName: "Nobody" });
  projectA = await t.createProject({ name: "Harbor Tower" });
  projectB = await t.createProject({ name: "Elm Street School" });
  await t.assign(workerA.workerId as number, projectA);
  await t.assign(workerA2.workerId as number, projectA);
  await t.assign(workerB.workerId as number, projectB);
});
afterAll(() => t.close());

const URL = "/api/hot-work-permits";

function permitBody(overrides: Record<string, unknown> = {}) {
  return {
    projectId: projectA,
    title: "Weld stair stringers",
    location: "Level 2, east stair",
    workDescription: "Welding new steel stringers to the landing beams.",
    startDate: "2026-03-02T08:00:00.000Z",
    endDate: "2026-03-02T16:00:00.000Z",
    precautions: [HOT_WORK_PRECAUTIONS[0], HOT_WORK_PRECAUTIONS[2]],
    equipmentUsed: ["Welding equipment", "Other: Plasma cutter"],
    fireWatchRequired: true,
    fireWatchBy: "Sam Watch",
    requestedBy: workerA.workerId,
    ...overrides,
  };
}

async function createPermit(as: TestUser, overrides: Record<string, unknown> = {}) {
  const res = await t.request({ method: "POST", url: URL, payload: permitBody(overrides), as });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string; requestedBy: number | null; [key: string]: unknown };
}

const approve = (id: number, as: TestUser | null) => t.request({ method: "PUT", url: `${URL}/${id}/approve`, as });
const reject = (id: number, as: TestUser | null, rejectionReason: unknown = "No fire watch available on Saturday") =>
  t.request({ method: "PUT", url: `${URL}/${id}/reject`, payload: { rejectionReason }, as });
const close = (id: number, as: TestUser | null, closingNotes?: string) =>
  t.request({ method: "PUT", url: `${URL}/${id}/close`, payload: closingNotes === undefined ? {} : { closingNotes }, as });

describe("signed out", () => {
  it("answers 401 on every route", async () => {
    const routes: [string, string][] = [
      ["GET", URL],
      ["POST", URL],
      ["GET", `${URL}/1`],
      ["PUT", `${URL}/1`],
      ["DELETE", `${URL}/1`],
      ["PUT", `${URL}/1/approve`],
      ["PUT", `${URL}/1/reject`],
      ["PUT", `${URL}/1/close`],
    ];
    for (const [method, url] of routes) {
      const res = await t.request({ method: method as "GET", url, payload: method === "GET" || method === "DELETE" ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: "Not signed in" });
    }
  });
});

describe("requesting a permit", () => {
  it("a worker requests a pending permit as themself, whatever requester was sent", async () => {
    const permit = await createPermit(workerA, { requestedBy: workerB.workerId });
    expect(permit).toMatchObject({
      status: "pending",
      requestedBy: workerA.workerId,
      requesterName: "Wendy Welder",
      projectName: "Harbor Tower",
      fireWatchRequired: true,
      fireWatchBy: "Sam Watch",
      equipmentUsed: ["Welding equipment", "Other: Plasma cutter"],
      startDate: "2026-03-02T08:00:00.000Z",
      approvedBy: null,
      approvedAt: null,
    });
    expect(permit.history).toMatchObject([{ action: "requested", toState: "pending", actorUserId: workerA.id, actorName: "Wendy Welder" }]);
  });

  it("refuses a worker's request for a project they are not assigned to", async () => {
    const res = await t.request({ method: "POST", url: URL, payload: permitBody({ projectId: projectB }), as: workerA });
    expect(res.statusCode).toBe(403);
  });

  it("staff request on behalf of a worker that exists", async () => {
    const permit = await createPermit(manager, { requestedBy: workerB.workerId, projectId: projectB });
    expect(permit).toMatchObject({ requestedBy: workerB.workerId, requesterName: "Bea Builder", projectName: "Elm Street School" });
    expect((permit.history as { actorUserId: number }[])[0]?.actorUserId).toBe(manager.id);
  });

  it("refuses a requester or project that does not exist", async () => {
    const noWorker = await t.request({ method: "POST", url: URL, payload: permitBody({ requestedBy: 999_999 }), as: admin });
    expect(noWorker.statusCode).toBe(400);
    expect(noWorker.json().message).toBe("The selected requester does not exist");
    const noProject = await t.request({ method: "POST", url: URL, payload: permitBody({ projectId: 999_999 }), as: admin });
    expect(noProject.statusCode).toBe(400);
    expect(noProject.json().message).toBe("Please select a valid project");
  });

  it("ignores a status or approval sent with the form (no mass assignment)", async () => {
    const permit = await createPermit(manager, { status: "approved", approvedBy: admin.id, approvedAt: "2026-01-01T00:00:00Z" });
    expect(permit).toMatchObject({ status: "pending", approvedBy: null, approvedAt: null });
  });

  it("clears the fire watch name when no fire watch is required", async () => {
    const permit = await createPermit(workerA, { fireWatchRequired: false, fireWatchBy: "Someone" });
    expect(permit).toMatchObject({ fireWatchRequired: false, fireWatchBy: null });
  });

  it.each([
    [{ projectId: 0 }, "Please select a project"],
    [{ title: "Weld" }, "Title must be at least 5 characters"],
    [{ title: "x".repeat(101) }, "Title must not exceed 100 characters"],
    [{ location: "L2" }, "Location must be at least 3 characters"],
    [{ workDescription: "Too short" }, "Work description must be at least 10 characters"],
    [{ startDate: "" }, "Start date is required"],
    [{ startDate: "yesterday-ish" }, "Please enter a valid date"],
    [{ endDate: undefined }, "End date is required"],
    [{ endDate: "2026-03-02T07:59:00.000Z" }, "End date must be on or after the start date"],
    [{ endDate: "2026-03-02T08:00:00.000Z" }, "End time must be after the start time: a permit cannot last zero minutes"],
    [{ precautions: [] }, "At least one safety precaution must be selected"],
    [{ equipmentUsed: [] }, "At least one piece of equipment must be specified"],
    [{ equipmentUsed: ["Other: "] }, "Please specify the other equipment"],
    [{ requestedBy: 0 }, "Requester information is required"],
  ])("answers 400 with the product's message (%o)", async (change, message) => {
    const res = await t.request({ method: "POST", url: URL, payload: permitBody(change), as: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues[0].message).toBe(message);
  });

  it("refuses a zero-length permit on edit too, and accepts one minute", async () => {
    const permit = await createPermit(manager);
    const same = await t.request({
      method: "PUT",
      url: `${URL}/${permit.id}`,
      payload: permitBody({ endDate: "2026-03-02T08:00:00.000Z" }),
      as: manager,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().issues).toEqual([
      { path: "endDate", message: "End time must be after the start time: a permit cannot last zero minutes" },
    ]);
    const minute = await t.request({
      method: "PUT",
      url: `${URL}/${permit.id}`,
      payload: permitBody({ endDate: "2026-03-02T08:01:00.000Z" }),
      as: manager,
    });
    expect(minute.statusCode).toBe(200);
  });

  it("validates a worker's form too, even though the requester is forced", async () => {
    const res = await t.request({ method: "POST", url: URL, payload: permitBody({ requestedBy: 0 }), as: workerA });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Requester information is required");
  });
});

describe("listing and reading permits", () => {
  let onA: number;
  let onB: number;
  beforeAll(async () => {
    onA = (
      await createPermit(workerA, {
        title: "Torch-on roofing",
        workDescription: "Torch-on membrane for the podium roof.",
        location: "Podium roof",
      })
    ).id;
    onB = (await createPermit(workerB, { projectId: projectB, requestedBy: workerB.workerId, title: "Cut rebar ends" })).id;
  });

  it("staff see every permit, newest first, with project and requester names", async () => {
    const res = await t.request({ method: "GET", url: URL, as: manager });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; projectName: string; requesterName: string; requestedAt: string }[];
    expect(list.map((p) => p.id)).toContain(onA);
    expect(list.map((p) => p.id)).toContain(onB);
    expect(list[0]?.id).toBe(onB);
    const sorted = [...list].sort((a, b) => b.requestedAt.localeCompare(a.requestedAt) || b.id - a.id);
    expect(list.map((p) => p.id)).toEqual(sorted.map((p) => p.id));
    expect(list.find((p) => p.id === onB)).toMatchObject({ projectName: "Elm Street School", requesterName: "Bea Builder" });
  });

  it("workers see their assigned projects' permits only", async () => {
    const a = (await t.request({ method: "GET", url: URL, as: workerA2 })).json() as { id: number; projectId: number }[];
    expect(a.map((p) => p.id)).toContain(onA);
    expect(a.every((p) => p.projectId === projectA)).toBe(true);
    const b = (await t.request({ method: "GET", url: URL, as: workerB })).json() as { id: number; projectId: number }[];
    expect(b.map((p) => p.id)).toContain(onB);
    expect(b.every((p) => p.projectId === projectB)).toBe(true);
    const none = await t.request({ method: "GET", url: URL, as: workerNone });
    expect(none.json()).toEqual([]);
  });

  it("filters by search, project, limit and offset", async () => {
    const search = (await t.request({ method: "GET", url: `${URL}?search=MEMBRANE`, as: admin })).json() as { id: number }[];
    expect(search.map((p) => p.id)).toEqual([onA]);
    const byLocation = (await t.request({ method: "GET", url: `${URL}?search=podium%20roof`, as: admin })).json() as { id: number }[];
    expect(byLocation.map((p) => p.id)).toEqual([onA]);
    const wildcard = (await t.request({ method: "GET", url: `${URL}?search=%25`, as: admin })).json() as unknown[];
    expect(wildcard).toEqual([]);
    const byProject = (await t.request({ method: "GET", url: `${URL}?projectId=${projectB}`, as: admin })).json() as {
      projectId: number;
    }[];
    expect(byProject.length).toBeGreaterThan(0);
    expect(byProject.every((p) => p.projectId === projectB)).toBe(true);
    const all = (await t.request({ method: "GET", url: URL, as: admin })).json() as { id: number }[];
    const page = (await t.request({ method: "GET", url: `${URL}?limit=2&offset=1`, as: admin })).json() as { id: number }[];
    expect(page.map((p) => p.id)).toEqual(all.slice(1, 3).map((p) => p.id));
    // A worker asking for another project's permits gets none.
    const sneaky = await t.request({ method: "GET", url: `${URL}?projectId=${projectB}`, as: workerA });
    expect(sneaky.json()).toEqual([]);
  });

  it("answers 400 for a bad list filter", async () => {
    const res = await t.request({ method: "GET", url: `${URL}?limit=0`, as: admin });
    expect(res.statusCode).toBe(400);
  });

  it("shows the detail to workers of the project, 403 to others, 404 when missing", async () => {
    expect((await t.request({ method: "GET", url: `${URL}/${onA}`, as: workerA2 })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `${URL}/${onA}`, as: workerB })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `${URL}/${onA}`, as: workerNone })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `${URL}/999999`, as: admin })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: `${URL}/abc`, as: admin })).statusCode).toBe(400);
  });

  it("is also a tRPC procedure", async () => {
    const res = await t.request({
      method: "GET",
      url: `/trpc/permits.byId?input=${encodeURIComponent(JSON.stringify({ json: { id: onA } }))}`,
      as: manager,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.json).toMatchObject({ id: onA, title: "Torch-on roofing" });
  });
});

describe("approve, reject and close", () => {
  it("an approval records the gaps it accepted: unticked precautions and an unnamed fire watch", async () => {
    const { id } = await createPermit(workerA, { fireWatchRequired: true, fireWatchBy: "" });
    const res = await approve(id, manager);
    expect(res.statusCode).toBe(200);
    const entry = res.json().history.find((h: { action: string }) => h.action === "approved");
    expect(entry.details).toEqual({
      acknowledgedGaps: { missingPrecautions: HOT_WORK_PRECAUTIONS.filter((_, i) => i !== 0 && i !== 2), fireWatchUnnamed: true },
    });
    expect(entry.details.acknowledgedGaps.missingPrecautions).toHaveLength(12);
  });

  it("an approval with every precaution ticked and the fire watch named records no gaps", async () => {
    const { id } = await createPermit(workerA, { precautions: [...HOT_WORK_PRECAUTIONS] });
    const res = await approve(id, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().history.find((h: { action: string }) => h.action === "approved").details).toBeNull();
  });

  it("a permit with no fire watch required has no fire watch gap", async () => {
    const { id } = await createPermit(workerA, { precautions: [...HOT_WORK_PRECAUTIONS], fireWatchRequired: false, fireWatchBy: "" });
    const res = await approve(id, admin);
    expect(res.json().history.find((h: { action: string }) => h.action === "approved").details).toBeNull();
  });

  it("workers cannot approve or reject (403), even their own permit", async () => {
    const { id } = await createPermit(workerA);
    expect((await approve(id, workerA)).statusCode).toBe(403);
    const refused = await reject(id, workerA);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "Only admins and managers can reject permits" });
    expect((await approve(id, workerA2)).statusCode).toBe(403);
    expect((await approve(id, workerB)).statusCode).toBe(403);
    const detail = (await t.request({ method: "GET", url: `${URL}/${id}`, as: admin })).json();
    expect(detail.status).toBe("pending");
    expect(detail.history).toHaveLength(1);
  });

  it("a manager approves a pending permit: who and when are recorded, with an audit event", async () => {
    const { id } = await createPermit(workerA);
    const res = await approve(id, manager);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: "approved", approvedBy: manager.id, approvedByName: "Max Manager" });
    expect(Date.parse(body.approvedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.history.map((h: { action: string }) => h.action)).toEqual(["requested", "approved"]);
    expect(body.history[1]).toMatchObject({ fromState: "pending", toState: "approved", actorUserId: manager.id, actorName: "Max Manager" });
  });

  it("answers 409 naming both states when the transition is not allowed from the current state", async () => {
    const { id } = await createPermit(workerA);
    expect((await approve(id, admin)).statusCode).toBe(200);
    const again = await approve(id, manager);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/approved/);
    expect(again.json().message).toMatch(/pending/);
    const rejectApproved = await reject(id, manager);
    expect(rejectApproved.statusCode).toBe(409);
    expect(rejectApproved.json().message).toContain("approved");
  });

  it("an admin rejects a pending permit with a reason; a rejected permit is terminal", async () => {
    const { id } = await createPermit(workerA);
    const res = await reject(id, admin, "  Fire watch not available  ");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "rejected",
      rejectionReason: "Fire watch not available",
      rejectedBy: admin.id,
      rejectedByName: "Ada Admin",
    });
    expect(res.json().history[1]).toMatchObject({
      action: "rejected",
      fromState: "pending",
      toState: "rejected",
      details: { rejectionReason: "Fire watch not available" },
    });
    for (const res2 of [await approve(id, manager), await reject(id, manager), await close(id, manager), await close(id, workerA)]) {
      expect(res2.statusCode).toBe(409);
      expect(res2.json().message).toContain("rejected");
    }
  });

  it.each([[""], ["   "], [undefined]])("refuses a blank rejection reason (%o) with 400", async (reason) => {
    const { id } = await createPermit(workerA);
    const res = await t.request({
      method: "PUT",
      url: `${URL}/${id}/reject`,
      payload: reason === undefined ? {} : { rejectionReason: reason },
      as: manager,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please provide a reason for rejecting this permit.");
  });

  it("closes only approved permits; any role that sees the permit may close it", async () => {
    const pending = await createPermit(workerA);
    const res = await close(pending.id, manager);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("pending");
    expect(res.json().message).toContain("approved");

    const mine = await createPermit(workerA);
    await approve(mine.id, manager);
    expect((await close(mine.id, workerB)).statusCode).toBe(403);
    expect((await close(mine.id, workerNone)).statusCode).toBe(403);
    const closed = await close(mine.id, workerA, "Area inspected 30 minutes after, all clear");
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      status: "closed",
      closedBy: workerA.id,
      closedByName: "Wendy Welder",
      closingNotes: "Area inspected 30 minutes after, all clear",
    });
    expect((await close(mine.id, manager)).statusCode).toBe(409);
    expect((await approve(mine.id, manager)).statusCode).toBe(409);

    const others = await createPermit(workerA);
    await approve(others.id, admin);
    const byOther = await close(others.id, workerA2);
    expect(byOther.statusCode).toBe(200);
    expect(byOther.json()).toMatchObject({ closedBy: workerA2.id, closingNotes: null });

    const byStaff = await createPermit(workerA);
    await approve(byStaff.id, admin);
    expect((await close(byStaff.id, admin, "")).json()).toMatchObject({ status: "closed", closingNotes: null });
  });

  it("answers 404 for transitions of a permit that does not exist", async () => {
    expect((await approve(999_999, manager)).statusCode).toBe(404);
    expect((await reject(999_999, manager)).statusCode).toBe(404);
    expect((await close(999_999, manager)).statusCode).toBe(404);
  });

  it("the detail shows the whole history with every actor", async () => {
    const { id } = await createPermit(workerA);
    await approve(id, manager);
    await close(id, workerA, "Done");
    const detail = (await t.request({ method: "GET", url: `${URL}/${id}`, as: workerA })).json();
    expect(detail.history.map((h: { action: string; actorName: string }) => [h.action, h.actorName])).toEqual([
      ["requested", "Wendy Welder"],
      ["approved", "Max Manager"],
      ["closed", "Wendy Welder"],
      // Closing a permit that needs a fire watch starts the post-work watch (docs/notifications.md).
      ["fireWatchStarted", "Wendy Welder"],
    ]);
    expect(detail).toMatchObject({
      requesterName: "Wendy Welder",
      approvedByName: "Max Manager",
      closedByName: "Wendy Welder",
      projectName: "Harbor Tower",
    });
    for (const entry of detail.history) expect(Number.isNaN(Date.parse(entry.createdAt))).toBe(false);
  });

  it("of two concurrent approve/reject calls on a pending permit exactly one wins", async () => {
    for (let round = 0; round < 3; round++) {
      const { id } = await createPermit(workerA);
      const [a, r] = await Promise.all([approve(id, manager), reject(id, admin, "Conflicting schedule")]);
      const codes = [a.statusCode, r.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? "approved" : "rejected";
      const detail = (await t.request({ method: "GET", url: `${URL}/${id}`, as: admin })).json();
      expect(detail.status).toBe(winner);
      expect(detail.history.map((h: { action: string }) => h.action)).toEqual(["requested", winner]);
      if (winner === "approved") expect(detail.rejectionReason).toBeNull();
      else expect(detail.approvedBy).toBeNull();
    }
  });

  it("two concurrent approvals: one 200, one 409", async () => {
    const { id } = await createPermit(workerA);
    const results = await Promise.all([approve(id, manager), approve(id, admin)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe("editing", () => {
  it("a worker edits their own pending permit; the status and requester stay", async () => {
    const { id } = await createPermit(workerA);
    const res = await t.request({
      method: "PUT",
      url: `${URL}/${id}`,
      payload: permitBody({ title: "Weld stair stringers (revised)", requestedBy: workerB.workerId }),
      as: workerA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: "Weld stair stringers (revised)", status: "pending", requestedBy: workerA.workerId });
    expect(res.json().history.map((h: { action: string }) => h.action)).toEqual(["requested", "updated"]);
  });

  it("a worker cannot edit another's permit (403) nor their own once decided (409)", async () => {
    const { id } = await createPermit(workerA);
    expect((await t.request({ method: "PUT", url: `${URL}/${id}`, payload: permitBody(), as: workerA2 })).statusCode).toBe(403);
    expect((await t.request({ method: "PUT", url: `${URL}/${id}`, payload: permitBody(), as: workerB })).statusCode).toBe(403);
    await approve(id, manager);
    const res = await t.request({ method: "PUT", url: `${URL}/${id}`, payload: permitBody(), as: workerA });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("approved");
  });

  it("a worker cannot move their permit to a project they are not on", async () => {
    const { id } = await createPermit(workerA);
    const res = await t.request({ method: "PUT", url: `${URL}/${id}`, payload: permitBody({ projectId: projectB }), as: workerA });
    expect(res.statusCode).toBe(403);
  });

  it("staff edit a permit in any status, keeping its status", async () => {
    const { id } = await createPermit(workerA);
    await approve(id, manager);
    const res = await t.request({
      method: "PUT",
      url: `${URL}/${id}`,
      payload: permitBody({ location: "Level 3, east stair", status: "pending" }),
      as: manager,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ location: "Level 3, east stair", status: "approved", approvedBy: manager.id });
    const closed = await createPermit(workerA);
    await approve(closed.id, admin);
    await close(closed.id, admin);
    const edit = await t.request({
      method: "PUT",
      url: `${URL}/${closed.id}`,
      payload: permitBody({ requestedBy: workerA2.workerId }),
      as: admin,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ status: "closed", requestedBy: workerA2.workerId });
  });

  it("validates the full form on edit", async () => {
    const { id } = await createPermit(workerA);
    const res = await t.request({ method: "PUT", url: `${URL}/${id}`, payload: permitBody({ precautions: [] }), as: manager });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("At least one safety precaution must be selected");
    const partial = await t.request({ method: "PUT", url: `${URL}/${id}`, payload: { title: "Only a title" }, as: manager });
    expect(partial.statusCode).toBe(400);
    expect((await t.request({ method: "PUT", url: `${URL}/999999`, payload: permitBody(), as: manager })).statusCode).toBe(404);
  });
});

describe("deleting", () => {
  it("only admins delete; the audit trail keeps the deletion", async () => {
    const { id } = await createPermit(workerA);
    expect((await t.request({ method: "DELETE", url: `${URL}/${id}`, as: manager })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `${URL}/${id}`, as: workerA })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `${URL}/${id}`, as: workerB })).statusCode).toBe(403);
    const res = await t.request({ method: "DELETE", url: `${URL}/${id}`, as: admin });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await t.request({ method: "GET", url: `${URL}/${id}`, as: admin })).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: `${URL}/${id}`, as: admin })).statusCode).toBe(404);
    const events = await t.db
      .selectFrom("auditEvents")
      .select(["action", "actorUserId"])
      .where("entity", "=", "permit")
      .where("entityId", "=", id)
      .orderBy("id")
      .execute();
    expect(events).toEqual([
      { action: "requested", actorUserId: workerA.id },
      { action: "deleted", actorUserId: admin.id },
    ]);
  });
});

describe("the review queue", () => {
  it("filters by status, and lists pending permits first on request (the staff's review queue)", async () => {
    const pending = await createPermit(manager, { title: "Queue pending permit" });
    const decided = await createPermit(manager, { title: "Queue decided permit" });
    expect((await t.request({ method: "PUT", url: `${URL}/${decided.id}/approve`, as: admin })).statusCode).toBe(200);
    // Newest first by default: the approved one was requested last.
    const plain = (await t.request({ method: "GET", url: URL, as: admin })).json() as { id: number; status: string }[];
    expect(plain.findIndex((p) => p.id === decided.id)).toBeLessThan(plain.findIndex((p) => p.id === pending.id));
    const queue = (await t.request({ method: "GET", url: `${URL}?pendingFirst=true`, as: admin })).json() as {
      id: number;
      status: string;
    }[];
    const firstDecided = queue.findIndex((p) => p.status !== "pending");
    expect(queue.slice(0, firstDecided).every((p) => p.status === "pending")).toBe(true);
    expect(queue.slice(firstDecided).some((p) => p.status === "pending")).toBe(false);
    const approved = (await t.request({ method: "GET", url: `${URL}?status=approved`, as: admin })).json() as { status: string }[];
    expect(approved.length).toBeGreaterThan(0);
    expect(approved.every((p) => p.status === "approved")).toBe(true);
    const bad = await t.request({ method: "GET", url: `${URL}?status=burning`, as: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Please choose a valid permit status");
  });
});

describe("co-workers see the requester's name, not their contact details (issue #30, M5)", () => {
  const CONTACT = ["requesterEmail", "requesterCompany", "requesterHardhatNumber"];
  const trpcById = (id: number, as: TestUser) =>
    t.request({ method: "GET", url: `/trpc/permits.byId?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`, as });

  it("GET /api/hot-work-permits/:id and permits.byId: a co-worker gets the name only; the requester and staff get all", async () => {
    const permit = await createPermit(workerA);
    for (const as of [workerA2]) {
      const rest = await t.request({ method: "GET", url: `${URL}/${permit.id}`, as });
      expect(rest.statusCode).toBe(200);
      expect(rest.json().requesterName).toBe("Wendy Welder");
      for (const field of CONTACT) expect(rest.json(), field).not.toHaveProperty(field);
      expect(rest.body).not.toContain(workerA.email);
      const trpc = await trpcById(permit.id, as);
      expect(trpc.statusCode, trpc.body).toBe(200);
      expect(trpc.json().result.data.json.requesterName).toBe("Wendy Welder");
      for (const field of CONTACT) expect(trpc.json().result.data.json, field).not.toHaveProperty(field);
    }
    for (const as of [workerA, manager, admin]) {
      const rest = await t.request({ method: "GET", url: `${URL}/${permit.id}`, as });
      expect(rest.json()).toMatchObject({ requesterEmail: workerA.email, requesterCompany: "Acme Builders" });
      expect(rest.json().requesterHardhatNumber).toMatch(/^HH-/);
      expect((await trpcById(permit.id, as)).json().result.data.json.requesterEmail).toBe(workerA.email);
    }
  });

  it("a co-worker's permit list and a staff member's answers to writes follow the same rule", async () => {
    const permit = await createPermit(workerA);
    const list = await t.request({ method: "GET", url: `${URL}?projectId=${projectA}`, as: workerA2 });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(workerA.email);
    for (const row of list.json()) for (const field of CONTACT) expect(row, field).not.toHaveProperty(field);
    // The manager approves: the answer to the write is a detail answer for the manager, with all.
    const approved = await approve(permit.id, manager);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().requesterEmail).toBe(workerA.email);
    // The co-worker reading the approved permit still sees the name only.
    const read = await t.request({ method: "GET", url: `${URL}/${permit.id}`, as: workerA2 });
    expect(read.json().requesterName).toBe("Wendy Welder");
    for (const field of CONTACT) expect(read.json(), field).not.toHaveProperty(field);
  });
});
