import {
  ACTION_EDIT_REFUSED,
  ACTION_NOT_OWN_VERIFY,
  ACTION_PHOTO_REQUIRED,
  ANSWER_MISSING,
  INSPECTION_SIGNATURE_REQUIRED,
  PHOTO_REQUIRED_ON_FAIL,
  STAGED_PHOTO_INVALID,
  STAGED_PHOTO_LIMIT_REACHED,
  STAGED_PHOTOS_PER_USER,
  templateContentSchema,
} from "@sitesafe/domain";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remindOverdueActions } from "../src/services/correctiveActions.js";
import { BUILTIN_TEMPLATE_EDIT } from "../src/services/inspections.js";
import { NOT_YOUR_RECORD, pruneStagedPhotos } from "../src/services/photos.js";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";
import { createFixture, type Fixture, multipartBody } from "./security/fixture.js";

/**
 * Inspections and corrective actions (issue #35): built-in templates in both languages, template
 * versions kept by inspections, the score computed on the server (hand-checked), the actions a
 * failed item raises and their state machine for every role, overdue by the injected clock, and who
 * sees what.
 */

let t: TestApp;
let f: Fixture;
let foreman: TestUser;
let crew: TestUser;
/** The server's clock, moved by tests (Config.now). */
let clock = new Date("2026-11-27T08:00:00Z");
const SIGNATURE = "data:image/png;base64,iVBORw0KGgo=";

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  f = await createFixture(t);
  foreman = await t.createUser({ role: "worker", firstName: "Fay", lastName: "Foreman", position: "Foreman" });
  await t.assign(foreman.workerId as number, f.projectP);
  crew = await t.createUser({ role: "worker", firstName: "Carl", lastName: "Crew" });
  await t.assign(crew.workerId as number, f.projectP);
});
afterAll(() => t?.close());

type Template = { id: number; name: string; language: string; builtin: boolean; currentVersion: number; sections: unknown };

async function createTemplate(sections: unknown, name = "Weighted check") {
  const res = await t.request({ method: "POST", url: "/api/inspection-templates", payload: { name, sections }, as: f.manager });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Template;
}

const weighted = [
  {
    title: "Platform",
    items: [
      { key: "planks", text: "Planks fully decked", weight: 3 },
      { key: "guardrail", text: "Guardrail in place", weight: 2, priority: "high" },
      { key: "toe-board", text: "Toe boards in place", weight: 1, priority: "low" },
    ],
  },
  { title: "Access", items: [{ key: "ladder", text: "Ladder access", type: "yesNo", weight: 4 }] },
];

describe("built-in templates", () => {
  it("exist in English and Spanish with the site's words, and each parses as a template", async () => {
    const en = (await t.request({ method: "GET", url: "/api/inspection-templates?language=en", as: f.w1 })).json() as Template[];
    const es = (await t.request({ method: "GET", url: "/api/inspection-templates?language=es", as: f.w1 })).json() as Template[];
    expect(en.filter((x) => x.builtin).map((x) => x.name)).toEqual(
      expect.arrayContaining([
        "Daily site walk",
        "Scaffold inspection (before each shift)",
        "Ladder inspection",
        "Excavation and trench inspection",
        "Fire extinguisher monthly check",
        "Housekeeping inspection",
        "PPE inspection",
      ]),
    );
    expect(es.filter((x) => x.builtin)).toHaveLength(7);
    let spanish = "";
    for (const summary of es.filter((x) => x.builtin)) {
      const full = (await t.request({ method: "GET", url: `/api/inspection-templates/${summary.id}`, as: f.w1 })).json() as Template;
      expect(templateContentSchema.safeParse(full.sections).success).toBe(true);
      spanish += `${full.name} ${JSON.stringify(full.sections)} `;
    }
    for (const word of [
      "peligro",
      "riesgo",
      "andamio",
      "barandal",
      "rodapié",
      "zanja",
      "apuntalamiento",
      "extintor",
      "orden y limpieza",
      "EPP",
    ]) {
      expect(spanish.toLowerCase(), word).toContain(word.toLowerCase());
    }
  });

  it("are copied, not edited; only staff manage templates", async () => {
    const builtin = ((await t.request({ method: "GET", url: "/api/inspection-templates", as: f.manager })).json() as Template[]).find(
      (x) => x.builtin,
    );
    const edit = await t.request({
      method: "PUT",
      url: `/api/inspection-templates/${builtin?.id}`,
      payload: { name: "Mine", sections: weighted },
      as: f.manager,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(BUILTIN_TEMPLATE_EDIT);
    const copy = await t.request({
      method: "POST",
      url: "/api/inspection-templates",
      payload: { name: "Our scaffold check", copyOf: builtin?.id },
      as: f.admin,
    });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ name: "Our scaffold check", builtin: false, currentVersion: 1 });
    const refused = await t.request({
      method: "POST",
      url: "/api/inspection-templates",
      payload: { name: "x", copyOf: builtin?.id },
      as: foreman,
    });
    expect(refused.statusCode).toBe(403);
    const bad = await t.request({ method: "POST", url: "/api/inspection-templates", payload: { name: "" }, as: f.manager });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Template name is required");
  });
});

describe("an inspection", () => {
  it("is scored on the server (weights, N/A left out) and raises one action per failed item", async () => {
    const template = await createTemplate(weighted);
    const res = await t.request({
      method: "POST",
      url: "/api/inspections",
      payload: {
        projectId: f.projectP,
        templateId: template.id,
        answers: [
          { itemKey: "planks", value: "pass" },
          { itemKey: "guardrail", value: "fail", note: "Missing on the east side", ownerUserId: crew.id },
          { itemKey: "toe-board", value: "na" },
          { itemKey: "ladder", value: "no" },
        ],
        signature: SIGNATURE,
      },
      as: foreman,
    });
    expect(res.statusCode, res.body).toBe(201);
    const inspection = res.json();
    // passed 3 of applicable 3 + 2 + 4 = 9: 33.33 %
    expect(inspection).toMatchObject({ score: 33.33, passedCount: 1, failedCount: 2, naCount: 1, templateVersion: 1 });
    expect(inspection.actions).toHaveLength(2);
    const guard = inspection.actions.find((a: { description: string }) => a.description.startsWith("Guardrail"));
    expect(guard).toMatchObject({
      description: "Guardrail in place: Missing on the east side",
      priority: "high",
      status: "open",
      ownerUserId: crew.id,
      dueAt: "2026-11-28T08:00:00.000Z",
    });
    const ladder = inspection.actions.find((a: { description: string }) => a.description === "Ladder access");
    expect(ladder).toMatchObject({ priority: "medium", ownerUserId: foreman.id, dueAt: "2026-12-04T08:00:00.000Z" });
  });

  it("the score ignores what the client says and an all-N/A inspection scores nothing", async () => {
    const template = await createTemplate(weighted, "All NA");
    const res = await t.request({
      method: "POST",
      url: "/api/inspections",
      payload: {
        projectId: f.projectP,
        templateId: template.id,
        score: 100,
        answers: ["planks", "guardrail", "toe-board", "ladder"].map((itemKey) => ({ itemKey, value: "na" })),
        signature: SIGNATURE,
      },
      as: f.manager,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ score: null, naCount: 4, actions: [] });
  });

  it("refuses missing answers, a missing signature, a worker who is no crew lead and another project", async () => {
    const template = await createTemplate(weighted, "Refusals");
    const base = { projectId: f.projectP, templateId: template.id, signature: SIGNATURE, answers: [{ itemKey: "planks", value: "pass" }] };
    const missing = await t.request({ method: "POST", url: "/api/inspections", payload: base, as: foreman });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(ANSWER_MISSING);
    const unsigned = await t.request({ method: "POST", url: "/api/inspections", payload: { ...base, signature: "" }, as: foreman });
    expect(unsigned.json().message).toBe(INSPECTION_SIGNATURE_REQUIRED);
    expect((await t.request({ method: "POST", url: "/api/inspections", payload: base, as: crew })).statusCode).toBe(403);
    const elsewhere = await t.request({
      method: "POST",
      url: "/api/inspections",
      payload: { ...base, projectId: f.projectQ },
      as: foreman,
    });
    expect(elsewhere.statusCode).toBe(403);
    const count = await t.db
      .selectFrom("inspections")
      .select(t.db.fn.countAll<number>().as("n"))
      .where("templateId", "=", template.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("keeps the template version it was made with when the template changes", async () => {
    const template = await createTemplate(weighted, "Versioned");
    const answers = ["planks", "guardrail", "toe-board"]
      .map((itemKey) => ({ itemKey, value: "pass" }))
      .concat([{ itemKey: "ladder", value: "yes" }]);
    const first = (
      await t.request({
        method: "POST",
        url: "/api/inspections",
        payload: { projectId: f.projectP, templateId: template.id, answers, signature: SIGNATURE },
        as: f.manager,
      })
    ).json();
    const v2 = [{ title: "Only one", items: [{ key: "planks", text: "Planks decked and cleated", weight: 1 }] }];
    const edit = await t.request({
      method: "PUT",
      url: `/api/inspection-templates/${template.id}`,
      payload: { name: "Versioned v2", sections: v2 },
      as: f.manager,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ currentVersion: 2, name: "Versioned v2" });
    const again = (await t.request({ method: "GET", url: `/api/inspections/${first.id}`, as: f.w1 })).json();
    expect(again.templateVersion).toBe(1);
    expect(again.templateName).toBe("Versioned");
    expect(again.sections).toHaveLength(2);
    // A phone that walked version 1 offline still lands with version 1.
    const late = await t.request({
      method: "POST",
      url: "/api/inspections",
      payload: { projectId: f.projectP, templateId: template.id, templateVersion: 1, answers, signature: SIGNATURE },
      as: f.manager,
    });
    expect(late.json()).toMatchObject({ templateVersion: 1, score: 100 });
    // Stored versions cannot be rewritten, not even by SQL.
    await expect(
      t.db.updateTable("inspectionTemplateVersions").set({ name: "rewritten" }).where("templateId", "=", template.id).execute(),
    ).rejects.toThrow();
  });
});

describe("photos of an inspection's items", () => {
  const photoRule = [
    {
      title: "Platform",
      items: [
        { key: "planks", text: "Planks fully decked", photoRequiredOnFail: true, priority: "high" },
        { key: "guardrail", text: "Guardrail in place" },
      ],
    },
  ];
  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: "#0a0" } })
      .png()
      .toBuffer();
  async function stage(as: TestUser) {
    const { payload, headers } = multipartBody({}, { name: "planks.png", data: await png(), type: "image/png" });
    return t.request({ method: "POST", url: "/api/inspection-photos", payload, headers, as });
  }
  const create = (templateId: number, planksPhotos: number[] | undefined, as: TestUser = foreman) =>
    t.request({
      method: "POST",
      url: "/api/inspections",
      payload: {
        projectId: f.projectP,
        templateId,
        answers: [
          { itemKey: "planks", value: "fail", ...(planksPhotos ? { photoIds: planksPhotos } : {}) },
          { itemKey: "guardrail", value: "fail" },
        ],
        signature: SIGNATURE,
      },
      as,
    });
  const counts = async () => ({
    inspections: Number(
      (
        await t.db
          .selectFrom("inspections")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    actions: Number(
      (
        await t.db
          .selectFrom("correctiveActions")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it("a failed item that needs a photo and has none is refused, and nothing is stored", async () => {
    const template = await createTemplate(photoRule, "Photo rule");
    const before = await counts();
    const res = await create(template.id, undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PHOTO_REQUIRED_ON_FAIL);
    expect(res.json().issues).toEqual([{ path: "answers.0.photoIds", message: PHOTO_REQUIRED_ON_FAIL }]);
    expect(await counts()).toEqual(before);
    // The same rule in Spanish for a user who chose Spanish.
    const es = await t.request({
      method: "POST",
      url: "/api/inspections",
      payload: {
        projectId: f.projectP,
        templateId: template.id,
        answers: [
          { itemKey: "planks", value: "fail" },
          { itemKey: "guardrail", value: "pass" },
        ],
        signature: SIGNATURE,
      },
      headers: { "accept-language": "es" },
      as: foreman,
    });
    expect(es.json().message).toBe("Este punto necesita una foto cuando no cumple");
  });

  it("with a staged photo the inspection lands, the photo on its item, seen by the project, not by another project's worker", async () => {
    const template = await createTemplate(photoRule, "Photo rule 2");
    const staged = await stage(foreman);
    expect(staged.statusCode, staged.body).toBe(201);
    const photo = staged.json() as { id: number; recordKind: string; recordId: number | null; hasThumbnail: boolean };
    expect(photo).toMatchObject({ recordKind: "inspectionItem", recordId: null, hasThumbnail: true });
    // Staged: its uploader's only, staff included.
    expect((await t.request({ method: "GET", url: `/api/photos/${photo.id}/thumbnail`, as: foreman })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/api/photos/${photo.id}/thumbnail`, as: f.admin })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/photos/${photo.id}`, as: f.w1 })).statusCode).toBe(403);

    const res = await create(template.id, [photo.id]);
    expect(res.statusCode, res.body).toBe(201);
    const inspection = res.json() as {
      id: number;
      actions: { inspectionAnswerId: number; priority: string }[];
      answers: { id: number; itemKey: string; photoCount: number; photos: { id: number; recordKind: string; recordId: number }[] }[];
    };
    const planks = inspection.answers.find((a) => a.itemKey === "planks");
    expect(planks?.photoCount).toBe(1);
    expect(planks?.photos).toMatchObject([{ id: photo.id, recordKind: "inspectionItem", recordId: planks?.id }]);
    expect(inspection.answers.find((a) => a.itemKey === "guardrail")?.photos).toEqual([]);
    expect(inspection.actions).toHaveLength(2);
    // Whoever sees the inspection sees the photo: a worker of the project; not one of another project.
    const detail = await t.request({ method: "GET", url: `/api/inspections/${inspection.id}`, as: crew });
    expect(detail.json().answers.find((a: { itemKey: string }) => a.itemKey === "planks").photos[0].id).toBe(photo.id);
    for (const url of [`/api/photos/${photo.id}`, `/api/photos/${photo.id}/thumbnail`]) {
      expect((await t.request({ method: "GET", url, as: crew })).statusCode, url).toBe(200);
      expect((await t.request({ method: "GET", url, as: f.admin })).statusCode, url).toBe(200);
      expect((await t.request({ method: "GET", url, as: f.w2 })).statusCode, url).toBe(403);
    }
    // Part of the signed inspection: not removed, not even by its uploader or staff.
    expect((await t.request({ method: "DELETE", url: `/api/photos/${photo.id}`, as: foreman })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/api/photos/${photo.id}`, as: f.admin })).statusCode).toBe(403);

    // Attached once: a second inspection naming it is refused and stores nothing.
    const before = await counts();
    const again = await create(template.id, [photo.id]);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(STAGED_PHOTO_INVALID);
    expect(await counts()).toEqual(before);
  });

  it("the action a failed item raised shows its photos to its owner, even one moved off the project; not to others", async () => {
    const template = await createTemplate(photoRule, "Photo rule owner");
    const fixer = await t.createUser({ role: "worker", firstName: "Fay", lastName: "Fixer" });
    await t.assign(fixer.workerId as number, f.projectP);
    const photo = (await stage(foreman)).json() as { id: number };
    const res = await t.request({
      method: "POST",
      url: "/api/inspections",
      payload: {
        projectId: f.projectP,
        templateId: template.id,
        answers: [
          { itemKey: "planks", value: "fail", photoIds: [photo.id], ownerUserId: fixer.id },
          { itemKey: "guardrail", value: "pass" },
        ],
        signature: SIGNATURE,
      },
      as: foreman,
    });
    expect(res.statusCode, res.body).toBe(201);
    const actionId = (res.json() as { actions: { id: number }[] }).actions[0]?.id as number;
    // Taken off the project, the owner still fixes it: the action and what was found are theirs to see.
    await t.db
      .deleteFrom("projectWorkers")
      .where("workerId", "=", fixer.workerId as number)
      .execute();
    const action = await t.request({ method: "GET", url: `/api/corrective-actions/${actionId}`, as: fixer });
    expect(action.statusCode, action.body).toBe(200);
    expect((action.json() as { foundPhotos: { id: number }[] }).foundPhotos.map((p) => p.id)).toEqual([photo.id]);
    expect((await t.request({ method: "GET", url: `/api/photos/${photo.id}/thumbnail`, as: fixer })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/api/inspections/${(res.json() as { id: number }).id}`, as: fixer })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: "GET", url: `/api/photos/${photo.id}/thumbnail`, as: f.w2 })).statusCode).toBe(403);
    // Another owner named: the photo is no longer the first owner's to see.
    const current = action.json() as { description: string; priority: string; dueAt: string };
    const moved = await t.request({
      method: "PUT",
      url: `/api/corrective-actions/${actionId}`,
      payload: { description: current.description, priority: current.priority, dueAt: current.dueAt, ownerUserId: crew.id },
      as: f.manager,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await t.request({ method: "GET", url: `/api/photos/${photo.id}/thumbnail`, as: fixer })).statusCode).toBe(403);
    // An action raised by hand has none.
    const byHand = await t.request({
      method: "POST",
      url: "/api/corrective-actions",
      payload: { projectId: f.projectP, description: "Sweep the deck", priority: "low", ownerUserId: crew.id },
      as: f.manager,
    });
    expect((byHand.json() as { foundPhotos: unknown[] }).foundPhotos).toEqual([]);
  });

  it("another user's staged photo, or one that does not exist, is refused and stays staged", async () => {
    const template = await createTemplate(photoRule, "Photo rule 3");
    const theirs = (await stage(f.manager)).json() as { id: number };
    const before = await counts();
    for (const ids of [[theirs.id], [2_000_000_000]]) {
      const res = await create(template.id, ids);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(STAGED_PHOTO_INVALID);
    }
    expect(await counts()).toEqual(before);
    const row = await t.db
      .selectFrom("photos")
      .select(["staged", "inspectionAnswerId"])
      .where("id", "=", theirs.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ staged: true, inspectionAnswerId: null });
    // Staging is for those who may record inspections: a worker who is no crew lead may not.
    expect((await stage(crew)).statusCode).toBe(403);
  });

  it("a user holds at most STAGED_PHOTOS_PER_USER staged photos (409 beyond), and attaching frees room", async () => {
    const lead = await t.createUser({ role: "worker", firstName: "Sue", lastName: "Super", position: "Superintendent" });
    await t.assign(lead.workerId as number, f.projectP);
    const data = await png();
    await t.db
      .insertInto("photos")
      .values(
        Array.from({ length: STAGED_PHOTOS_PER_USER - 1 }, () => ({
          uploadedBy: lead.id,
          fileName: "x.png",
          contentType: "image/png",
          byteSize: data.byteLength,
          data,
          staged: true,
        })),
      )
      .execute();
    const last = await stage(lead);
    expect(last.statusCode, last.body).toBe(201);
    const over = await stage(lead);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(STAGED_PHOTO_LIMIT_REACHED);
    const template = await createTemplate(photoRule, "Photo rule 4");
    expect((await create(template.id, [last.json().id], lead)).statusCode).toBe(201);
    expect((await stage(lead)).statusCode).toBe(201);
    await t.db.deleteFrom("photos").where("uploadedBy", "=", lead.id).where("staged", "=", true).execute();
  });

  it("the daily retention deletes only staged photos older than a day", async () => {
    const data = await png();
    const now = new Date();
    const old = new Date(now.getTime() - 25 * 3600_000);
    const values = { uploadedBy: foreman.id, fileName: "x.png", contentType: "image/png", byteSize: data.byteLength, data };
    const template = await createTemplate(photoRule, "Photo rule 5");
    const attachedPhoto = (await stage(foreman)).json() as { id: number };
    expect((await create(template.id, [attachedPhoto.id])).statusCode).toBe(201);
    await t.db.updateTable("photos").set({ createdAt: old }).where("id", "=", attachedPhoto.id).execute();
    const rows = await t.db
      .insertInto("photos")
      .values([
        { ...values, staged: true, createdAt: old },
        { ...values, staged: true, createdAt: old },
        { ...values, staged: true, createdAt: new Date(now.getTime() - 23 * 3600_000) },
        { ...values, incidentReportId: f.incidentId, createdAt: old },
      ])
      .returning("id")
      .execute();
    const ids = [...rows.map((r) => r.id), attachedPhoto.id];
    expect(await pruneStagedPhotos(t.db, now)).toBeGreaterThanOrEqual(2);
    const left = await t.db.selectFrom("photos").select("id").where("id", "in", ids).orderBy("id").execute();
    expect(left.map((r) => r.id)).toEqual([rows[2]?.id, rows[3]?.id, attachedPhoto.id].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(await pruneStagedPhotos(t.db, now)).toBe(0);
  });
});

describe("corrective actions", () => {
  async function raise(priority: "high" | "medium" | "low", owner: TestUser, by: TestUser = f.manager) {
    const res = await t.request({
      method: "POST",
      url: "/api/corrective-actions",
      payload: { projectId: f.projectP, description: `Fix it (${priority})`, priority, ownerUserId: owner.id },
      as: by,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; dueAt: string; status: string };
  }
  const act = (id: number, step: string, as: TestUser, payload: object = {}) =>
    t.request({ method: "PUT", url: `/api/corrective-actions/${id}/${step}`, payload, as });

  it("open -> in progress -> awaiting verification -> closed; the owner cannot verify their own fix", async () => {
    const action = await raise("medium", crew, foreman);
    expect(action.dueAt).toBe("2026-12-04T08:00:00.000Z");
    expect((await act(action.id, "start", f.w1)).statusCode).toBe(403);
    expect((await act(action.id, "start", crew)).json().status).toBe("in_progress");
    expect((await act(action.id, "verify", foreman)).statusCode).toBe(409);
    expect((await act(action.id, "submit", crew, { evidenceNote: "Rail refitted" })).json()).toMatchObject({
      status: "awaiting_verification",
      evidenceNote: "Rail refitted",
    });
    const own = await act(action.id, "verify", crew);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(ACTION_NOT_OWN_VERIFY);
    expect((await act(action.id, "verify", f.w1)).statusCode).toBe(403);
    const verified = await act(action.id, "verify", foreman);
    expect(verified.json()).toMatchObject({ status: "closed", verifiedByName: "Fay Foreman" });
    expect(verified.json().history.map((h: { toState: string }) => h.toState)).toEqual([
      "open",
      "in_progress",
      "awaiting_verification",
      "closed",
    ]);
  });

  it("a rejected fix goes back to open with the reason; a high-priority fix needs a photo", async () => {
    const action = await raise("low", crew);
    await act(action.id, "submit", crew);
    expect((await act(action.id, "reject", f.manager, { reason: "" })).json().message).toBe("Say why the fix is not accepted");
    expect((await act(action.id, "reject", f.manager, { reason: "Still loose" })).json()).toMatchObject({
      status: "open",
      rejectionReason: "Still loose",
    });
    const high = await raise("high", crew);
    expect(high.dueAt).toBe("2026-11-28T08:00:00.000Z");
    const refused = await act(high.id, "submit", crew);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ACTION_PHOTO_REQUIRED);
  });

  it("the owner adds an evidence photo, then a high-priority fix can be marked fixed and closed", async () => {
    const high = await raise("high", crew, foreman);
    const url = `/api/corrective-actions/${high.id}/photos`;
    const photo = async (as: TestUser) => {
      const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c00" } })
        .png()
        .toBuffer();
      const { payload, headers } = multipartBody({}, { name: "fixed.png", data, type: "image/png" });
      return t.request({ method: "POST", url, payload, headers, as });
    };
    // A worker of the project who does not own the action may see it but not document its fix.
    const notOwner = await photo(f.w1);
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().message).toBe(NOT_YOUR_RECORD);
    // Another project's worker does not even see the action's photos.
    expect((await t.request({ method: "GET", url, as: f.w2 })).statusCode).toBe(403);
    expect((await act(high.id, "submit", crew)).json().message).toBe(ACTION_PHOTO_REQUIRED);
    const added = await photo(crew);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ recordKind: "correctiveAction", recordId: high.id });
    const listed = (await t.request({ method: "GET", url, as: foreman })).json() as { id: number }[];
    expect(listed.map((p) => p.id)).toEqual([added.json().id]);
    expect((await t.request({ method: "GET", url: `/api/photos/${added.json().id}/thumbnail`, as: f.w1 })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/api/photos/${added.json().id}`, as: f.w2 })).statusCode).toBe(403);
    const fixed = await act(high.id, "submit", crew, { evidenceNote: "New rail" });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ status: "awaiting_verification", evidencePhotoCount: 1 });
    expect((await act(high.id, "verify", foreman)).json().status).toBe("closed");
    // The evidence of a closed action stays: nobody removes it, staff included, and nothing is added.
    const removed = await t.request({ method: "DELETE", url: `/api/photos/${added.json().id}`, as: f.manager });
    expect(removed.statusCode).toBe(403);
    expect(((await t.request({ method: "GET", url, as: foreman })).json() as unknown[]).length).toBe(1);
    expect((await photo(crew)).statusCode).toBe(403);
    const history = (
      await t.db
        .selectFrom("auditEvents")
        .select("action")
        .where("entity", "=", "correctiveAction")
        .where("entityId", "=", high.id)
        .execute()
    ).map((r) => r.action);
    expect(history).toContain("photo_added");
  });

  it("edits are the raiser's and staff's; the owner must work on the project", async () => {
    const action = await raise("medium", crew, foreman);
    const payload = { description: "Fix it properly", priority: "low", ownerUserId: crew.id, dueAt: "2026-12-20T00:00:00Z" };
    const byOwner = await t.request({ method: "PUT", url: `/api/corrective-actions/${action.id}`, payload, as: crew });
    expect(byOwner.json().message).toBe(ACTION_EDIT_REFUSED);
    const edited = await t.request({ method: "PUT", url: `/api/corrective-actions/${action.id}`, payload, as: foreman });
    expect(edited.json()).toMatchObject({ priority: "low", dueAt: "2026-12-20T00:00:00.000Z" });
    const outsider = await t.request({
      method: "PUT",
      url: `/api/corrective-actions/${action.id}`,
      payload: { ...payload, ownerUserId: f.w2.id },
      as: f.manager,
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toBe("Please select a valid action owner");
  });

  it("goes overdue by the server's clock", async () => {
    const action = await raise("high", crew);
    expect((await t.request({ method: "GET", url: `/api/corrective-actions/${action.id}`, as: crew })).json().overdue).toBe(false);
    clock = new Date("2026-11-28T09:00:00Z");
    try {
      expect((await t.request({ method: "GET", url: `/api/corrective-actions/${action.id}`, as: crew })).json().overdue).toBe(true);
      const overdue = (await t.request({ method: "GET", url: "/api/corrective-actions?overdue=true&mine=true", as: crew })).json() as {
        id: number;
      }[];
      expect(overdue.map((a) => a.id)).toContain(action.id);
    } finally {
      clock = new Date("2026-11-27T08:00:00Z");
    }
  });

  it("offers as owners staff and the project's workers, to staff and crew leads of the project only", async () => {
    const owners = (projectId: number, as: TestUser) =>
      t.request({
        method: "GET",
        url: `/trpc/correctiveActions.owners?input=${encodeURIComponent(JSON.stringify({ json: { projectId } }))}`,
        as,
      });
    const res = await owners(f.projectP, foreman);
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json().result.data.json as { userId: number }[]).map((o) => o.userId);
    expect(ids).toEqual(expect.arrayContaining([f.admin.id, f.manager.id, foreman.id, crew.id, f.w1.id]));
    expect(ids).not.toContain(f.w2.id);
    expect((await owners(f.projectP, crew)).statusCode).toBe(403);
    expect((await owners(f.projectQ, foreman)).statusCode).toBe(403);
  });

  it("a worker sees their projects' actions and the ones assigned to them, nothing else", async () => {
    const onP = await raise("low", crew);
    // W2 works on Q only: an action of P is not theirs to see, until it is assigned to them.
    expect((await t.request({ method: "GET", url: `/api/corrective-actions/${onP.id}`, as: f.w2 })).statusCode).toBe(403);
    const list = (await t.request({ method: "GET", url: "/api/corrective-actions", as: f.w2 })).json() as { projectId: number }[];
    expect(list.filter((a) => a.projectId === f.projectP)).toEqual([]);
    const inspections = (await t.request({ method: "GET", url: "/api/inspections", as: f.w2 })).json() as { projectId: number }[];
    expect(inspections.filter((i) => i.projectId === f.projectP)).toEqual([]);
    const own = (await t.request({ method: "GET", url: "/api/inspections", as: f.w1 })).json() as { projectId: number }[];
    expect(own.filter((i) => i.projectId === f.projectP).length).toBeGreaterThan(0);

    // An owner taken off the project keeps seeing the action assigned to them, and only that one of
    // the project: not its other actions, not its inspections.
    const leaver = await t.createUser({ role: "worker", firstName: "Lou", lastName: "Leaver" });
    await t.assign(leaver.workerId as number, f.projectP);
    const theirs = await raise("low", leaver);
    await t.db
      .deleteFrom("projectWorkers")
      .where("workerId", "=", leaver.workerId as number)
      .execute();
    expect((await t.request({ method: "GET", url: `/api/corrective-actions/${theirs.id}`, as: leaver })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/api/corrective-actions/${onP.id}`, as: leaver })).statusCode).toBe(403);
    const leaverList = (await t.request({ method: "GET", url: "/api/corrective-actions", as: leaver })).json() as { id: number }[];
    expect(leaverList.map((a) => a.id)).toEqual([theirs.id]);
    const leaverInspections = (await t.request({ method: "GET", url: "/api/inspections", as: leaver })).json() as unknown[];
    expect(leaverInspections).toEqual([]);
  });

  it("exports CSV: inspections one row per answer, and actions", async () => {
    const inspections = await t.request({
      method: "GET",
      url: `/api/inspection-answers?format=csv&projectId=${f.projectP}`,
      as: f.manager,
    });
    expect(inspections.statusCode).toBe(200);
    expect(inspections.headers["content-type"]).toContain("text/csv");
    const lines = inspections.body.trim().split("\r\n");
    expect(lines[0]).toContain("inspectionId,project,template,templateVersion");
    expect(lines.some((l) => l.includes("Guardrail in place") && l.includes(",fail,"))).toBe(true);
    const actions = await t.request({ method: "GET", url: "/api/corrective-actions?format=csv", as: f.manager });
    expect(actions.body).toContain("id,project,source,description");
    // Each action is a row: the guardrail raised by the failed item is there with its priority.
    const rows = actions.body.trim().split("\r\n").slice(1);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.some((l) => l.includes("Guardrail in place") && l.includes("high"))).toBe(true);
  });
});

describe("schedules", () => {
  it("shows done, missed and due periods computed on read", async () => {
    const template = await createTemplate(weighted, "Scheduled");
    const created = await t.request({
      method: "POST",
      url: "/api/inspection-schedules",
      payload: { projectId: f.projectP, templateId: template.id, frequency: "daily", startsOn: "2026-11-24" },
      as: f.manager,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ scheduled: 3, done: 0, missed: 3 });
    const answers = ["planks", "guardrail", "toe-board"]
      .map((itemKey) => ({ itemKey, value: "pass" }))
      .concat([{ itemKey: "ladder", value: "yes" }]);
    await t.request({
      method: "POST",
      url: "/api/inspections",
      payload: { projectId: f.projectP, templateId: template.id, answers, signature: SIGNATURE, inspectedAt: "2026-11-25T10:00:00Z" },
      as: f.manager,
    });
    const list = (await t.request({ method: "GET", url: `/api/inspection-schedules?projectId=${f.projectP}`, as: f.w1 })).json() as {
      templateId: number;
      scheduled: number;
      done: number;
      missed: number;
      periods: { start: string; state: string }[];
    }[];
    const mine = list.find((s) => s.templateId === template.id);
    expect(mine).toMatchObject({ scheduled: 3, done: 1, missed: 2 });
    expect(mine?.periods.map((p) => `${p.start}:${p.state}`)).toEqual([
      "2026-11-27:due",
      "2026-11-26:missed",
      "2026-11-25:done",
      "2026-11-24:missed",
    ]);
    expect((await t.request({ method: "GET", url: `/api/inspection-schedules?projectId=${f.projectP}`, as: f.w2 })).statusCode).toBe(403);
  });
});

describe("leading indicators", () => {
  it("staff read done against scheduled, scores per week, actions per owner and the near-miss share; workers may not", async () => {
    clock = new Date("2027-01-15T08:00:00Z");
    try {
      const res = await t.request({ method: "GET", url: "/trpc/inspections.indicators", as: f.manager });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().result.data.json as {
        schedules: { projectId: number; scheduled: number; done: number; missed: number }[];
        scores: { projectId: number; averageScore: number }[];
        owners: { ownerUserId: number; openCount: number; overdueCount: number }[];
        nearMisses: { incidents: number; nearMisses: number; share: number | null };
      };
      const crewRow = data.owners.find((o) => o.ownerUserId === crew.id);
      // Every open action of Carl's is past due by 15 January.
      expect(crewRow?.overdueCount).toBe(crewRow?.openCount);
      expect(crewRow?.openCount).toBeGreaterThan(0);
      expect(data.schedules.find((s) => s.projectId === f.projectP)?.scheduled).toBeGreaterThan(0);
      expect(data.scores.some((s) => s.projectId === f.projectP)).toBe(true);
      expect((await t.request({ method: "GET", url: "/trpc/inspections.indicators", as: foreman })).statusCode).toBe(403);
    } finally {
      clock = new Date("2026-11-27T08:00:00Z");
    }
  });
});

describe("overdue reminders", () => {
  it("tell each overdue action's owner once, however often the daily job runs", async () => {
    const later = new Date("2027-02-01T06:30:00Z");
    const open = await t.db
      .selectFrom("correctiveActions")
      .select("id")
      .where("ownerUserId", "=", crew.id)
      .where("status", "<>", "closed")
      .execute();
    const told = await remindOverdueActions(t.db, undefined, later);
    expect(told.filter((id) => id === crew.id)).toHaveLength(open.length);
    const rows = await t.db
      .selectFrom("notifications")
      .select(["entityId", "params"])
      .where("userId", "=", crew.id)
      .where("kind", "=", "correctiveAction.overdue")
      .execute();
    expect(rows.map((r) => r.entityId).sort()).toEqual(open.map((a) => a.id).sort());
    expect(await remindOverdueActions(t.db, undefined, later)).toEqual([]);
    // Crew's notification list links each to its action.
    const list = await t.request({ method: "GET", url: "/api/notifications?limit=100", as: crew });
    expect(list.statusCode).toBe(200);
    const links = (list.json() as { kind: string; link: string }[]).filter((n) => n.kind === "correctiveAction.overdue").map((n) => n.link);
    expect(links.sort()).toEqual(open.map((a) => `/actions/${a.id}`).sort());
  });

  it("reach an owner moved off the project (the owner still sees the action), and nobody else on it", async () => {
    const mover = await t.createUser({ role: "worker", firstName: "Mo", lastName: "Moved" });
    await t.assign(mover.workerId as number, f.projectP);
    const res = await t.request({
      method: "POST",
      url: "/api/corrective-actions",
      payload: { projectId: f.projectP, description: "Replace the cracked ladder", priority: "low", ownerUserId: mover.id },
      as: f.manager,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    await t.db
      .deleteFrom("projectWorkers")
      .where("workerId", "=", mover.workerId as number)
      .execute();
    expect((await t.request({ method: "GET", url: `/api/corrective-actions/${id}`, as: mover })).statusCode).toBe(200);
    const told = await remindOverdueActions(t.db, undefined, new Date("2027-06-01T06:30:00Z"));
    expect(told).toContain(mover.id);
    const bell = (await t.request({ method: "GET", url: "/api/notifications?limit=100", as: mover })).json() as {
      kind: string;
      link: string;
    }[];
    expect(bell.filter((n) => n.kind === "correctiveAction.overdue").map((n) => n.link)).toEqual([`/actions/${id}`]);
    // A worker of the project who does not own it was not told.
    const others = await t.db
      .selectFrom("notifications")
      .select("userId")
      .where("kind", "=", "correctiveAction.overdue")
      .where("entityId", "=", id)
      .execute();
    expect(others.map((r) => r.userId)).toEqual([mover.id]);
  });
});
