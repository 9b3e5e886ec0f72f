import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let worker: TestUser;
let p1: number;
let p2: number;
let p3: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: "admin" });
  manager = await t.createUser({ role: "manager" });
  worker = await t.createUser({ role: "worker" });
  p1 = await t.createProject({ name: "North Yard" });
  p2 = await t.createProject({ name: "South Yard" });
  p3 = await t.createProject({ name: "East Yard" });
});
afterAll(() => t.close());

const newWorker = (n: string, extra: Record<string, unknown> = {}) => ({
  username: `crew_${n}`,
  password: "secret1",
  firstName: "Casey",
  lastName: `Jones${n}`,
  email: `casey.${n}@example.com`,
  phone: "(555) 123-4567",
  role: "Electrician",
  company: "Bright Sparks",
  hardhatNumber: `HH-${n}`,
  emergencyContact: "Pat Jones 555-987-6543",
  ...extra,
});

const countWhere = async (table: "users" | "workers", column: "email" | "username", value: string) =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select(t.db.fn.countAll<number>().as("n"))
        // biome-ignore lint/suspicious/noExplicitAny: column differs per table
        .where(column as any, "=", value)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("create a worker with a login account", () => {
  it("creates the account, profile and assignments in one go (201)", async () => {
    const res = await t.request({ method: "POST", url: "/api/workers", payload: newWorker("a", { projectIds: [p1, p2] }), as: manager });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      firstName: "Casey",
      lastName: "Jonesa",
      email: "casey.a@example.com",
      phone: "(555) 123-4567",
      role: "Electrician",
      company: "Bright Sparks",
      hardhatNumber: "HH-a",
      emergencyContact: "Pat Jones 555-987-6543",
      projectIds: [p1, p2].sort((x, y) => x - y),
      safetyCompliance: expect.any(Number),
      userId: expect.any(Number),
      username: "crew_a",
    });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const user = await t.db.selectFrom("users").selectAll().where("id", "=", body.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ username: "crew_a", role: "worker", email: "casey.a@example.com", firstName: "Casey" });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    // The new worker can sign in and sees exactly the assigned projects.
    const login = await t.request({ method: "POST", url: "/api/login", payload: { username: "crew_a", password: "secret1" } });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === "session")?.value;
    const mine = (await t.request({ method: "GET", url: "/api/projects", headers: { cookie: `session=${cookie}` } })).json() as {
      id: number;
    }[];
    expect(mine.map((p) => p.id).sort()).toEqual([p1, p2].sort());
  });

  it("an admin creates one without projects", async () => {
    const res = await t.request({ method: "POST", url: "/api/workers", payload: newWorker("b", { phone: "", company: "" }), as: admin });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ projectIds: [], phone: null, company: null });
  });

  it.each([
    [{ username: undefined }, "Missing credentials"],
    [{ password: undefined }, "Missing credentials"],
    [{ username: "" }, "Missing credentials"],
    [{ username: "ab" }, "Username must be at least 3 characters"],
    [{ password: "12345" }, "Password must be at least 6 characters"],
    [{ email: "casey" }, "Please enter a valid email address"],
    [{ email: "" }, "Email is required"],
    [{ phone: "555-1234" }, "Phone number must be at least 10 digits"],
    [{ firstName: "" }, "First name is required"],
    [{ lastName: " " }, "Last name is required"],
    [{ role: "" }, "Job role is required"],
    [{ projectIds: ["x"] }, "Id must be a number"],
  ])("answers 400 with the rule's message (%#)", async (change, message) => {
    const res = await t.request({ method: "POST", url: "/api/workers", payload: newWorker("v", change), as: manager });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await countWhere("users", "username", "crew_v")).toBe(0);
  });

  it("refuses a project that does not exist (400) and leaves nothing behind", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/workers",
      payload: newWorker("c", { projectIds: [p1, 999999] }),
      as: manager,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("A selected project does not exist");
    expect(await countWhere("users", "username", "crew_c")).toBe(0);
  });

  it("409 on a taken username or e-mail (users or worker profiles, any case), with nothing half-created", async () => {
    const dupUser = await t.request({ method: "POST", url: "/api/workers", payload: newWorker("d", { username: "CREW_A" }), as: manager });
    expect(dupUser.statusCode).toBe(409);
    expect(dupUser.json().message).toBe("Username already exists");
    expect(await countWhere("workers", "email", "casey.d@example.com")).toBe(0);

    const dupEmail = await t.request({
      method: "POST",
      url: "/api/workers",
      payload: newWorker("e", { email: "Casey.A@example.com" }),
      as: manager,
    });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().message).toBe("Email already exists");
    expect(await countWhere("users", "username", "crew_e")).toBe(0);

    // An e-mail held by an account without a worker profile (the admin's) is taken too.
    const adminEmail = await t.request({
      method: "POST",
      url: "/api/workers",
      payload: newWorker("f", { email: admin.email }),
      as: manager,
    });
    expect(adminEmail.statusCode).toBe(409);
    expect(await countWhere("users", "username", "crew_f")).toBe(0);
  });

  it("concurrent creates of the same username: one 201, the rest 409, one account", async () => {
    const results = await Promise.all(
      [1, 2, 3].map((i) =>
        t.request({
          method: "POST",
          url: "/api/workers",
          payload: newWorker(`race${i}`, { username: "crew_race", projectIds: [p3] }),
          as: admin,
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await countWhere("users", "username", "crew_race")).toBe(1);
    const profiles = await t.db.selectFrom("workers").select("id").where("email", "like", "casey.race%").execute();
    expect(profiles).toHaveLength(1);
    const assignments = await t.db.selectFrom("projectWorkers").select("id").where("projectId", "=", p3).execute();
    expect(assignments).toHaveLength(1);
  });

  it("workers may not create workers (403); signed out 401", async () => {
    expect((await t.request({ method: "POST", url: "/api/workers", payload: newWorker("g"), as: worker })).statusCode).toBe(403);
    expect((await t.request({ method: "POST", url: "/api/workers", payload: newWorker("g") })).statusCode).toBe(401);
  });
});

describe("read, list and search workers", () => {
  it("staff list every worker with safetyCompliance and projectIds; workers get 403", async () => {
    const res = await t.request({ method: "GET", url: "/api/workers", as: manager });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; email: string; safetyCompliance: number; projectIds: number[] }[];
    const a = list.find((w) => w.email === "casey.a@example.com");
    expect(a?.projectIds.sort()).toEqual([p1, p2].sort());
    expect(list.find((w) => w.id === worker.workerId)).toBeDefined();
    expect((await t.request({ method: "GET", url: "/api/workers", as: worker })).statusCode).toBe(403);
  });

  it("searches name, e-mail, role and phone; pages with limit/offset", async () => {
    const search = async (q: string) =>
      (
        (await t.request({ method: "GET", url: `/api/workers?search=${encodeURIComponent(q)}`, as: admin })).json() as { email: string }[]
      ).map((w) => w.email);
    expect(await search("casey jonesa")).toEqual(["casey.a@example.com"]);
    expect(await search("CASEY.B@")).toEqual(["casey.b@example.com"]);
    expect(await search("electric")).toEqual(expect.arrayContaining(["casey.a@example.com", "casey.b@example.com"]));
    expect(await search("555-123-4567")).toContain("casey.a@example.com");
    expect(await search("zzz-nobody")).toEqual([]);
    const page = (await t.request({ method: "GET", url: "/api/workers?limit=1&offset=1", as: admin })).json();
    expect(page).toHaveLength(1);
  });

  it("a worker reads their own record but not another's (403); 404 for a missing one", async () => {
    const own = await t.request({ method: "GET", url: `/api/workers/${worker.workerId}`, as: worker });
    expect(own.statusCode).toBe(200);
    expect(own.json().email).toBe(worker.email);
    const a = (await t.request({ method: "GET", url: "/api/workers?search=casey.a", as: admin })).json()[0];
    expect((await t.request({ method: "GET", url: `/api/workers/${a.id}`, as: worker })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/workers/${a.id}/projects`, as: worker })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/workers/999999", as: admin })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/workers/999999/projects", as: admin })).statusCode).toBe(404);
  });

  it("GET /api/workers/:id/projects lists the worker's projects; the worker may read their own", async () => {
    await t.assign(worker.workerId as number, p3);
    const res = await t.request({ method: "GET", url: `/api/workers/${worker.workerId}/projects`, as: worker });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ id: p3, name: "East Yard", compliancePercentage: expect.any(Number), workerCount: expect.any(Number) }),
    ]);
  });

  it("training and video tabs list modules and videos with the worker's records", async () => {
    const mod = await t.db
      .insertInto("trainingModules")
      .values({ title: "Ladder Safety", content: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("workerTrainings")
      .values({ workerId: worker.workerId as number, moduleId: mod.id, status: "in_progress", progress: 40 })
      .execute();
    const trainings = await t.app.inject({
      method: "GET",
      url: `/trpc/workers.trainingRecords?input=${encodeURIComponent(JSON.stringify({ json: { id: worker.workerId } }))}`,
      headers: { cookie: manager.cookie },
    });
    expect(trainings.statusCode).toBe(200);
    const records = trainings.json().result.data.json as { moduleId: number; title: string; status: string; progress: number }[];
    expect(records.find((r) => r.moduleId === mod.id)).toMatchObject({ title: "Ladder Safety", status: "in_progress", progress: 40 });
    const videos = await t.app.inject({
      method: "GET",
      url: `/trpc/workers.videoRecords?input=${encodeURIComponent(JSON.stringify({ json: { id: worker.workerId } }))}`,
      headers: { cookie: worker.cookie },
    });
    expect(videos.statusCode).toBe(200);
  });
});

describe("update a worker", () => {
  let id: number;
  let userId: number;
  beforeAll(async () => {
    const res = await t.request({ method: "POST", url: "/api/workers", payload: newWorker("u", { projectIds: [p1, p2] }), as: admin });
    id = res.json().id;
    userId = res.json().userId;
  });

  it("synchronises assignments to the chosen projects (adds, removes, keeps)", async () => {
    const before = await t.db.selectFrom("projectWorkers").select(["id", "projectId"]).where("workerId", "=", id).execute();
    const keptRow = before.find((r) => r.projectId === p2);
    const res = await t.request({ method: "PUT", url: `/api/workers/${id}`, payload: { projectIds: [p2, p3] }, as: manager });
    expect(res.statusCode).toBe(200);
    expect(res.json().projectIds).toEqual([p2, p3].sort((x, y) => x - y));
    const after = await t.db.selectFrom("projectWorkers").select(["id", "projectId"]).where("workerId", "=", id).execute();
    // The kept assignment is the same row (its assignedAt survives), not deleted and re-added.
    expect(after.find((r) => r.projectId === p2)?.id).toBe(keptRow?.id);
    const cleared = await t.request({ method: "PUT", url: `/api/workers/${id}`, payload: { projectIds: [] }, as: manager });
    expect(cleared.json().projectIds).toEqual([]);
  });

  it("updates profile fields and keeps the login account's name and e-mail in step; leaves projects alone when not sent", async () => {
    await t.request({ method: "PUT", url: `/api/workers/${id}`, payload: { projectIds: [p1] }, as: manager });
    const res = await t.request({
      method: "PUT",
      url: `/api/workers/${id}`,
      payload: { firstName: "Morgan", email: "morgan@example.com", role: "Foreman", phone: "555 222 3333 44" },
      as: manager,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: "Morgan",
      lastName: "Jonesu",
      email: "morgan@example.com",
      role: "Foreman",
      projectIds: [p1],
    });
    const user = await t.db.selectFrom("users").select(["email", "firstName"]).where("id", "=", userId).executeTakeFirstOrThrow();
    expect(user).toEqual({ email: "morgan@example.com", firstName: "Morgan" });
  });

  it.each([
    [{ email: "bad" }, 400, "Please enter a valid email address"],
    [{ phone: "12345" }, 400, "Phone number must be at least 10 digits"],
    [{ firstName: "" }, 400, "First name is required"],
    [{ projectIds: [999999] }, 400, "A selected project does not exist"],
    [{ email: "casey.a@example.com" }, 409, "Email already exists"],
  ])("refuses bad changes (%#)", async (payload, status, message) => {
    const res = await t.request({ method: "PUT", url: `/api/workers/${id}`, payload, as: admin });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });

  it("a worker may not edit (403); a missing worker is 404", async () => {
    expect(
      (await t.request({ method: "PUT", url: `/api/workers/${worker.workerId}`, payload: { firstName: "Me" }, as: worker })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: "PUT", url: "/api/workers/999999", payload: { firstName: "X" }, as: admin })).statusCode).toBe(404);
  });
});

describe("delete a worker", () => {
  it("deletes the login account, and with it the profile, assignments and training records (204)", async () => {
    const created = (
      await t.request({ method: "POST", url: "/api/workers", payload: newWorker("x", { projectIds: [p1] }), as: admin })
    ).json();
    const mod = await t.db
      .insertInto("trainingModules")
      .values({ title: "Scaffolds", content: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("workerTrainings")
      .values({ workerId: created.id, moduleId: mod.id, status: "completed", progress: 100 })
      .execute();
    const res = await t.request({ method: "DELETE", url: `/api/workers/${created.id}`, as: manager });
    expect(res.statusCode).toBe(204);
    expect(await t.db.selectFrom("users").select("id").where("id", "=", created.userId).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom("workers").select("id").where("id", "=", created.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom("projectWorkers").select("id").where("workerId", "=", created.id).execute()).toEqual([]);
    expect(await t.db.selectFrom("workerTrainings").select("id").where("workerId", "=", created.id).execute()).toEqual([]);
    expect((await t.request({ method: "DELETE", url: `/api/workers/${created.id}`, as: manager })).statusCode).toBe(404);
    const events = await t.db
      .selectFrom("auditEvents")
      .selectAll()
      .where("entity", "=", "user")
      .where("entityId", "=", created.userId)
      .execute();
    expect(events.map((e) => e.action)).toContain("deleted");
  });

  it("deletes a profile that has no login account", async () => {
    const row = await t.db
      .insertInto("workers")
      .values({ userId: null, firstName: "No", lastName: "Login", email: "nologin@example.com", role: "Laborer" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await t.request({ method: "DELETE", url: `/api/workers/${row.id}`, as: manager })).statusCode).toBe(204);
  });

  it("workers may not delete (403); a manager may not delete an admin's or manager's account; nobody deletes themself", async () => {
    const peer = await t.createUser({ role: "manager", withWorker: true });
    const boss = await t.createUser({ role: "admin", withWorker: true });
    const self = await t.createUser({ role: "manager", withWorker: true });
    expect((await t.request({ method: "DELETE", url: `/api/workers/${peer.workerId}`, as: worker })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/api/workers/${peer.workerId}`, as: manager })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/api/workers/${boss.workerId}`, as: manager })).statusCode).toBe(403);
    expect(
      (await t.request({ method: "PUT", url: `/api/workers/${boss.workerId}`, payload: { firstName: "Hacked" }, as: manager })).statusCode,
    ).toBe(403);
    const own = await t.request({ method: "DELETE", url: `/api/workers/${self.workerId}`, as: self });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe("You cannot delete your own account");
    expect((await t.request({ method: "DELETE", url: `/api/workers/${peer.workerId}`, as: admin })).statusCode).toBe(204);
  });
});

describe("managers", () => {
  it("an admin creates a manager: role manager, position Safety Manager, default company", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/managers",
      payload: {
        username: "mgr_one",
        password: "secret1",
        firstName: "Dana",
        lastName: "Lead",
        email: "dana@example.com",
        phone: "5550001111",
        role: "Carpenter",
      },
      as: admin,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: "Safety Manager", company: "SiteSafe Construction", username: "mgr_one" });
    const user = await t.db.selectFrom("users").select("role").where("username", "=", "mgr_one").executeTakeFirstOrThrow();
    expect(user.role).toBe("manager");
  });

  it("a manager may not create a manager (403); validation and 409 apply", async () => {
    const payload = { username: "mgr_two", password: "secret1", firstName: "Lee", lastName: "Two", email: "lee@example.com" };
    expect((await t.request({ method: "POST", url: "/api/managers", payload, as: manager })).statusCode).toBe(403);
    expect((await t.request({ method: "POST", url: "/api/managers", payload, as: worker })).statusCode).toBe(403);
    const missing = await t.request({ method: "POST", url: "/api/managers", payload: { ...payload, password: undefined }, as: admin });
    expect(missing.json().message).toBe("Missing credentials");
    const dup = await t.request({ method: "POST", url: "/api/managers", payload: { ...payload, username: "mgr_one" }, as: admin });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe("Username already exists");
  });

  it("the managers list holds manager positions only; staff only", async () => {
    await t.createUser({ role: "worker", position: "Safety Administrator" });
    const res = await t.request({ method: "GET", url: "/api/managers", as: manager });
    expect(res.statusCode).toBe(200);
    const roles = new Set((res.json() as { role: string }[]).map((w) => w.role));
    expect([...roles].every((r) => ["Safety Manager", "Safety Administrator", "manager"].includes(r))).toBe(true);
    expect(roles.has("Safety Administrator")).toBe(true);
    const viaFilter = (await t.request({ method: "GET", url: "/api/workers?managersOnly=true", as: admin })).json() as unknown[];
    expect(viaFilter).toHaveLength((res.json() as unknown[]).length);
    const byPosition = (await t.request({ method: "GET", url: "/api/workers?positions=Electrician", as: admin })).json() as {
      role: string;
    }[];
    expect(byPosition.every((w) => w.role === "Electrician")).toBe(true);
    expect((await t.request({ method: "GET", url: "/api/managers", as: worker })).statusCode).toBe(403);
  });
});
