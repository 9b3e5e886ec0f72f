import { randomUUID } from "node:crypto";
import { HOT_WORK_PRECAUTIONS } from "@sitesafe/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restRoutes } from "../src/rest/index.js";
import { deleteExpiredKeys, IDEMPOTENCY_KEY_INVALID, IDEMPOTENCY_KEY_REUSED } from "../src/services/idempotency.js";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let worker: TestUser;
let crew: TestUser;
let project: number;
let moduleId: number;
let videoId: number;
let jhaId: number;
let incidentId: number;
let permitId: number;
let talkId: number;
let inspectionTemplateId: number;
/** The forklift type's id, a card of the worker's (its photos) and an action the worker owns (its evidence photos). */
let forkliftTypeId: number;
let credentialId: number;
let actionId: number;
/** How many options each question of the first module has: an attempt answers every question. */
let quizOptions: number[];

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, worker, crew] = await Promise.all([
    t.createUser({ role: "admin" }),
    t.createUser({ role: "manager" }),
    t.createUser({ role: "worker" }),
    t.createUser({ role: "worker" }),
  ]);
  project = await t.createProject({ name: "Idempotent Tower" });
  await t.assign(worker.workerId as number, project);
  const firstModule = await t.db.selectFrom("trainingModules").select(["id", "content"]).orderBy("id").executeTakeFirstOrThrow();
  moduleId = firstModule.id;
  quizOptions = (firstModule.content as { quiz: { options: unknown[] }[] }).quiz.map((q) => q.options.length);
  const video = await t.request({
    method: "POST",
    url: "/api/safety-videos",
    payload: { title: "Ladders", description: "Three points", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", duration: 60 },
    as: manager,
  });
  videoId = video.json().id;
  jhaId = (await t.request({ method: "POST", url: "/api/jha-forms", payload: jhaBody("seed"), as: worker })).json().id;
  incidentId = (await t.request({ method: "POST", url: "/api/incident-reports", payload: incidentBody("seed"), as: worker })).json().id;
  const permitCase = creates["/api/hot-work-permits"] as CreateCase;
  permitId = (await t.request({ method: "POST", url: "/api/hot-work-permits", payload: permitCase.body("seed"), as: worker })).json().id;
  talkId = (await t.request({ method: "POST", url: "/api/toolbox-talks", payload: talkBody("seed"), as: manager })).json().id;
  inspectionTemplateId = (
    await t.request({ method: "POST", url: "/api/inspection-templates", payload: templateBody("seed"), as: manager })
  ).json().id;
  const types = (await t.request({ method: "GET", url: "/api/credential-types", as: manager })).json() as { id: number; code: string }[];
  forkliftTypeId = (types.find((x) => x.code === "forklift") as { id: number }).id;
  credentialId = (
    await t.request({
      method: "POST",
      url: `/api/workers/${worker.workerId}/credentials`,
      payload: { credentialTypeId: forkliftTypeId, number: "FL-seed", expiryDate: "2029-01-01" },
      as: worker,
    })
  ).json().id;
  actionId = (
    await t.request({
      method: "POST",
      url: "/api/corrective-actions",
      payload: { projectId: project, description: "Cover the stair opening", priority: "high", ownerUserId: worker.id },
      as: manager,
    })
  ).json().id;
});

function templateBody(n: string) {
  return { name: `Scaffold check ${n}`, sections: [{ title: "Platform", items: [{ key: "planks", text: "Planks fully decked" }] }] };
}

function talkBody(n: string) {
  return {
    projectId: project,
    title: `Ladders ${n}`,
    content: "Three points of contact",
    talkDate: "2026-03-02",
    presenterName: "Site lead",
  };
}

/** A crew member without an account, signed in by the record's filer (crew sign-on, issue #34). */
function guestSignature(n: string) {
  return { guestName: `Guest ${n}`, guestCompany: "Subs Inc", signature: pngWith(n).toString("base64"), recordVersion: "a".repeat(64) };
}
afterAll(() => t.close());

function jhaBody(n: string) {
  return {
    projectId: project,
    title: `Trench ${n}`,
    jobDescription: "Dig a 2 m trench for the water main",
    hazards: [{ description: "Trench collapse", riskLevel: "high" }],
    controlMeasures: [{ description: "Shoring", responsibility: "Foreman" }],
  };
}

function incidentBody(n: string) {
  return {
    projectId: project,
    title: `Ladder slipped ${n}`,
    description: "Slid on wet concrete",
    severity: "minor",
    date: "2026-03-02",
    location: "Stairs",
    status: "open",
  };
}

/** A 1x1 PNG with a tEXt chunk holding n (a valid image whose bytes differ per n). */
function pngWith(n: string): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, k) => {
    let c = k;
    for (let i = 0; i < 8; i++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  const idat = Buffer.from("789c6360000000020001e221bc33", "hex");
  return Buffer.concat([
    Buffer.from("89504e470d0a1a0a", "hex"),
    chunk("IHDR", ihdr),
    chunk("tEXt", Buffer.from(`Comment\0${n}`, "latin1")),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function photoForm(n: string) {
  const boundary = `----idem${randomUUID().slice(0, 8)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="site.png"\r\nContent-Type: image/png\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), pngWith(n), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** An answer to every question: `first` for the first question, option 0 for the rest. */
const quizAnswers = (first: number) => quizOptions.map((options, i) => (i === 0 ? first % options : 0));

const count = async (table: string, where = sql`true`) =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(t.db)).rows[0]?.n);

function multipart(fields: Record<string, string>, file: { name: string; text: string }) {
  const boundary = `----idem${randomUUID().slice(0, 8)}`;
  let body = "";
  for (const [name, value] of Object.entries(fields))
    body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  body += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/plain\r\n\r\n${file.text}\r\n--${boundary}--\r\n`;
  return { payload: Buffer.from(body), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

interface CreateCase {
  url: () => string;
  as: () => TestUser;
  /** The request body for a run; n makes each run's unique fields unique. */
  body: (n: string) => Record<string, unknown>;
  /** What one successful create adds one of. */
  records: () => Promise<number>;
  multipart?: boolean;
  /** A photo upload: a PNG whose text chunk carries n, so each run's bytes differ. */
  photo?: boolean;
}

/** Every REST POST that creates something, keyed by its path (checked against the table below). */
const creates: Record<string, CreateCase> = {
  "/api/jha-forms/:id/sign-on": {
    url: () => `/api/jha-forms/${jhaId}/sign-on`,
    as: () => worker,
    body: guestSignature,
    records: () => count("crew_signatures"),
  },
  "/api/hot-work-permits/:id/sign-on": {
    url: () => `/api/hot-work-permits/${permitId}/sign-on`,
    as: () => worker,
    body: guestSignature,
    records: () => count("crew_signatures"),
  },
  "/api/toolbox-talks/:id/sign-on": {
    url: () => `/api/toolbox-talks/${talkId}/sign-on`,
    as: () => manager,
    body: guestSignature,
    records: () => count("crew_signatures"),
  },
  "/api/toolbox-talk-topics": {
    url: () => "/api/toolbox-talk-topics",
    as: () => manager,
    body: (n) => ({ language: "en", title: `Silica ${n}`, content: "Wet cutting" }),
    records: () => count("toolbox_talk_topics"),
  },
  "/api/toolbox-talks": { url: () => "/api/toolbox-talks", as: () => manager, body: talkBody, records: () => count("toolbox_talks") },
  "/api/inspection-templates": {
    url: () => "/api/inspection-templates",
    as: () => manager,
    body: templateBody,
    records: () => count("inspection_templates"),
  },
  "/api/inspections": {
    url: () => "/api/inspections",
    as: () => manager,
    body: (n) => ({
      projectId: project,
      templateId: inspectionTemplateId,
      answers: [{ itemKey: "planks", value: "fail", note: `Gap ${n}` }],
      signature: "data:image/png;base64,iVBORw0KGgo=",
    }),
    records: () => count("inspections"),
  },
  // One schedule per project and template: `fresh` removes the previous test's.
  "/api/inspection-schedules": {
    url: () => "/api/inspection-schedules",
    as: () => manager,
    body: () => ({ projectId: project, templateId: inspectionTemplateId, frequency: "daily", startsOn: "2026-03-02" }),
    records: () => count("inspection_schedules"),
  },
  "/api/corrective-actions": {
    url: () => "/api/corrective-actions",
    as: () => manager,
    body: (n) => ({ projectId: project, description: `Cover the opening ${n}`, priority: "low", ownerUserId: worker.id }),
    records: () => count("corrective_actions"),
  },
  "/api/credential-types": {
    url: () => "/api/credential-types",
    as: () => manager,
    body: (n) => ({ nameEn: `Rigger ${n}`, nameEs: `Aparejador ${n}`, validityMonths: 60 }),
    records: () => count("credential_types"),
  },
  "/api/credential-requirements": {
    url: () => "/api/credential-requirements",
    as: () => manager,
    body: (n) => ({ credentialTypeId: forkliftTypeId, position: `Operator ${n}` }),
    records: () => count("credential_requirements"),
  },
  "/api/workers/:workerId/credentials": {
    url: () => `/api/workers/${worker.workerId}/credentials`,
    as: () => worker,
    body: (n) => ({ credentialTypeId: forkliftTypeId, number: `FL-${n}`, expiryDate: "2029-01-01" }),
    records: () => count("credentials"),
  },
  // Imports one card per line: a replay of the same file imports nothing twice.
  "/api/credentials/import": {
    url: () => "/api/credentials/import",
    as: () => manager,
    body: (n) => ({ csv: `email,type,number,issuer,issueDate,expiryDate\n${worker.email},Forklift operator,IMP-${n},Acme,,2029-01-01\n` }),
    records: () => count("credentials"),
  },
  // A card holds a front and a back: `fresh` removes the previous test's.
  "/api/credentials/:id/photos": {
    url: () => `/api/credentials/${credentialId}/photos`,
    as: () => worker,
    body: (n) => ({ photo: n }),
    records: () => count("photos"),
    photo: true,
  },
  "/api/corrective-actions/:id/photos": {
    url: () => `/api/corrective-actions/${actionId}/photos`,
    as: () => worker,
    body: (n) => ({ photo: n }),
    records: () => count("photos"),
    photo: true,
  },
  // A staged inspection photo (attached to nothing): the manager may record inspections.
  "/api/inspection-photos": {
    url: () => "/api/inspection-photos",
    as: () => manager,
    body: (n) => ({ photo: n }),
    records: () => count("photos"),
    photo: true,
  },
  "/api/jha-forms": { url: () => "/api/jha-forms", as: () => worker, body: jhaBody, records: () => count("jha_forms") },
  "/api/jha-forms/:id/comments": {
    url: () => `/api/jha-forms/${jhaId}/comments`,
    as: () => worker,
    body: (n) => ({ content: `Check the shoring ${n}` }),
    records: () => count("jha_comments"),
  },
  "/api/incident-reports": {
    url: () => "/api/incident-reports",
    as: () => worker,
    body: incidentBody,
    records: () => count("incident_reports"),
  },
  "/api/hot-work-permits": {
    url: () => "/api/hot-work-permits",
    as: () => worker,
    body: (n) => ({
      projectId: project,
      title: `Weld stringers ${n}`,
      location: "Level 2",
      workDescription: "Welding steel stringers",
      startDate: "2026-03-02T08:00:00.000Z",
      endDate: "2026-03-02T16:00:00.000Z",
      precautions: [HOT_WORK_PRECAUTIONS[0]],
      equipmentUsed: ["Welding equipment"],
      fireWatchRequired: false,
      requestedBy: worker.workerId,
    }),
    records: () => count("hot_work_permits"),
  },
  "/api/safety-comments": {
    url: () => "/api/safety-comments",
    as: () => worker,
    body: (n) => ({ title: `Loose plank ${n}`, content: "A plank on level 3 moves when stepped on.", status: "open" }),
    records: () => count("safety_comments"),
  },
  "/api/workers/:workerId/trainings": {
    url: () => `/api/workers/${worker.workerId}/trainings`,
    as: () => worker,
    body: (n) => ({ moduleId, progress: 10 + (Number.parseInt(n.slice(-2), 16) % 80) }),
    // An upsert too (see videos below); its first run starts the module, which is audited once.
    records: () => count("audit_events", sql`entity = 'training'`),
  },
  "/api/workers/:workerId/videos": {
    url: () => `/api/workers/${worker.workerId}/videos`,
    as: () => worker,
    body: (n) => ({ videoId, watchedPercentage: 10 + (Number.parseInt(n.slice(-2), 16) % 80) }),
    // An upsert: its row count cannot tell one run from two, but lastWatchedAt in the answer can.
    records: () => count("worker_videos", sql`worker_id = ${worker.workerId}`),
  },
  "/api/projects": {
    url: () => "/api/projects",
    as: () => manager,
    body: (n) => ({ name: `Harbor ${n}`, location: "Pier 4", status: "active", startDate: "2026-03-01" }),
    records: () => count("projects"),
  },
  "/api/projects/:id/workers": {
    url: () => `/api/projects/${project}/workers`,
    as: () => manager,
    body: () => ({ workerId: crew.workerId, role: "Rigger" }),
    records: () => count("project_workers"),
  },
  "/api/projects/:id/safety-plan": {
    url: () => `/api/projects/${project}/safety-plan`,
    as: () => manager,
    body: (n) => ({ description: `Rev ${n}`, text: `Site plan ${n}` }),
    records: () => count("audit_events", sql`action = 'safety_plan_uploaded'`),
    multipart: true,
  },
  "/api/workers": {
    url: () => "/api/workers",
    as: () => manager,
    body: (n) => ({
      username: `crew_${n}`,
      password: "secret1",
      firstName: "Casey",
      lastName: "Jones",
      email: `casey.${n}@example.com`,
      phone: "5551234567",
      role: "Electrician",
    }),
    records: () => count("workers"),
  },
  "/api/managers": {
    url: () => "/api/managers",
    as: () => admin,
    body: (n) => ({
      username: `mgr_${n}`,
      password: "secret1",
      firstName: "Dana",
      lastName: "Lead",
      email: `dana.${n}@example.com`,
      phone: "5550001111",
    }),
    records: () => count("workers"),
  },
  "/api/training-modules": {
    url: () => "/api/training-modules",
    as: () => manager,
    body: (n) => ({
      title: `Ladder Safety ${n}`,
      description: "Set up ladders",
      type: "fall_protection",
      duration: 20,
      content: {
        sections: [{ title: "Set-up", content: "4-to-1" }],
        quiz: [{ question: "Ratio?", options: ["4 to 1", "2 to 1"], answer: 0 }],
      },
    }),
    records: () => count("training_modules"),
  },
  "/api/safety-videos": {
    url: () => "/api/safety-videos",
    as: () => manager,
    body: (n) => ({
      title: `Toolbox talk ${n}`,
      description: "Three points",
      url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      duration: 90,
    }),
    records: () => count("safety_videos"),
  },
  "/api/workers/:workerId/trainings/:moduleId/attempts": {
    url: () => `/api/workers/${worker.workerId}/trainings/${moduleId}/attempts`,
    as: () => worker,
    // Each run's n must give its own request: the first answer follows n's last character, and the
    // sections viewed whether n holds a "z" (the "another request" case adds "zz"; hex never does).
    body: (n) => ({ answers: quizAnswers(n.charCodeAt(n.length - 1) % 2), sectionsViewed: n.includes("z") ? 1 : 0 }),
    records: () => count("quiz_attempts"),
  },
  "/api/establishments": {
    url: () => "/api/establishments",
    as: () => manager,
    body: (n) => ({
      name: `Yard ${n}`,
      streetAddress: "1 Harbor Way",
      city: "Springfield",
      state: "IL",
      zip: "62701",
      naicsCode: "236220",
      size: 21,
    }),
    records: () => count("establishments"),
  },
  "/api/incident-reports/:id/photos": {
    url: () => `/api/incident-reports/${incidentId}/photos`,
    as: () => worker,
    // The photo's bytes are the request: another request is another photo.
    body: (n) => ({ photo: n }),
    records: () => count("photos"),
    photo: true,
  },
  "/api/jha-forms/:id/photos": {
    url: () => `/api/jha-forms/${jhaId}/photos`,
    as: () => worker,
    body: (n) => ({ photo: n }),
    records: () => count("photos"),
    photo: true,
  },
  // A talk holds one group photo: `fresh` removes the previous test's.
  "/api/toolbox-talks/:id/photos": {
    url: () => `/api/toolbox-talks/${talkId}/photos`,
    as: () => manager,
    body: (n) => ({ photo: n }),
    records: () => count("photos"),
    photo: true,
  },
};

/**
 * Creates whose answer carries a secret shown once (an invite token, a service token): they ignore
 * the key, because a replay would have to return the secret from a stored answer, and secrets are
 * never stored. A doubled create only makes a second token, which expires or is revoked.
 */
const secretCreates = ["/api/invite-tokens", "/api/tokens", "/api/sign-on-links"];
/** POSTs that create nothing, or that no one signed in makes (so no user to key on). */
const notCreates = [
  "/api/login",
  "/api/register",
  "/api/logout",
  "/api/change-password",
  "/api/reset-password",
  // Sets a mark on the worker's video record: sending it twice leaves the same mark.
  "/api/workers/:workerId/videos/:videoId/self-attest",
  // Public crew sign-on through a link: no one signed in, so no user to key on; a repeat is a second signature by name.
  "/api/public/sign-on/:token",
  // Forgets a Web Push device: a repeat finds nothing to forget (404) and changes nothing.
  "/api/push/unsubscribe",
  // A credential's verification and rejection are transitions: a repeat finds it no longer submitted (409) and changes nothing.
  "/api/credentials/:id/verify",
  "/api/credentials/:id/reject",
  ...secretCreates,
];

function send(c: CreateCase, n: string, key: string | undefined) {
  const body = c.body(n);
  const headers = key === undefined ? {} : { "idempotency-key": key };
  if (c.photo) {
    const form = photoForm(String(body.photo));
    return t.request({ method: "POST", url: c.url(), payload: form.payload, headers: { ...headers, ...form.headers }, as: c.as() });
  }
  if (c.multipart) {
    const form = multipart({ description: String(body.description) }, { name: "plan.txt", text: String(body.text) });
    return t.request({ method: "POST", url: c.url(), payload: form.payload, headers: { ...headers, ...form.headers }, as: c.as() });
  }
  return t.request({ method: "POST", url: c.url(), payload: body, headers, as: c.as() });
}

/** Undoes the previous test's record where a second real create would be a 409 or an update. */
const fresh = async (path: string) => {
  if (path === "/api/toolbox-talks/:id/photos") await t.db.deleteFrom("photos").where("toolboxTalkId", "=", talkId).execute();
  if (path === "/api/credentials/:id/photos") await t.db.deleteFrom("photos").where("credentialId", "=", credentialId).execute();
  if (path === "/api/inspection-schedules") await t.db.deleteFrom("inspectionSchedules").where("projectId", "=", project).execute();
  if (path === "/api/projects/:id/workers")
    await t.db
      .deleteFrom("projectWorkers")
      .where("workerId", "=", crew.workerId as number)
      .execute();
  if (path === "/api/workers/:workerId/trainings")
    await t.db
      .deleteFrom("workerTrainings")
      .where("workerId", "=", worker.workerId as number)
      .execute();
  if (path === "/api/workers/:workerId/videos")
    await t.db
      .deleteFrom("workerVideos")
      .where("workerId", "=", worker.workerId as number)
      .execute();
};

describe("Idempotency-Key on every create", () => {
  it("every REST POST is either in this test's table of creates or known to create nothing", () => {
    const posts = restRoutes.filter((r) => r.method === "POST").map((r) => r.path);
    expect(posts.filter((p) => !notCreates.includes(p)).sort()).toEqual(Object.keys(creates).sort());
    // A route that no longer exists must not stay excused.
    expect(notCreates.filter((p) => !posts.includes(p))).toEqual([]);
  });

  describe.each(Object.entries(creates))("POST %s", (path, c) => {
    it("the same key again returns the first answer and creates nothing new", async () => {
      await fresh(path);
      const key = randomUUID();
      const n = randomUUID().slice(0, 8);
      const before = await c.records();
      const first = await send(c, n, key);
      expect(first.statusCode, first.body).toBeLessThan(300);
      const again = await send(c, n, key);
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.json()).toEqual(first.json());
      expect(await c.records()).toBe(before + 1);
    });

    it("two copies arriving at once create one record and get the same answer", async () => {
      await fresh(path);
      const key = randomUUID();
      const n = randomUUID().slice(0, 8);
      const before = await c.records();
      const [a, b] = await Promise.all([send(c, n, key), send(c, n, key)]);
      expect(a.statusCode, a.body).toBeLessThan(300);
      expect(b.statusCode, b.body).toBe(a.statusCode);
      expect(b.json()).toEqual(a.json());
      expect(await c.records()).toBe(before + 1);
    });

    it("another request under a used key is refused with 409 and creates nothing", async () => {
      await fresh(path);
      const key = randomUUID();
      const first = await send(c, randomUUID().slice(0, 8), key);
      expect(first.statusCode, first.body).toBeLessThan(300);
      const before = await c.records();
      const other = await send(c, `${randomUUID().slice(0, 6)}zz`, key);
      // Routes whose body does not depend on n (assignments, invite tokens) send the same request.
      if (JSON.stringify(c.body("a")) === JSON.stringify(c.body("b"))) return expect(other.json()).toEqual(first.json());
      expect(other.statusCode).toBe(409);
      expect(other.json()).toEqual({ message: IDEMPOTENCY_KEY_REUSED });
      expect(await c.records()).toBe(before);
    });
  });
});

describe("creates that answer a secret once", () => {
  it.each([
    ["/api/invite-tokens", () => admin, { role: "manager" }, "invite_tokens"],
    ["/api/tokens", () => worker, { name: "sync", scope: "read" }, "service_tokens"],
  ] as const)(
    "POST %s ignores the key: nothing of the answer is stored, and each send makes its own token",
    async (url, as, body, table) => {
      const key = randomUUID();
      const before = await count(table);
      const first = await t.request({ method: "POST", url, payload: body, headers: { "idempotency-key": key }, as: as() });
      const again = await t.request({ method: "POST", url, payload: body, headers: { "idempotency-key": key }, as: as() });
      expect(first.statusCode, first.body).toBe(201);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json().id).not.toBe(first.json().id);
      expect(await count(table)).toBe(before + 2);
      expect(await count("idempotency_keys", sql`key = ${key}`)).toBe(0);
    },
  );
});

describe("Idempotency-Key rules", () => {
  const jha = creates["/api/jha-forms"] as CreateCase;

  it("is per user: the same key from another user is a new request", async () => {
    const other = await t.createUser({ role: "worker" });
    await t.assign(other.workerId as number, project);
    const key = randomUUID();
    const before = await count("jha_forms");
    const mine = await send(jha, "per-user", key);
    const theirs = await t.request({
      method: "POST",
      url: "/api/jha-forms",
      payload: jhaBody("per-user"),
      headers: { "idempotency-key": key },
      as: other,
    });
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await count("jha_forms")).toBe(before + 2);
  });

  it("without a key every request creates", async () => {
    const before = await count("jha_forms");
    await send(jha, "no-key", undefined);
    await send(jha, "no-key", undefined);
    expect(await count("jha_forms")).toBe(before + 2);
  });

  it.each([["x".repeat(256)], ["has space"], ["tab\there"]])("a malformed key %j is a 400 with a message", async (key) => {
    const before = await count("jha_forms");
    const res = await send(jha, "bad-key", key);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: IDEMPOTENCY_KEY_INVALID });
    expect(await count("jha_forms")).toBe(before);
  });

  it("a refused create keeps no key: the same key works once the reason is gone", async () => {
    const late = await t.createUser({ role: "worker" });
    const key = randomUUID();
    const refused = await t.request({
      method: "POST",
      url: "/api/jha-forms",
      payload: jhaBody("late"),
      headers: { "idempotency-key": key },
      as: late,
    });
    expect(refused.statusCode).toBe(403);
    await t.assign(late.workerId as number, project);
    const accepted = await t.request({
      method: "POST",
      url: "/api/jha-forms",
      payload: jhaBody("late"),
      headers: { "idempotency-key": key },
      as: late,
    });
    expect(accepted.statusCode).toBe(201);
  });

  it("the tRPC mutation honours the header too, and shares keys with the REST route", async () => {
    const key = randomUUID();
    const before = await count("jha_forms");
    const input = { json: jhaBody("trpc") };
    const call = () =>
      t.request({ method: "POST", url: "/trpc/jha.create", payload: input, headers: { "idempotency-key": key }, as: worker });
    const [a, b] = await Promise.all([call(), call()]);
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    const rest = await send(jha, "trpc", key);
    expect(rest.statusCode).toBe(201);
    expect(rest.json().id).toBe(a.json().result.data.json.id);
    expect(await count("jha_forms")).toBe(before + 1);

    const reused = await t.request({
      method: "POST",
      url: "/trpc/jha.create",
      payload: { json: jhaBody("other") },
      headers: { "idempotency-key": key },
      as: worker,
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.json.message).toBe(IDEMPOTENCY_KEY_REUSED);
  });

  it("a retried upload of the photo that filled its record gets its first answer, not 'at most 10'", async () => {
    const upload = creates["/api/incident-reports/:id/photos"] as CreateCase;
    const photosOf = () => count("photos", sql`incident_report_id = ${incidentId}`);
    while ((await photosOf()) < 9) expect((await send(upload, randomUUID().slice(0, 8), undefined)).statusCode).toBe(201);
    const key = randomUUID();
    const tenth = await send(upload, "tenth", key);
    expect(tenth.statusCode, tenth.body).toBe(201);
    // The phone lost the answer and sends the same upload again under the same key.
    const retried = await send(upload, "tenth", key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().id).toBe(tenth.json().id);
    expect(await photosOf()).toBe(10);
    // A new upload is still refused: the record is full.
    expect((await send(upload, "eleventh", randomUUID())).statusCode).toBe(409);
    await t.db.deleteFrom("photos").where("incidentReportId", "=", incidentId).execute();
  });

  it("a key older than 24 hours is forgotten: reused, it creates again; the sweep deletes it", async () => {
    const key = randomUUID();
    const first = await send(jha, "old", key);
    await t.db
      .updateTable("idempotencyKeys")
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where("key", "=", key)
      .execute();
    const before = await count("jha_forms");
    const again = await send(jha, "old", key);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(first.json().id);
    expect(await count("jha_forms")).toBe(before + 1);

    await t.db
      .updateTable("idempotencyKeys")
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where("key", "=", key)
      .execute();
    const kept = randomUUID();
    await send(jha, "kept", kept);
    expect(await deleteExpiredKeys(t.db)).toBeGreaterThanOrEqual(1);
    const left = await t.db.selectFrom("idempotencyKeys").select("key").where("key", "in", [key, kept]).execute();
    expect(left.map((r) => r.key)).toEqual([kept]);
  });
});
