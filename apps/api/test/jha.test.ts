import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let worker: TestUser; // assigned to projectA
let other: TestUser; // assigned to projectB only
let noProfile: TestUser; // a worker account without a worker profile
let projectA: number;
let projectB: number;

const validForm = () => ({
  projectId: projectA,
  title: "Trench excavation",
  jobDescription: "Dig a 2 m trench for the water main",
  hazards: [
    { description: "Trench collapse", riskLevel: "high" },
    { description: "Buried utilities", riskLevel: "medium" },
  ],
  controlMeasures: [{ description: "Shoring and trench boxes", responsibility: "Site foreman" }],
});

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, worker, other] = await Promise.all([
    t.createUser({ role: "admin" }),
    t.createUser({ role: "manager", withWorker: true }),
    t.createUser({ role: "worker", firstName: "Walt", lastName: "Worker" }),
    t.createUser({ role: "worker", firstName: "Olive", lastName: "Other" }),
  ]);
  noProfile = await t.createUser({ role: "worker" });
  await t.db
    .deleteFrom("workers")
    .where("id", "=", noProfile.workerId as number)
    .execute();
  projectA = await t.createProject({ name: "Alpha Tower" });
  projectB = await t.createProject({ name: "Bravo Bridge" });
  await t.assign(worker.workerId as number, projectA);
  await t.assign(other.workerId as number, projectB);
});
afterAll(() => t.close());

async function createForm(as: TestUser, overrides: Record<string, unknown> = {}) {
  const res = await t.request({ method: "POST", url: "/api/jha-forms", as, payload: { ...validForm(), ...overrides } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; projectId: number; submittedBy: number | null; [k: string]: unknown };
}

describe("JHA forms: create", () => {
  it("a worker files into an assigned project; submittedBy is forced to their own profile", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/jha-forms",
      as: worker,
      payload: { ...validForm(), submittedBy: other.workerId },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      projectId: projectA,
      projectName: "Alpha Tower",
      title: "Trench excavation",
      submittedBy: worker.workerId,
      submitterName: "Walt Worker",
      hazards: validForm().hazards,
      controlMeasures: validForm().controlMeasures,
    });
    expect(typeof body.submittedAt).toBe("string");
  });

  it("a worker cannot file into a project they are not assigned to (403)", async () => {
    const res = await t.request({ method: "POST", url: "/api/jha-forms", as: other, payload: validForm() });
    expect(res.statusCode).toBe(403);
  });

  it("a worker without a worker profile gets 403", async () => {
    const res = await t.request({ method: "POST", url: "/api/jha-forms", as: noProfile, payload: validForm() });
    expect(res.statusCode).toBe(403);
  });

  it("staff pick the submitter; a manager defaults to their own profile; an admin without one leaves it empty", async () => {
    const picked = await createForm(admin, { submittedBy: worker.workerId });
    expect(picked.submittedBy).toBe(worker.workerId);
    const own = await createForm(manager);
    expect(own.submittedBy).toBe(manager.workerId);
    const none = await createForm(admin);
    expect(none.submittedBy).toBeNull();
  });

  it("staff naming a worker that does not exist gets 400", async () => {
    const res = await t.request({ method: "POST", url: "/api/jha-forms", as: admin, payload: { ...validForm(), submittedBy: 999999 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please select a valid worker");
  });

  it("a project that does not exist gives 400 for staff", async () => {
    const res = await t.request({ method: "POST", url: "/api/jha-forms", as: admin, payload: { ...validForm(), projectId: 999999 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please select a valid project");
  });

  it("signed out gets 401", async () => {
    const res = await t.request({ method: "POST", url: "/api/jha-forms", payload: validForm() });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ hazards: [] }, "At least one hazard must be identified"],
    [{ hazards: undefined }, "At least one hazard must be identified"],
    [{ hazards: [{ description: "  ", riskLevel: "low" }] }, "Hazard description is required"],
    [{ hazards: [{ description: "Noise", riskLevel: "extreme" }] }, "Risk level must be low, medium or high"],
    // No risk level is preselected anywhere (docs/product.md): a hazard without one is refused.
    [{ hazards: [{ description: "Noise" }] }, "Choose the risk level of each hazard"],
    [{ hazards: [{ description: "Noise", riskLevel: "" }] }, "Choose the risk level of each hazard"],
    [{ hazards: [{ description: "Noise", riskLevel: null }] }, "Choose the risk level of each hazard"],
    [{ controlMeasures: [] }, "At least one control measure must be specified"],
    [{ controlMeasures: [{ description: "", responsibility: "Foreman" }] }, "Control measure is required"],
    [{ controlMeasures: [{ description: "Ear muffs", responsibility: "" }] }, "Responsible person is required"],
    [{ title: "" }, "Title is required"],
    [{ projectId: undefined }, "Project is required"],
  ])("answers 400 with the product's message (%#)", async (overrides, message) => {
    const res = await t.request({ method: "POST", url: "/api/jha-forms", as: worker, payload: { ...validForm(), ...overrides } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().issues[0].message).toBe(message);
  });

  it("a hazard with no risk level is refused in Spanish too, and nothing is stored", async () => {
    const before = await t.request({ method: "GET", url: "/api/jha-forms", as: admin });
    const res = await t.request({
      method: "POST",
      url: "/api/jha-forms",
      as: admin,
      headers: { "accept-language": "es" },
      payload: { ...validForm(), submittedBy: worker.workerId, hazards: [{ description: "Ruido" }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Elija el nivel de riesgo de cada peligro");
    const after = await t.request({ method: "GET", url: "/api/jha-forms", as: admin });
    expect(after.json()).toHaveLength(before.json().length);
  });
});

describe("JHA forms: list and detail", () => {
  let formA: number;
  let formB: number;
  beforeAll(async () => {
    formA = (await createForm(admin, { title: "Crane lift", submittedBy: worker.workerId })).id;
    formB = (await createForm(admin, { projectId: projectB, title: "Bridge deck pour", submittedBy: other.workerId })).id;
  });

  it("lists newest first with project and submitter names; staff see every project", async () => {
    for (const as of [admin, manager]) {
      const res = await t.request({ method: "GET", url: "/api/jha-forms", as });
      expect(res.statusCode).toBe(200);
      const list = res.json() as { id: number; projectName: string; submitterName: string | null }[];
      expect(list[0]?.id).toBe(formB);
      expect(list.map((f) => f.id)).toContain(formA);
      const ids = list.map((f) => f.id);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
      expect(list.find((f) => f.id === formB)).toMatchObject({ projectName: "Bravo Bridge", submitterName: "Olive Other" });
    }
  });

  it("a worker sees only their assigned projects' forms", async () => {
    const res = await t.request({ method: "GET", url: "/api/jha-forms", as: worker });
    const list = res.json() as { projectId: number }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((f) => f.projectId === projectA)).toBe(true);
    const none = await t.request({ method: "GET", url: "/api/jha-forms", as: noProfile });
    expect(none.json()).toEqual([]);
  });

  it("filters by ?projectId, search and limit/offset", async () => {
    const byProject = await t.request({ method: "GET", url: `/api/jha-forms?projectId=${projectB}`, as: admin });
    expect((byProject.json() as { projectId: number }[]).every((f) => f.projectId === projectB)).toBe(true);
    const search = await t.request({ method: "GET", url: "/api/jha-forms?search=crane", as: admin });
    expect((search.json() as { id: number }[]).map((f) => f.id)).toEqual([formA]);
    const bySubmitter = await t.request({ method: "GET", url: "/api/jha-forms?search=olive", as: admin });
    expect((bySubmitter.json() as { id: number }[]).map((f) => f.id)).toEqual([formB]);
    const page = await t.request({ method: "GET", url: "/api/jha-forms?limit=1&offset=1", as: admin });
    expect(page.json()).toHaveLength(1);
    expect(page.json()[0].id).toBe(formA);
  });

  it("a worker asking for another project's list or form gets 403; signed out 401", async () => {
    expect((await t.request({ method: "GET", url: `/api/jha-forms?projectId=${projectB}`, as: worker })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/jha-forms/${formB}`, as: worker })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/jha-forms/${formA}`, as: worker })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/jha-forms" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: `/api/jha-forms/${formA}` })).statusCode).toBe(401);
  });

  it("a missing form is 404 and a bad id 400", async () => {
    const res = await t.request({ method: "GET", url: "/api/jha-forms/999999", as: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("JHA form not found");
    expect((await t.request({ method: "GET", url: "/api/jha-forms/abc", as: admin })).statusCode).toBe(400);
  });
});

describe("JHA forms: edit and delete", () => {
  it("admin and manager edit; workers (even the submitter) cannot", async () => {
    const form = await createForm(worker);
    const edit = { ...validForm(), title: "Trench excavation (rev 2)", hazards: [{ description: "Collapse", riskLevel: "low" }] };
    const byWorker = await t.request({ method: "PUT", url: `/api/jha-forms/${form.id}`, as: worker, payload: edit });
    expect(byWorker.statusCode).toBe(403);
    const byManager = await t.request({ method: "PUT", url: `/api/jha-forms/${form.id}`, as: manager, payload: edit });
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json()).toMatchObject({
      title: "Trench excavation (rev 2)",
      hazards: [{ description: "Collapse", riskLevel: "low" }],
      submittedBy: worker.workerId,
    });
    const byAdmin = await t.request({ method: "PUT", url: `/api/jha-forms/${form.id}`, as: admin, payload: { title: "Only the title" } });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ title: "Only the title", jobDescription: validForm().jobDescription });
    const invalid = await t.request({ method: "PUT", url: `/api/jha-forms/${form.id}`, as: admin, payload: { controlMeasures: [] } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe("At least one control measure must be specified");
    expect((await t.request({ method: "PUT", url: "/api/jha-forms/999999", as: admin, payload: edit })).statusCode).toBe(404);
    expect((await t.request({ method: "PUT", url: `/api/jha-forms/${form.id}`, payload: edit })).statusCode).toBe(401);
  });

  it("only an admin deletes (204), with its comments; then 404", async () => {
    const form = await createForm(worker);
    await t.request({ method: "POST", url: `/api/jha-forms/${form.id}/comments`, as: worker, payload: { content: "Check shoring daily" } });
    expect((await t.request({ method: "DELETE", url: `/api/jha-forms/${form.id}`, as: worker })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/api/jha-forms/${form.id}`, as: manager })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/api/jha-forms/${form.id}` })).statusCode).toBe(401);
    const res = await t.request({ method: "DELETE", url: `/api/jha-forms/${form.id}`, as: admin });
    expect(res.statusCode).toBe(204);
    expect((await t.request({ method: "GET", url: `/api/jha-forms/${form.id}`, as: admin })).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: `/api/jha-forms/${form.id}`, as: admin })).statusCode).toBe(404);
    const left = await t.db.selectFrom("jhaComments").select("id").where("jhaFormId", "=", form.id).execute();
    expect(left).toEqual([]);
  });
});

describe("JHA comments", () => {
  let formId: number;
  let privateId: number;
  let publicId: number;
  let coworker: TestUser;
  beforeAll(async () => {
    formId = (await createForm(worker)).id;
    coworker = await t.createUser({ role: "worker" });
    await t.assign(coworker.workerId as number, projectA);
  });

  it("adds a comment, private by default", async () => {
    const res = await t.request({
      method: "POST",
      url: `/api/jha-forms/${formId}/comments`,
      as: worker,
      payload: { content: "  Shoring looks loose  " },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      jhaFormId: formId,
      content: "Shoring looks loose",
      visibility: "private",
      userId: worker.id,
      authorName: "Walt Worker",
    });
    privateId = res.json().id;
    const pub = await t.request({
      method: "POST",
      url: `/api/jha-forms/${formId}/comments`,
      as: manager,
      payload: { content: "Fixed today", visibility: "public" },
    });
    expect(pub.statusCode).toBe(201);
    publicId = pub.json().id;
  });

  it.each([
    [{ content: "" }, "Comment content is required"],
    [{ content: "   " }, "Comment content is required"],
    [{}, "Comment content is required"],
    [{ content: "x".repeat(1001) }, "Comment too long, maximum 1000 characters"],
    [{ content: "ok", visibility: "secret" }, "Visibility must be private or public"],
  ])("validates comments (%#)", async (payload, message) => {
    const res = await t.request({ method: "POST", url: `/api/jha-forms/${formId}/comments`, as: worker, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("accepts exactly 1000 characters", async () => {
    const res = await t.request({
      method: "POST",
      url: `/api/jha-forms/${formId}/comments`,
      as: admin,
      payload: { content: "y".repeat(1000), visibility: "public" },
    });
    expect(res.statusCode).toBe(201);
    await t.request({ method: "DELETE", url: `/api/jha-comments/${res.json().id}`, as: admin });
  });

  it("private comments are seen by staff and their author only", async () => {
    const ids = async (as: TestUser) =>
      ((await t.request({ method: "GET", url: `/api/jha-forms/${formId}/comments`, as })).json() as { id: number }[]).map((c) => c.id);
    expect(await ids(worker)).toEqual([privateId, publicId]);
    expect(await ids(admin)).toEqual([privateId, publicId]);
    expect(await ids(manager)).toEqual([privateId, publicId]);
    expect(await ids(coworker)).toEqual([publicId]);
  });

  it("workers of other projects cannot read or add comments (403); signed out 401; missing form 404", async () => {
    expect((await t.request({ method: "GET", url: `/api/jha-forms/${formId}/comments`, as: other })).statusCode).toBe(403);
    expect(
      (await t.request({ method: "POST", url: `/api/jha-forms/${formId}/comments`, as: other, payload: { content: "hi" } })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/jha-forms/${formId}/comments` })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/jha-forms/999999/comments", as: admin })).statusCode).toBe(404);
  });

  it("only the author edits a comment", async () => {
    expect(
      (await t.request({ method: "PUT", url: `/api/jha-comments/${privateId}`, as: admin, payload: { content: "changed" } })).statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: "PUT", url: `/api/jha-comments/${publicId}`, as: coworker, payload: { content: "changed" } })).statusCode,
    ).toBe(403);
    // A private comment the caller cannot see is not found for them.
    expect(
      (await t.request({ method: "PUT", url: `/api/jha-comments/${privateId}`, as: coworker, payload: { content: "changed" } })).statusCode,
    ).toBe(404);
    const res = await t.request({
      method: "PUT",
      url: `/api/jha-comments/${privateId}`,
      as: worker,
      payload: { content: "Shoring re-checked", visibility: "public" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ content: "Shoring re-checked", visibility: "public" });
    const empty = await t.request({ method: "PUT", url: `/api/jha-comments/${privateId}`, as: worker, payload: { content: "" } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Comment content is required");
    expect((await t.request({ method: "PUT", url: "/api/jha-comments/999999", as: worker, payload: { content: "x" } })).statusCode).toBe(
      404,
    );
  });

  it("the author or an admin deletes a comment; a manager or another worker cannot", async () => {
    expect((await t.request({ method: "DELETE", url: `/api/jha-comments/${privateId}`, as: coworker })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/api/jha-comments/${privateId}`, as: manager })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/api/jha-comments/${privateId}` })).statusCode).toBe(401);
    expect((await t.request({ method: "DELETE", url: `/api/jha-comments/${privateId}`, as: worker })).statusCode).toBe(204);
    expect((await t.request({ method: "DELETE", url: `/api/jha-comments/${publicId}`, as: admin })).statusCode).toBe(204);
    expect((await t.request({ method: "DELETE", url: `/api/jha-comments/${publicId}`, as: admin })).statusCode).toBe(404);
  });
});

describe("JHA form options", () => {
  it("staff get every project and worker; a worker gets their projects and the people on them", async () => {
    const staff = await t.request({ method: "GET", url: "/trpc/jha.formOptions", as: manager });
    expect(staff.statusCode).toBe(200);
    const staffData = staff.json().result.data.json as { projects: { id: number }[]; workers: { id: number }[] };
    expect(staffData.projects.map((p) => p.id)).toEqual(expect.arrayContaining([projectA, projectB]));
    expect(staffData.workers.map((w) => w.id)).toEqual(expect.arrayContaining([worker.workerId, other.workerId]));
    const mine = await t.request({ method: "GET", url: "/trpc/jha.formOptions", as: worker });
    const mineData = mine.json().result.data.json as { projects: { id: number }[]; workers: { id: number }[] };
    expect(mineData.projects.map((p) => p.id)).toEqual([projectA]);
    expect(mineData.workers.map((w) => w.id)).toContain(worker.workerId);
    expect(mineData.workers.map((w) => w.id)).not.toContain(other.workerId);
  });
});
