import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type DbHandle, dataVersions } from "@sitesafe/db";
import { createTestDb } from "@sitesafe/db/testing";
import { HOT_WORK_PRECAUTIONS } from "@sitesafe/domain";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../src/auth/sessions.js";
import { loadConfig } from "../src/config.js";
import { checkTables, tablesInSql } from "../src/readMemory/guard.js";
import { knownScopes, TRACKED_TABLES, tableOf, tablesOf } from "../src/readMemory/tables.js";
import { buildServer } from "../src/server.js";
import { ORIGIN, testConfig } from "./helpers.js";

// The read memory is scoped per table (src/readMemory/tables.ts, docs/decisions/0112-scoped-read-memory.md):
// a remembered answer is versioned on the change counters of the tables it reads only. These tests
// keep the table map honest (every table, every remembered path, the guard's SQL reading) and show
// the point of it: a write to an unrelated table leaves a remembered permits page remembered,
// while a write to permits makes the next read fresh.

const src = join(import.meta.dirname, "..", "src");

describe("the table map", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  it("knows every table the database counts changes of, and no other", async () => {
    const versions = await dataVersions.currentVersions(handle.db);
    const wholeTables = [...versions.keys()].filter((name) => tableOf(name) === name);
    expect(wholeTables.sort()).toEqual([...TRACKED_TABLES].sort());
    // Counters of part of a table (migration 0015): the audit rows of one kind of record.
    for (const name of versions.keys()) expect(TRACKED_TABLES.has(tableOf(name)), name).toBe(true);
  });

  it("has an entry for every remembered procedure of the routers, listing only real tables", () => {
    // router.ts: `jha: jhaRouter` and `import { jhaRouter } from "./routers/jha.js"`.
    const routerTs = readFileSync(join(src, "router.ts"), "utf8");
    const fileOf = new Map([...routerTs.matchAll(/import \{ (\w+) \} from "\.\/routers\/(\w+)\.js"/g)].map((m) => [m[1], m[2]]));
    const paths: string[] = [];
    for (const [, key, routerName] of routerTs.matchAll(/^\s+(\w+): (\w+Router),?$/gm)) {
      const file = fileOf.get(routerName as string);
      expect(file, routerName).toBeDefined();
      const text = readFileSync(join(src, "routers", `${file}.ts`), "utf8");
      // A procedure may span lines (the formatter wraps long ones); the match stops at the next property.
      for (const m of text.matchAll(/^\s+(\w+): \w+Procedure(?:(?!^\s+\w+: )[\s\S])*?remembered\(/gm)) paths.push(`${key}.${m[1]}`);
    }
    // Every `remembered(` call of the routers was found (none written in another shape).
    const calls = readdirSync(join(src, "routers")).reduce(
      (n, f) => n + (readFileSync(join(src, "routers", f), "utf8").match(/remembered\((?:async )?\(/g)?.length ?? 0),
      0,
    );
    expect(paths.length).toBe(calls);
    expect(paths.length).toBeGreaterThan(50);
    for (const path of paths) expect(tablesOf(`answer:${path}`), path).toBeDefined();
    for (const scope of [
      "session",
      "figures:projects",
      "figures:workers",
      "shared:dashboard.staffFigures",
      "shared:dashboard.staffIncidents",
      "shared:dashboard.staffTraining",
    ]) {
      expect(tablesOf(scope), scope).toBeDefined();
    }
    for (const scope of knownScopes()) {
      for (const table of tablesOf(scope) ?? []) expect(TRACKED_TABLES.has(tableOf(table)), `${scope}: ${table}`).toBe(true);
    }
    // What the session gives every answer.
    for (const path of paths) expect(tablesOf(`answer:${path}`)).toEqual(expect.arrayContaining(["project_workers", "users", "workers"]));
  });

  it("an unknown scope is versioned on every table", () => {
    expect(tablesOf("answer:nothing.here")).toBeUndefined();
    const versions = new Map([
      ["projects", 3],
      ["jha_forms", 12],
    ]);
    expect(dataVersions.scopedVersion(versions)).toBe("jha_forms:12,projects:3");
    expect(dataVersions.scopedVersion(versions, ["projects"])).toBe("projects:3");
    expect(dataVersions.scopedVersion(versions, ["photos", "projects"])).toBe("photos:0,projects:3");
  });
});

describe("READ_MEMORY", () => {
  it("is on unless set to off, and refuses anything else", () => {
    expect(loadConfig({}).readMemory).toBe(true);
    expect(loadConfig({ READ_MEMORY: "on" }).readMemory).toBe(true);
    expect(loadConfig({ READ_MEMORY: "OFF" }).readMemory).toBe(false);
    expect(loadConfig({ READ_MEMORY: "unscoped" })).toMatchObject({ readMemory: true, readMemoryUnscoped: true });
    expect(loadConfig({}).readMemoryUnscoped).toBe(false);
    expect(() => loadConfig({ READ_MEMORY: "0" })).toThrow(/READ_MEMORY must be "on" or "off"/);
    // The memory lifetimes are still read and checked as before.
    expect(loadConfig({ READ_MEMORY: "off", ANSWER_CACHE_MS: "5000" }).answerCacheMs).toBe(5000);
  });
});

describe("DB_STOCK (measuring only)", () => {
  it("lists the driver tuning to leave out, and refuses anything else", () => {
    expect([...(loadConfig({}).dbStock ?? [])]).toEqual([]);
    expect([...(loadConfig({ DB_STOCK: "prepare, Camel" }).dbStock ?? [])]).toEqual(["prepare", "camel"]);
    expect([...(loadConfig({ DB_STOCK: "all" }).dbStock ?? [])].sort()).toEqual(["camel", "prepare", "timestamps"]);
    expect(() => loadConfig({ DB_STOCK: "cache" })).toThrow(/DB_STOCK must list timestamps, prepare, camel \(or be "all"\), got "cache"/);
  });
});

describe("the guard's reading of SQL", () => {
  it("finds the tables of joins, subqueries, CTEs, comma lists and writes", () => {
    const sql =
      'with recent as (select * from "jha_forms" where "created_at" > $1) select "p"."id", (select count(*) from "project_workers" as "pw" where "pw"."project_id" = "p"."id") as "n" ' +
      'from "projects" as "p" inner join "workers" as "w" on "w"."id" = "p"."id" left join lateral (select 1 from incident_reports ir where ir.project_id = p.id) x on true ' +
      'cross join recent, public.safety_plans sp, "users" where extract(year from "p"."start_date") = 2026 and p.name <> \'from photos\'';
    const found = tablesInSql(sql);
    for (const table of ["jha_forms", "project_workers", "projects", "workers", "incident_reports", "recent", "safety_plans", "users"])
      expect(found, table).toContain(table);
    expect(found).not.toContain("photos");
    expect(tablesInSql('update "hot_work_permits" set "status" = $1')).toContain("hot_work_permits");
    expect(tablesInSql('insert into "audit_events" ("a") values ($1)')).toContain("audit_events");
  });

  it("fails a read of a table its entry does not list, and only real tables count", () => {
    expect(() => checkTables("answer:x", ["projects", "recent"], ["projects"], TRACKED_TABLES)).not.toThrow();
    expect(() => checkTables("answer:x", ["projects", "jha_forms"], ["projects"], TRACKED_TABLES)).toThrow(/answer:x read jha_forms/);
    expect(() => checkTables("answer:x", ["jha_forms"], undefined, TRACKED_TABLES)).not.toThrow();
    // A counter of part of a table covers reads of that table; a part noted by a value used inside
    // needs that part or the whole table.
    expect(() => checkTables("answer:x", ["audit_events"], ["audit_events:permit"], TRACKED_TABLES)).not.toThrow();
    expect(() => checkTables("answer:x", ["audit_events:permit"], ["audit_events:incident"], TRACKED_TABLES)).toThrow(
      /answer:x read audit_events:permit/,
    );
    expect(() => checkTables("answer:x", ["audit_events:permit"], ["audit_events"], TRACKED_TABLES)).not.toThrow();
  });
});

describe("a remembered answer, scoped to its tables", () => {
  let handle: DbHandle;
  let app: FastifyInstance;
  const queries = { n: 0 };
  let admin: string;
  let worker: string;
  let projectId: number;
  let workerId: number;

  beforeAll(async () => {
    handle = await createTestDb({
      log: (event) => {
        if (event.level === "query" || event.level === "error") queries.n++;
      },
    });
    const db = handle.db;
    const [adminUser, workerUser] = (
      await db
        .insertInto("users")
        .values([
          {
            username: "mt_admin",
            email: "mt_admin@example.com",
            passwordHash: "unused",
            role: "admin",
            firstName: "Ada",
            lastName: "Admin",
          },
          {
            username: "mt_worker",
            email: "mt_worker@example.com",
            passwordHash: "unused",
            role: "worker",
            firstName: "Wes",
            lastName: "Worker",
          },
        ])
        .returning("id")
        .execute()
    ).map((u) => u.id) as [number, number];
    workerId = (
      await db
        .insertInto("workers")
        .values({
          userId: workerUser,
          firstName: "Wes",
          lastName: "Worker",
          email: "mt_worker@example.com",
          phone: "5551234567",
          role: "Welder",
          company: "Acme",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    projectId = (
      await db
        .insertInto("projects")
        .values({ name: "Harbor Tower", location: "Springfield", status: "active", startDate: "2026-01-05", emergencyContactInfo: "{}" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await db.insertInto("projectWorkers").values({ workerId, projectId }).execute();
    admin = `session=${(await createSession(db, adminUser)).token}`;
    worker = `session=${(await createSession(db, workerUser)).token}`;
    // Session memory off: every request runs exactly the session and the data version queries
    // before the answer, so a remembered answer is a request of two queries.
    app = await buildServer({ config: testConfig, dbHandle: handle, logger: false, sessionCacheMs: 0, answersCacheMs: 60_000 });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  const request = async (method: "GET" | "POST" | "PUT", url: string, cookie: string, payload?: unknown) => {
    const before = queries.n;
    const res = await app.inject({
      method,
      url,
      headers: { cookie, origin: ORIGIN, host: "localhost:80" },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.body, json: () => res.json() as unknown, queries: queries.n - before };
  };
  const permitsPage = `/trpc/permits.page?input=${encodeURIComponent(JSON.stringify({ json: { limit: 24, offset: 0 } }))}`;
  const titlesOf = (body: string) =>
    (JSON.parse(body) as { result: { data: { json: { items: { title: string }[] } } } }).result.data.json.items.map((p) => p.title);
  const permit = (title: string) => ({
    projectId,
    title,
    location: "Level 2, east stair",
    workDescription: "Welding new steel stringers to the landing beams.",
    startDate: "2026-03-02T08:00:00.000Z",
    endDate: "2026-03-02T16:00:00.000Z",
    precautions: [HOT_WORK_PRECAUTIONS[0], HOT_WORK_PRECAUTIONS[2]],
    equipmentUsed: ["Welding equipment"],
    fireWatchRequired: true,
    fireWatchBy: "Sam Watch",
    requestedBy: workerId,
  });

  it("a safety message (another table) leaves the remembered permits page remembered; a permit makes the next read fresh", async () => {
    const filed = await request("POST", "/api/hot-work-permits", worker, permit("Weld stair stringers"));
    expect(filed.status, filed.body).toBe(201);
    const first = await request("GET", permitsPage, admin);
    expect(first.status).toBe(200);
    expect(titlesOf(first.body)).toEqual(["Weld stair stringers"]);
    expect(first.queries).toBeGreaterThan(2);
    // Remembered: only the session and the data version are read.
    expect((await request("GET", permitsPage, admin)).queries).toBe(2);

    // A safety message through this server, and one straight in the database (another instance).
    const sent = await request("POST", "/api/safety-comments", worker, {
      title: "Loose railing",
      content: "The east stair railing moves.",
      projectId,
    });
    expect(sent.status, sent.body).toBe(201);
    await handle.db
      .insertInto("safetyComments")
      .values({
        userId: (await handle.db.selectFrom("users").select("id").where("username", "=", "mt_worker").executeTakeFirstOrThrow()).id,
        title: "Straight in",
        content: "Written by another instance.",
        projectId,
        status: "open",
      })
      .execute();
    const after = await request("GET", permitsPage, admin);
    expect(after.queries).toBe(2);
    expect(after.body).toBe(first.body);

    // A permit through this server: the next read is computed and shows it.
    expect((await request("POST", "/api/hot-work-permits", worker, permit("Cut rebar ends"))).status).toBe(201);
    const fresh = await request("GET", permitsPage, admin);
    expect(fresh.queries).toBeGreaterThan(2);
    expect(titlesOf(fresh.body).sort()).toEqual(["Cut rebar ends", "Weld stair stringers"]);

    // A permit changed straight in the database (another instance): the next read shows it too.
    await handle.db.updateTable("hotWorkPermits").set({ title: "Cut rebar ends (north)" }).where("title", "=", "Cut rebar ends").execute();
    const changed = await request("GET", permitsPage, admin);
    expect(changed.queries).toBeGreaterThan(2);
    expect(titlesOf(changed.body).sort()).toEqual(["Cut rebar ends (north)", "Weld stair stringers"]);
  });

  it("a permit's page (with its history) stays remembered while other records are audited; its own history makes the next read fresh", async () => {
    const filed = await request("POST", "/api/hot-work-permits", worker, permit("Grind anchor plates"));
    expect(filed.status, filed.body).toBe(201);
    const url = `/api/hot-work-permits/${(filed.json() as { id: number }).id}`;
    const first = await request("GET", url, admin);
    expect(first.status).toBe(200);
    expect((await request("GET", url, admin)).queries).toBe(2);

    // An incident report writes an audit row too (entity "incident"): the page stays remembered.
    const incident = await request("POST", "/api/incident-reports", worker, {
      projectId,
      title: "Near miss at the hoist",
      severity: "near_miss",
      description: "A dropped tool landed close to the walkway.",
    });
    expect(incident.status, incident.body).toBe(201);
    const afterIncident = await request("GET", url, admin);
    expect(afterIncident.queries).toBe(2);
    expect(afterIncident.body).toBe(first.body);

    // The permit's own history, written by another instance: the next read shows the new row.
    const permitId = (filed.json() as { id: number }).id;
    await handle.db
      .insertInto("auditEvents")
      .values({ actorUserId: null, actorName: "Other instance", entity: "permit", entityId: permitId, action: "noted" })
      .execute();
    const noted = await request("GET", url, admin);
    expect(noted.queries).toBeGreaterThan(2);
    expect(noted.body).toContain("Other instance");
    expect((await request("GET", url, admin)).queries).toBe(2);

    // Approved through this server: fresh, and the history shows the approval.
    expect((await request("PUT", `${url}/approve`, admin)).status).toBe(200);
    const approved = await request("GET", url, admin);
    expect(approved.queries).toBeGreaterThan(2);
    expect(approved.json()).toMatchObject({ status: "approved" });

    // The audit table emptied at once (no rows for a trigger to see): fresh again, history gone.
    expect((await request("GET", url, admin)).queries).toBe(2);
    await sql`truncate audit_events`.execute(handle.db);
    const emptied = await request("GET", url, admin);
    expect(emptied.queries).toBeGreaterThan(2);
    expect(emptied.body).not.toContain("Other instance");
  });

  it("an incident's page stays remembered while other incidents are filed; any edit or delete of a report makes the next read fresh", async () => {
    const report = (title: string) => ({
      projectId,
      title,
      severity: "near_miss",
      description: "A dropped tool landed close to the walkway.",
    });
    const filed = await request("POST", "/api/incident-reports", worker, report("Dropped wrench"));
    expect(filed.status, filed.body).toBe(201);
    const id = (filed.json() as { id: number }).id;
    const url = `/api/incident-reports/${id}`;
    const first = await request("GET", url, admin);
    expect(first.status).toBe(200);
    expect((await request("GET", url, admin)).queries).toBe(2);

    // Another report, through this server and straight in the database: a new row, not a change.
    const other = await request("POST", "/api/incident-reports", worker, report("Loose handrail"));
    expect(other.status, other.body).toBe(201);
    const afterInsert = await request("GET", url, admin);
    expect(afterInsert.queries).toBe(2);
    expect(afterInsert.body).toBe(first.body);

    // This report edited by another instance: the next read shows the edit.
    await handle.db.updateTable("incidentReports").set({ title: "Dropped wrench (level 3)" }).where("id", "=", id).execute();
    const edited = await request("GET", url, admin);
    expect(edited.queries).toBeGreaterThan(2);
    expect(edited.json()).toMatchObject({ title: "Dropped wrench (level 3)" });
    expect((await request("GET", url, admin)).queries).toBe(2);

    // Another report deleted: counted as a change too (the counter does not know which row).
    await handle.db
      .deleteFrom("incidentReports")
      .where("id", "=", (other.json() as { id: number }).id)
      .execute();
    expect((await request("GET", url, admin)).queries).toBeGreaterThan(2);
  });

  it("a worker's lists follow their own projects (bucket counters): a report on another site leaves them remembered, one on theirs does not", async () => {
    const db = handle.db;
    // A project the worker is not on, in another bucket of the counters (migration 0017).
    const elsewhere = (
      await db
        .insertInto("projects")
        .values({ name: "Far Yard", location: "Shelbyville", status: "active", startDate: "2026-01-05", emergencyContactInfo: "{}" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    expect(dataVersions.partName("incident_reports", elsewhere)).not.toBe(dataVersions.partName("incident_reports", projectId));
    const report = (project: number, title: string) => ({ projectId: project, title, severity: "minor", description: "Seen on the walk." });
    const workerReads = ["/api/incident-reports?limit=50", "/api/dashboard/recent-incidents"];
    const titles = (body: string) => (JSON.parse(body) as { title: string }[]).map((r) => r.title);
    for (const url of workerReads) await request("GET", url, worker);
    const adminList = await request("GET", "/api/incident-reports?limit=50", admin);

    // Filed on the other site: the worker's answers stay remembered (session and counters only).
    expect((await request("POST", "/api/incident-reports", admin, report(elsewhere, "Far yard spill"))).status).toBe(201);
    for (const url of workerReads) {
      const again = await request("GET", url, worker);
      expect(again.queries, url).toBe(2);
      expect(titles(again.body), url).not.toContain("Far yard spill");
    }
    // Staff read every project: their list is read again and shows it.
    const adminAfter = await request("GET", "/api/incident-reports?limit=50", admin);
    expect(adminAfter.queries).toBeGreaterThan(2);
    expect(titles(adminAfter.body)).toContain("Far yard spill");
    expect(adminAfter.body).not.toBe(adminList.body);

    // Filed on the worker's site: read again, and shown.
    expect((await request("POST", "/api/incident-reports", admin, report(projectId, "Harbor tower spill"))).status).toBe(201);
    for (const url of workerReads) {
      const fresh = await request("GET", url, worker);
      expect(fresh.queries, url).toBeGreaterThan(2);
      expect(titles(fresh.body), url).toContain("Harbor tower spill");
    }

    // A report moved onto the worker's site by another instance: the new project's bucket moved too.
    await db.updateTable("incidentReports").set({ projectId }).where("title", "=", "Far yard spill").execute();
    for (const url of workerReads) expect(titles((await request("GET", url, worker)).body), url).toContain("Far yard spill");
  });

  it("a worker's safety messages follow their own; a form's comments follow that form", async () => {
    const db = handle.db;
    const messages = "/api/safety-comments?limit=50";
    const mine = await request("POST", "/api/safety-comments", worker, { title: "Loose railing", content: "East stair", projectId });
    expect(mine.status, mine.body).toBe(201);
    const someone = (
      await db
        .insertInto("users")
        .values({ username: "mt_other", email: "mt_other@example.com", passwordHash: "unused", role: "worker" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await request("GET", messages, worker);
    // Someone else's message (another author, another bucket): the worker's list stays remembered.
    expect(dataVersions.partName("safety_comments", someone)).not.toBe(
      dataVersions.partName("safety_comments", (mine.json() as { userId: number }).userId),
    );
    await db.insertInto("safetyComments").values({ userId: someone, title: "Not theirs", content: "Gate" }).execute();
    expect((await request("GET", messages, worker)).queries).toBe(2);
    // Their own message answered by the office (an update of their row): read again, with the answer.
    await db
      .updateTable("safetyComments")
      .set({ status: "in_progress" })
      .where("id", "=", (mine.json() as { id: number }).id)
      .execute();
    const answered = await request("GET", messages, worker);
    expect(answered.queries).toBeGreaterThan(2);
    expect(answered.json()).toContainEqual(expect.objectContaining({ id: (mine.json() as { id: number }).id, status: "in_progress" }));

    // Two forms in different buckets: a comment on one leaves the other's comments remembered.
    const [formA, formB] = (
      await db
        .insertInto("jhaForms")
        .values([
          { projectId, title: "Roof edge work", hazards: "[]", controlMeasures: "[]", submittedBy: null },
          { projectId, title: "Trenching", hazards: "[]", controlMeasures: "[]", submittedBy: null },
        ])
        .returning("id")
        .execute()
    ).map((f) => f.id) as [number, number];
    const commentsOf = (form: number) => `/api/jha-forms/${form}/comments`;
    await request("GET", commentsOf(formA), worker);
    expect((await request("POST", commentsOf(formB), admin, { content: "Shore the walls", visibility: "public" })).status).toBe(201);
    expect((await request("GET", commentsOf(formA), worker)).queries).toBe(2);
    expect((await request("POST", commentsOf(formA), admin, { content: "Harness on", visibility: "public" })).status).toBe(201);
    const fresh = await request("GET", commentsOf(formA), worker);
    expect(fresh.queries).toBeGreaterThan(2);
    expect(fresh.json()).toEqual([expect.objectContaining({ content: "Harness on" })]);
  });

  it("READ_MEMORY=unscoped (the memory before scoping) forgets the permits page on a safety message", async () => {
    const unscoped = await buildServer({
      config: { ...testConfig, readMemoryUnscoped: true },
      dbHandle: handle,
      logger: false,
      sessionCacheMs: 0,
      answersCacheMs: 60_000,
    });
    try {
      const read = async () => {
        const before = queries.n;
        const res = await unscoped.inject({ method: "GET", url: permitsPage, headers: { cookie: admin } });
        expect(res.statusCode).toBe(200);
        return queries.n - before;
      };
      await read();
      expect(await read()).toBe(2);
      await handle.db
        .insertInto("safetyComments")
        .values({ userId: null, title: "Unscoped", content: "Any write forgets everything.", projectId, status: "open" })
        .execute();
      expect(await read()).toBeGreaterThan(2);
    } finally {
      await unscoped.close();
    }
  });

  it("READ_MEMORY=off remembers nothing: the same read is computed every time", async () => {
    const off = await buildServer({
      config: { ...testConfig, readMemory: false },
      dbHandle: handle,
      logger: false,
      sessionCacheMs: 2000,
      answersCacheMs: 60_000,
    });
    try {
      const read = async () => {
        const before = queries.n;
        const res = await off.inject({ method: "GET", url: permitsPage, headers: { cookie: admin } });
        expect(res.statusCode).toBe(200);
        return queries.n - before;
      };
      // The server's first request also does its one-time work; from the second on, each read is
      // the session, the rows and the count: nothing remembered, and no version asked for.
      await read();
      const second = await read();
      expect(second).toBeGreaterThanOrEqual(3);
      expect(await read()).toBe(second);
    } finally {
      await off.close();
    }
  });

  it("a changed assignment reaches a remembered answer (the session's tables are every answer's tables)", async () => {
    const first = await request("GET", "/api/hot-work-permits?limit=50", worker);
    expect((first.json() as unknown[]).length).toBeGreaterThan(0);
    expect((await request("GET", "/api/hot-work-permits?limit=50", worker)).queries).toBe(2);
    await handle.db.deleteFrom("projectWorkers").where("workerId", "=", workerId).execute();
    const after = await request("GET", "/api/hot-work-permits?limit=50", worker);
    expect(after.json()).toEqual([]);
  });
});
