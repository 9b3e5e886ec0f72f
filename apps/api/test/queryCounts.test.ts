import type { Database, DbHandle } from "@sitesafe/db";
import { createTestDb } from "@sitesafe/db/testing";
import type { FastifyInstance } from "fastify";
import type { Insertable, Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../src/auth/sessions.js";
import { CHUNK_ROWS } from "../src/lists.js";
import { buildServer } from "../src/server.js";
import { testConfig } from "./helpers.js";

/**
 * docs/architecture.md: "Lists and dashboards are computed in SQL: a constant number of queries per
 * request, never one query per row." Proven here by counting the statements each list and
 * dashboard GET runs (Kysely's log hook) on a database with 10 rows per table and on one with
 * 1,000, as admin and as a worker who sees half of everything. A route that runs a query per row
 * shows a count that grows with the data. Lists are called without a limit, so every row is in
 * the answer; a whole list is read in chunks of CHUNK_ROWS rows, one query each, which is counted
 * apart.
 */

interface Site {
  app: FastifyInstance;
  handle: DbHandle;
  queries: { n: number };
  cookies: { admin: string; worker: string };
  ids: { workerId: number; workerUserId: number; projectId: number; jhaFormId: number; talkId: number };
}

const SMALL = 10;
const LARGE = 1_000;
const BATCH = 500;

async function insertAll<T extends keyof Database>(db: Kysely<Database>, table: T, rows: Insertable<Database[T]>[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * n rows in every table the lists read. The signed-in worker is on half the projects and has a
 * training and a video record for every module and video, so their own lists grow with n too.
 * Every other worker is on project 0 or on one other project, so project 0 has n/2 workers, and
 * half of the forms, reports and permits are on project 0.
 */
async function seed(db: Kysely<Database>, n: number) {
  // Nobody signs in with a password here: sessions are created directly.
  const hash = "unused";
  const admin = await db
    .insertInto("users")
    .values({ username: "qc_admin", email: "qc_admin@example.com", passwordHash: hash, role: "admin", firstName: "Ada", lastName: "Admin" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const me = await db
    .insertInto("users")
    .values({
      username: "qc_worker",
      email: "qc_worker@example.com",
      passwordHash: hash,
      role: "worker",
      firstName: "Wes",
      lastName: "Worker",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const meWorker = await db
    .insertInto("workers")
    .values({
      userId: me.id,
      firstName: "Wes",
      lastName: "Worker",
      email: "qc_worker@example.com",
      role: "Carpenter",
      company: "Acme",
      hardhatNumber: "HH-0",
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  await insertAll(
    db,
    "users",
    range(n).map((i) => ({
      username: `qc_user_${i}`,
      email: `qc_user_${i}@example.com`,
      passwordHash: hash,
      role: "worker" as const,
      firstName: "First",
      lastName: `Last${i}`,
    })),
  );
  const userIds = (await db.selectFrom("users").select("id").where("username", "like", "qc_user_%").orderBy("id").execute()).map(
    (u) => u.id,
  );
  await insertAll(
    db,
    "workers",
    userIds.map((userId, i) => ({
      userId,
      firstName: "First",
      lastName: `Last${i}`,
      email: `qc_user_${i}@example.com`,
      phone: "5551234567",
      role: i % 10 === 0 ? "Safety Manager" : "Laborer",
      company: "Acme",
      hardhatNumber: `HH-${i + 1}`,
    })),
  );
  const workerIds = (await db.selectFrom("workers").select("id").where("id", "<>", meWorker.id).orderBy("id").execute()).map((w) => w.id);

  await insertAll(
    db,
    "projects",
    range(n).map((i) => ({
      name: `Project ${i}`,
      location: `Site ${i}`,
      status: (["active", "completed", "on_hold"] as const)[i % 3],
      startDate: "2026-01-05",
      emergencyContactInfo: JSON.stringify({}),
    })),
  );
  const projectIds = (await db.selectFrom("projects").select("id").orderBy("id").execute()).map((p) => p.id);
  const projectId = projectIds[0]!;
  const at = (i: number) => projectIds[i % n]!;
  // Half of every kind of record is on project 0, so its ?projectId lists grow with n as well.
  const recordProject = (i: number) => (i % 2 === 0 ? projectId : at(i));

  await insertAll(db, "projectWorkers", [
    ...workerIds.map((workerId, i) => ({ projectId: i % 2 === 0 ? projectId : at(i), workerId })),
    ...range(n / 2).map((i) => ({ projectId: at(i), workerId: meWorker.id })),
  ]);
  await insertAll(
    db,
    "safetyPlans",
    projectIds.map((id) => ({
      projectId: id,
      fileName: "plan.txt",
      fileSize: 4,
      fileType: "text/plain; charset=utf-8",
      uploadedBy: admin.id,
      fileData: Buffer.from("plan"),
    })),
  );

  await insertAll(
    db,
    "trainingModules",
    range(n).map((i) => ({
      title: `Module ${i}`,
      description: "d",
      type: "site_safety" as const,
      duration: 30,
      content: JSON.stringify({ sections: [{ title: "s", content: "c" }], quiz: [{ question: "q", options: ["a", "b"], answer: 0 }] }),
    })),
  );
  const moduleIds = (await db.selectFrom("trainingModules").select("id").where("title", "like", "Module %").orderBy("id").execute()).map(
    (m) => m.id,
  );
  await insertAll(db, "workerTrainings", [
    ...moduleIds.map((moduleId, i) => ({
      workerId: meWorker.id,
      moduleId,
      status: (["completed", "in_progress", "not_started"] as const)[i % 3],
      progress: [100, 50, 0][i % 3]!,
    })),
    ...workerIds.map((workerId, i) => ({
      workerId,
      moduleId: moduleIds[i]!,
      status: "completed" as const,
      progress: 100,
      completedAt: new Date(),
    })),
  ]);

  const day = 24 * 60 * 60 * 1000;
  await insertAll(
    db,
    "safetyVideos",
    range(n).map((i) => ({
      title: `Video ${i}`,
      url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      duration: 120,
      publishedAt: new Date(Date.now() + (i % 2 === 0 ? -1 : 1) * (i + 1) * day),
      requiredWatchByDate: new Date(Date.now() + (i - n / 2) * day),
      tags: JSON.stringify(["ppe"]),
    })),
  );
  const videoIds = (await db.selectFrom("safetyVideos").select("id").orderBy("id").execute()).map((v) => v.id);
  await insertAll(db, "workerVideos", [
    ...videoIds.map((videoId, i) => ({
      workerId: meWorker.id,
      videoId,
      status: i % 2 ? ("completed" as const) : ("partially_watched" as const),
      watchedPercentage: i % 2 ? 100 : 40,
    })),
    ...workerIds.map((workerId, i) => ({ workerId, videoId: videoIds[i]!, status: "completed" as const, watchedPercentage: 100 })),
  ]);

  await insertAll(
    db,
    "jhaForms",
    range(n).map((i) => ({
      projectId: recordProject(i),
      title: `JHA ${i}`,
      hazards: JSON.stringify([{ description: "Fall", riskLevel: "high" }]),
      controlMeasures: JSON.stringify([{ description: "Harness", responsibility: "Foreman" }]),
      submittedBy: i % 2 ? meWorker.id : workerIds[i]!,
    })),
  );
  const jhaFormId = (
    await db.selectFrom("jhaForms").select("id").where("projectId", "=", projectId).orderBy("id").executeTakeFirstOrThrow()
  ).id;
  // Toolbox talks: n talks, half on project 0, each of the first with n signatures below.
  await insertAll(
    db,
    "toolboxTalks",
    range(n).map((i) => ({
      projectId: recordProject(i),
      title: `Talk ${i}`,
      content: "Three points of contact",
      language: "en" as const,
      talkDate: "2026-02-02",
      presenterName: "Lead",
    })),
  );
  const talkId = (
    await db.selectFrom("toolboxTalks").select("id").where("projectId", "=", projectId).orderBy("id").executeTakeFirstOrThrow()
  ).id;
  await insertAll(
    db,
    "crewSignatures",
    range(n).map((i) => ({
      toolboxTalkId: talkId,
      projectId,
      workerId: i % 2 === 0 ? workerIds[i]! : null,
      signerName: `Attendee ${i}`,
      signerCompany: "Acme",
      via: "device" as const,
      recordVersion: "c".repeat(64),
      signaturePng: Buffer.from("png"),
      byteSize: 3,
    })),
  );
  // Crew sign-on: n signatures on the form of project 0 (half its n/2 workers, half people without an account).
  await insertAll(
    db,
    "crewSignatures",
    range(n).map((i) => ({
      jhaFormId,
      projectId,
      workerId: i % 2 === 0 ? workerIds[i]! : null,
      signerName: `Signer ${i}`,
      signerCompany: "Acme",
      via: "device" as const,
      recordVersion: (i % 3 ? "a" : "b").repeat(64),
      signaturePng: Buffer.from("png"),
      byteSize: 3,
    })),
  );
  await insertAll(
    db,
    "jhaComments",
    range(n).map((i) => ({
      jhaFormId,
      userId: i % 2 ? admin.id : me.id,
      content: `Comment ${i}`,
      visibility: i % 2 ? ("public" as const) : ("private" as const),
    })),
  );
  await insertAll(
    db,
    "incidentReports",
    range(n).map((i) => ({
      projectId: recordProject(i),
      title: `Incident ${i}`,
      date: "2026-03-01",
      reportedBy: workerIds[i]!,
      involvedWorkers: JSON.stringify([workerIds[i]!, workerIds[(i + 1) % n]!, meWorker.id]),
    })),
  );
  const statuses = ["pending", "approved", "rejected", "closed"] as const;
  await insertAll(
    db,
    "hotWorkPermits",
    range(n).map((i) => ({
      projectId: recordProject(i),
      title: `Permit ${i}`,
      location: "Roof",
      workDescription: "Welding handrails",
      startDate: new Date(Date.now() + (i - n / 2) * day),
      endDate: new Date(Date.now() + (i - n / 2) * day + 3_600_000),
      requestedBy: i % 2 ? meWorker.id : workerIds[i]!,
      status: statuses[i % 4],
      precautions: JSON.stringify(["Fire extinguisher available"]),
      equipmentUsed: JSON.stringify(["Welding equipment"]),
      approvedBy: i % 4 === 1 || i % 4 === 3 ? admin.id : null,
      rejectedBy: i % 4 === 2 ? admin.id : null,
      closedBy: i % 4 === 3 ? admin.id : null,
    })),
  );
  await insertAll(
    db,
    "safetyComments",
    range(n).map((i) => ({
      userId: i % 2 ? me.id : userIds[i]!,
      projectId: i % 5 === 0 ? null : at(i),
      title: `Message ${i}`,
      content: "Blocked fire exit on level 2",
      status: (["open", "in_progress", "resolved", "closed"] as const)[i % 4],
      resolvedBy: i % 4 === 2 ? admin.id : null,
    })),
  );
  // Every closed permit with a watch that ended an hour ago and was never signed off (the overdue card).
  const closed = await db.selectFrom("hotWorkPermits").where("status", "=", "closed").select(["id"]).execute();
  await insertAll(
    db,
    "fireWatches",
    closed.map(({ id }) => ({ permitId: id, startsAt: new Date(Date.now() - 2 * 3_600_000), endsAt: new Date(Date.now() - 3_600_000) })),
  );
  await insertAll(
    db,
    "notifications",
    range(n).map((i) => ({
      userId: i % 2 ? me.id : admin.id,
      kind: "permit.requested",
      entity: "permit",
      entityId: i + 1,
      projectId: i % 5 === 0 ? null : at(i),
      params: JSON.stringify({ title: `Permit ${i}` }),
    })),
  );
  await insertAll(
    db,
    "inviteTokens",
    range(n).map((i) => ({
      tokenHash: `hash-${i}`,
      tokenPreview: `abcd...${i}`,
      role: "manager" as const,
      createdBy: admin.id,
      expiresAt: new Date(Date.now() + day),
    })),
  );

  return { adminUserId: admin.id, workerUserId: me.id, workerId: meWorker.id, projectId, jhaFormId, talkId };
}

async function buildSite(n: number): Promise<Site> {
  const queries = { n: 0 };
  const handle = await createTestDb({
    log: (event) => {
      if (event.level === "query" || event.level === "error") queries.n++;
    },
  });
  const seeded = await seed(handle.db, n);
  const app = await buildServer({ config: testConfig, dbHandle: handle, logger: false });
  await app.ready();
  const admin = await createSession(handle.db, seeded.adminUserId);
  const worker = await createSession(handle.db, seeded.workerUserId);
  return {
    app,
    handle,
    queries,
    cookies: { admin: `session=${admin.token}`, worker: `session=${worker.token}` },
    ids: {
      workerId: seeded.workerId,
      workerUserId: seeded.workerUserId,
      projectId: seeded.projectId,
      jhaFormId: seeded.jhaFormId,
      talkId: seeded.talkId,
    },
  };
}

type As = "admin" | "worker";
interface Probe {
  path: (ids: Site["ids"]) => string;
  as: As[];
}

const both: As[] = ["admin", "worker"];
/**
 * Every list and dashboard GET (docs/api.md, plus the lists our screens add), as each role that may
 * read it: staff-only lists are probed as the admin only (a worker's 403 would count nothing).
 */
const probes: Record<string, Probe> = {
  "/api/users": { path: () => "/api/users", as: ["admin"] },
  "/api/invite-tokens": { path: () => "/api/invite-tokens", as: ["admin"] },
  "/api/admin/failed-jobs": { path: () => "/api/admin/failed-jobs", as: ["admin"] },
  "/api/notifications": { path: () => "/api/notifications", as: both },
  "/api/notifications/unread-count": { path: () => "/api/notifications/unread-count", as: both },
  "/api/notification-preferences": { path: () => "/api/notification-preferences", as: both },
  "/api/dashboard/overdue-fire-watches": { path: () => "/api/dashboard/overdue-fire-watches", as: both },
  "/api/projects": { path: () => "/api/projects", as: both },
  "/api/projects/stats": { path: () => "/api/projects/stats", as: both },
  "/api/projects/:id/workers": { path: (ids) => `/api/projects/${ids.projectId}/workers`, as: ["admin"] },
  "/api/safety-plans": { path: () => "/api/safety-plans", as: ["admin"] },
  "/api/workers": { path: () => "/api/workers", as: ["admin"] },
  "/api/managers": { path: () => "/api/managers", as: ["admin"] },
  "/api/workers/:id/projects": { path: (ids) => `/api/workers/${ids.workerId}/projects`, as: both },
  "/api/jha-forms": { path: () => "/api/jha-forms", as: both },
  "/api/jha-forms?projectId": { path: (ids) => `/api/jha-forms?projectId=${ids.projectId}`, as: both },
  "/api/jha-forms/:id/comments": { path: (ids) => `/api/jha-forms/${ids.jhaFormId}/comments`, as: both },
  "/api/jha-forms/:id/sign-on": { path: (ids) => `/api/jha-forms/${ids.jhaFormId}/sign-on`, as: both },
  "/api/toolbox-talks": { path: () => "/api/toolbox-talks", as: both },
  "/api/toolbox-talks/:id/sign-on": { path: (ids) => `/api/toolbox-talks/${ids.talkId}/sign-on`, as: both },
  "/api/incident-reports": { path: () => "/api/incident-reports", as: both },
  "/api/incident-reports?projectId": { path: (ids) => `/api/incident-reports?projectId=${ids.projectId}`, as: both },
  "/api/hot-work-permits": { path: () => "/api/hot-work-permits", as: both },
  "/api/safety-comments": { path: () => "/api/safety-comments", as: both },
  "/api/training-modules": { path: () => "/api/training-modules", as: both },
  "/api/workers/:id/trainings": { path: (ids) => `/api/workers/${ids.workerId}/trainings`, as: both },
  "/api/workers/:id/trainings/force-refresh": { path: (ids) => `/api/workers/${ids.workerId}/trainings/force-refresh`, as: both },
  "/api/safety-videos": { path: () => "/api/safety-videos", as: both },
  "/api/workers/:id/videos": { path: (ids) => `/api/workers/${ids.workerId}/videos`, as: both },
  "/api/workers/:id/required-videos": { path: (ids) => `/api/workers/${ids.workerId}/required-videos`, as: both },
  "/api/dashboard/stats": { path: () => "/api/dashboard/stats", as: both },
  "/api/dashboard/upcoming": { path: () => "/api/dashboard/upcoming", as: both },
  "/api/dashboard/recent-videos": { path: () => "/api/dashboard/recent-videos", as: both },
  "/api/dashboard/recent-incidents": { path: () => "/api/dashboard/recent-incidents", as: both },
  "/api/dashboard/training-completion": { path: () => "/api/dashboard/training-completion", as: both },
  "/api/dashboard/unwatched-required-videos": {
    path: (ids) => `/api/dashboard/unwatched-required-videos?userId=${ids.workerUserId}`,
    as: both,
  },
  "/api/dashboard/project-stats": { path: () => "/api/dashboard/project-stats", as: both },
  // The screens' pages (tRPC): a page of 50 and its total.
  "jha.page": { path: () => screenPage("jha.page"), as: both },
  "incidents.page": { path: () => screenPage("incidents.page"), as: both },
  "permits.page": { path: () => screenPage("permits.page"), as: both },
  "comments.page": { path: () => screenPage("comments.page"), as: both },
  "projects.page": { path: () => screenPage("projects.page"), as: both },
  "workers.page": { path: () => screenPage("workers.page"), as: ["admin"] },
  "users.page": { path: () => screenPage("users.page"), as: ["admin"] },
};

function screenPage(procedure: string): string {
  return `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: { limit: 50, offset: 0 } }))}`;
}

async function countQueries(site: Site, probe: Probe, as: As): Promise<{ status: number; queries: number; rows: number }> {
  site.queries.n = 0;
  const res = await site.app.inject({ method: "GET", url: probe.path(site.ids), headers: { cookie: site.cookies[as] } });
  const queries = site.queries.n;
  let rows = 0;
  try {
    const body = res.json() as unknown;
    rows = Array.isArray(body) ? body.length : 1;
  } catch {
    rows = 0;
  }
  // A whole list is streamed in chunks, one short keyset query each (src/lists.ts): a query per
  // CHUNK_ROWS rows, plus the one that finds the end, never one per row.
  const chunkQueries = res.headers["transfer-encoding"] === "chunked" ? Math.floor(rows / CHUNK_ROWS) + 1 : 0;
  return { status: res.statusCode, queries: queries - chunkQueries, rows };
}

let small: Site;
let large: Site;
const table: string[] = [];

beforeAll(async () => {
  [small, large] = await Promise.all([buildSite(SMALL), buildSite(LARGE)]);
}, 240_000);

afterAll(async () => {
  if (table.length) {
    console.log(["route | as | status | queries at 10 | queries at 1,000 | rows at 1,000", ...table].join("\n"));
  }
  for (const site of [small, large]) {
    await site?.app.close();
    await site?.handle.close();
  }
});

describe("queries per request do not grow with the data", () => {
  for (const [name, probe] of Object.entries(probes)) {
    for (const as of probe.as) {
      it(`${name} as ${as}`, async () => {
        const atSmall = await countQueries(small, probe, as);
        const atLarge = await countQueries(large, probe, as);
        table.push(`${name} | ${as} | ${atLarge.status} | ${atSmall.queries} | ${atLarge.queries} | ${atLarge.rows}`);
        // Only an answer counts: a 404 or 403 runs fewer queries than the route does and would pass
        // whatever the route does with the data.
        expect(atSmall.status, `${name} as ${as} at ${SMALL} rows`).toBeGreaterThanOrEqual(200);
        expect(atSmall.status, `${name} as ${as} at ${SMALL} rows`).toBeLessThan(300);
        expect(atLarge.status, `${name} as ${as} at ${LARGE} rows`).toBeGreaterThanOrEqual(200);
        expect(atLarge.status, `${name} as ${as} at ${LARGE} rows`).toBeLessThan(300);
        expect(atLarge.queries, `${name} as ${as}: ${atSmall.queries} queries at ${SMALL} rows, ${atLarge.queries} at ${LARGE}`).toBe(
          atSmall.queries,
        );
      });
    }
  }
});
