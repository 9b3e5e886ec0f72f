import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

// The web app's screens ask for pages (docs/decisions/performance.md): `<area>.page` takes the list's own filters plus
// a required limit and offset, and answers { items, total }. Reading every page in turn must give
// exactly the whole list the REST route gives the same person, and `total` must be its length:
// same rows, same order, same permissions.

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let worker: TestUser;
let otherWorker: TestUser;
let siteA: number;
let siteB: number;

const FORMS_A = 23;
const FORMS_B = 6;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: "admin" });
  manager = await t.createUser({ role: "manager", position: "Safety Manager" });
  worker = await t.createUser({ role: "worker" });
  otherWorker = await t.createUser({ role: "worker" });
  siteA = await t.createProject({ name: "Harbor Tower" });
  siteB = await t.createProject({ name: "Mill Street Garage" });
  await t.createProject({ name: "Quarry Road", status: "completed" });
  await t.assign(worker.workerId as number, siteB);
  await t.assign(otherWorker.workerId as number, siteA);

  const projectOf = (i: number) => (i < FORMS_A ? siteA : siteB);
  const n = FORMS_A + FORMS_B;
  const day = (i: number) => new Date(Date.UTC(2026, 0, 1 + (i % 9))); // ties on purpose: order falls back to id
  await t.db
    .insertInto("jhaForms")
    .values(
      Array.from({ length: n }, (_, i) => ({
        projectId: projectOf(i),
        title: i % 5 === 0 ? `Crane lift ${i}` : `Rebar tying ${i}`,
        jobDescription: "Rigging steel",
        hazards: JSON.stringify([{ description: "Falls", riskLevel: "high" }]),
        controlMeasures: JSON.stringify([{ description: "Harness", responsibility: "Lead" }]),
        submittedBy: worker.workerId,
        submittedAt: day(i),
      })) as never,
    )
    .execute();
  await t.db
    .insertInto("incidentReports")
    .values(
      Array.from({ length: n }, (_, i) => ({
        projectId: projectOf(i),
        title: i % 4 === 0 ? `Slip on wet deck ${i}` : `Near miss ${i}`,
        description: "Reported at the gate",
        date: `2026-02-0${1 + (i % 7)}`,
        location: "Level 3",
        reportedBy: worker.workerId,
        involvedWorkers: JSON.stringify([]),
      })) as never,
    )
    .execute();
  await t.db
    .insertInto("hotWorkPermits")
    .values(
      Array.from({ length: n }, (_, i) => ({
        projectId: projectOf(i),
        title: i % 3 === 0 ? `Welding ${i}` : `Grinding ${i}`,
        location: "Bay 2",
        workDescription: "Steel connections",
        startDate: "2026-03-02T08:00:00Z",
        endDate: "2026-03-02T16:00:00Z",
        requestedBy: worker.workerId,
        requestedAt: day(i),
        precautions: JSON.stringify(["Fire extinguisher"]),
        equipmentUsed: JSON.stringify(["Welder"]),
      })) as never,
    )
    .execute();
  await t.db
    .insertInto("safetyComments")
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId: i % 2 === 0 ? worker.id : otherWorker.id,
        projectId: projectOf(i),
        title: `Loose guardrail ${i}`,
        content: "Near the stair core",
        status: i % 3 === 0 ? "resolved" : "open",
        createdAt: day(i),
      })) as never,
    )
    .execute();
  for (let i = 0; i < 12; i++) await t.createUser({ role: "worker", firstName: `Crew${i}`, lastName: i % 2 ? "Diaz" : "Okafor" });
});
afterAll(async () => {
  await t.close();
});

interface Page {
  items: { id: number }[];
  total: number;
}

function trpcUrl(path: string, input: unknown): string {
  return `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
}

async function page(path: string, input: Record<string, unknown>, as: TestUser) {
  const res = await t.request({ method: "GET", url: trpcUrl(path, input), as });
  return { status: res.statusCode, body: res.json() };
}

/** Every page of `size` in turn, as one list of ids; checks each page's total on the way. */
async function readAllPages(path: string, filters: Record<string, unknown>, as: TestUser, size: number) {
  const ids: number[] = [];
  let total = -1;
  for (let offset = 0; ; offset += size) {
    const { status, body } = await page(path, { ...filters, limit: size, offset }, as);
    expect(status).toBe(200);
    const data = body.result.data.json as Page;
    if (total === -1) total = data.total;
    expect(data.total).toBe(total);
    expect(data.items.length).toBeLessThanOrEqual(size);
    ids.push(...data.items.map((row) => row.id));
    if (data.items.length < size) break;
  }
  return { ids, total };
}

async function wholeList(url: string, as: TestUser): Promise<number[]> {
  const res = await t.request({ method: "GET", url, as });
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: number }[]).map((row) => row.id);
}

const cases: { path: string; rest: string; filters: Record<string, unknown>; query: string; readers: () => TestUser[] }[] = [
  {
    path: "jha.page",
    rest: "/api/jha-forms",
    filters: { search: "crane" },
    query: "search=crane",
    readers: () => [admin, manager, worker],
  },
  {
    path: "incidents.page",
    rest: "/api/incident-reports",
    filters: { search: "slip" },
    query: "search=slip",
    readers: () => [admin, manager, worker],
  },
  {
    path: "permits.page",
    rest: "/api/hot-work-permits",
    filters: { search: "weld" },
    query: "search=weld",
    readers: () => [admin, manager, worker],
  },
  {
    path: "comments.page",
    rest: "/api/safety-comments",
    filters: { status: "open" },
    query: "status=open",
    readers: () => [admin, manager, worker],
  },
  {
    path: "projects.page",
    rest: "/api/projects",
    filters: { status: "active" },
    query: "status=active",
    readers: () => [admin, manager, worker],
  },
  { path: "workers.page", rest: "/api/workers", filters: { search: "diaz" }, query: "search=diaz", readers: () => [admin, manager] },
  { path: "users.page", rest: "/api/users", filters: { search: "crew" }, query: "search=crew", readers: () => [admin] },
];

describe.each(cases)("$path", ({ path, rest, filters, query, readers }) => {
  it("pages through exactly the whole list each reader gets, with its length as the total", async () => {
    for (const reader of readers()) {
      const whole = await wholeList(rest, reader);
      const { ids, total } = await readAllPages(path, {}, reader, 5);
      expect(ids).toEqual(whole);
      expect(total).toBe(whole.length);
    }
  });

  it("applies the list's own filters to the rows and to the total", async () => {
    const whole = await wholeList(`${rest}?${query}`, admin);
    expect(whole.length).toBeGreaterThan(0);
    expect(whole.length).toBeLessThan((await wholeList(rest, admin)).length);
    const { ids, total } = await readAllPages(path, filters, admin, 4);
    expect(ids).toEqual(whole);
    expect(total).toBe(whole.length);
  });

  it("requires a page size of 1 to 100", async () => {
    expect((await page(path, {}, admin)).status).toBe(400);
    expect((await page(path, { limit: 0 }, admin)).status).toBe(400);
    expect((await page(path, { limit: 101 }, admin)).status).toBe(400);
    expect((await page(path, { limit: 10, offset: -1 }, admin)).status).toBe(400);
  });

  it("answers 401 to a visitor who is not signed in", async () => {
    const res = await t.request({ method: "GET", url: trpcUrl(path, { limit: 5 }) });
    expect(res.statusCode).toBe(401);
  });
});

describe("who may read which pages", () => {
  it("a worker reads only their assigned projects' forms, reports, permits and projects", async () => {
    const read = async (path: string) => (await page(path, { limit: 100 }, worker)).body.result.data.json as Page;
    expect((await read("jha.page")).total).toBe(FORMS_B);
    expect((await read("incidents.page")).total).toBe(FORMS_B);
    expect((await read("permits.page")).total).toBe(FORMS_B);
    const projects = await read("projects.page");
    expect(projects.items.map((p) => p.id)).toEqual([siteB]);
    expect(projects.total).toBe(1);
  });

  it("a worker asking for another site's forms or reports gets the product's 403", async () => {
    for (const path of ["jha.page", "incidents.page"]) {
      const res = await page(path, { projectId: siteA, limit: 10 }, worker);
      expect(res.status).toBe(403);
      expect(res.body.error.json.message).toBe("You can only access forms for projects you're assigned to");
    }
  });

  it("a worker's messages page holds only their own messages", async () => {
    const mine = (await page("comments.page", { limit: 100 }, worker)).body.result.data.json as Page;
    expect(mine.total).toBe(Math.ceil((FORMS_A + FORMS_B) / 2));
    const staff = (await page("comments.page", { limit: 100 }, manager)).body.result.data.json as Page;
    expect(staff.total).toBe(FORMS_A + FORMS_B);
  });

  it("workers and users pages are refused to those who may not list them", async () => {
    expect((await page("workers.page", { limit: 10 }, worker)).status).toBe(403);
    expect((await page("users.page", { limit: 10 }, manager)).status).toBe(403);
    expect((await page("users.page", { limit: 10 }, worker)).status).toBe(403);
  });

  it("the managers page counts only the manager positions", async () => {
    const managers = (await page("workers.page", { managersOnly: true, limit: 100 }, admin)).body.result.data.json as Page;
    expect(managers.items.map((w) => w.id)).toEqual([manager.workerId]);
    expect(managers.total).toBe(1);
  });

  it("a page past the end is empty and still tells the total", async () => {
    const past = (await page("jha.page", { limit: 10, offset: 1_000 }, admin)).body.result.data.json as Page;
    expect(past).toEqual({ items: [], total: FORMS_A + FORMS_B });
  });
});

describe("pickers read names, not whole lists", () => {
  it("projects.options gives staff every project and a worker their own, by name with status and location", async () => {
    const staff = (await t.request({ method: "GET", url: "/trpc/projects.options", as: manager })).json().result.data.json as {
      id: number;
      name: string;
      status: string;
      location: string;
    }[];
    expect(staff.map((p) => p.name)).toEqual(["Harbor Tower", "Mill Street Garage", "Quarry Road"]);
    expect(staff[2]).toMatchObject({ status: "completed", location: "Springfield" });
    const mine = (await t.request({ method: "GET", url: "/trpc/projects.options", as: worker })).json().result.data.json as {
      id: number;
    }[];
    expect(mine.map((p) => p.id)).toEqual([siteB]);
  });

  it("permits.formOptions gives a worker only their projects and the people on them", async () => {
    const read = async (as: TestUser) =>
      (await t.request({ method: "GET", url: "/trpc/permits.formOptions", as })).json().result.data.json as {
        projects: { id: number }[];
        workers: { id: number }[];
      };
    const staff = await read(admin);
    expect(staff.projects).toHaveLength(3);
    expect(staff.workers.map((w) => w.id)).toEqual(expect.arrayContaining([worker.workerId, otherWorker.workerId]));
    const mine = await read(worker);
    expect(mine.projects.map((p) => p.id)).toEqual([siteB]);
    expect(mine.workers.map((w) => w.id)).toEqual([worker.workerId]);
  });
});
