import { Validator } from "@seriousme/openapi-schema-validator";
import { HOT_WORK_PRECAUTIONS } from "@sitesafe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { procedureOf } from "../src/openapi/document.js";
import { responses } from "../src/openapi/responses.js";
import { restRoutes } from "../src/rest/index.js";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";
import {
  commentBody,
  createFixture,
  type Fixture,
  incidentBody,
  jhaBody,
  moduleBody,
  permitBody,
  projectBody,
  videoBody,
  workerBody,
} from "./security/fixture.js";

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  "x-procedure": string;
}
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>>; securitySchemes: Record<string, unknown> };
};

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.request({ method: "GET", url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Doc;
});
afterAll(() => t?.close());

const operation = (method: string, path: string) => doc.paths[path.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()];

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as never);
    expect(result.errors ?? [], String(JSON.stringify(result.errors)).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("documents every route of the REST table, each with a response schema and its error statuses", () => {
    const missing: string[] = [];
    const withoutSchema: string[] = [];
    for (const route of restRoutes) {
      const op = operation(route.method, route.path);
      if (!op) {
        missing.push(`${route.method} ${route.path}`);
        continue;
      }
      const status = String(route.status ?? 200);
      const success = op.responses[status];
      if (!success) withoutSchema.push(`${route.method} ${route.path}: no ${status}`);
      else if (status !== "204" && !success.content) withoutSchema.push(`${route.method} ${route.path}: no content`);
      expect(op.responses["503"], `${route.method} ${route.path}`).toBeDefined();
      for (const [code, response] of Object.entries(op.responses)) {
        if (Number(code) >= 400) expect(response.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Error" });
      }
    }
    expect(missing, "routes missing from the document").toEqual([]);
    expect(withoutSchema, "routes without a response schema").toEqual([]);
  });

  it("every procedure a JSON route calls has a response schema in responses.ts", async () => {
    const without: string[] = [];
    for (const route of restRoutes) {
      const procedure = await procedureOf(route);
      if (route.raw) continue;
      if (!procedure || !responses[procedure]) without.push(`${route.method} ${route.path} -> ${procedure}`);
    }
    expect(without).toEqual([]);
  });

  it("describes parameters, request bodies, enums, the error body and both security schemes", () => {
    const byId = operation("GET", "/api/incident-reports/:id");
    expect(byId?.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path", required: true }));
    const list = operation("GET", "/api/incident-reports");
    expect(list?.parameters?.map((p) => p.name)).toContain("projectId");
    expect(list?.parameters?.every((p) => p.in === "query")).toBe(true);
    const createPermit = operation("POST", "/api/hot-work-permits");
    const body = createPermit?.requestBody?.content["application/json"]?.schema as {
      properties: Record<string, { items?: { enum?: string[] } }>;
    };
    expect(body.properties.precautions?.items?.enum).toEqual([...HOT_WORK_PRECAUTIONS]);
    expect(body.properties.equipmentUsed).toBeDefined();
    expect(createPermit?.responses["201"]?.content?.["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/HotWorkPermitDetail",
    });
    expect(createPermit?.responses["400"]).toBeDefined();
    expect(createPermit?.responses["401"]).toBeDefined();
    expect(doc.components.schemas.Error).toMatchObject({ required: ["message"], properties: { message: { type: "string" } } });
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["bearerToken", "cookieSession"]);
    expect(operation("POST", "/api/login")?.responses["429"]).toBeDefined();
    expect(operation("POST", "/api/projects/:id/safety-plan")?.requestBody?.content["multipart/form-data"]).toBeDefined();
  });
});

/** Real answers of the server, checked against the schemas the document publishes. */
describe("the response schemas match what the server sends", () => {
  let f: Fixture;
  let establishmentId: number;
  let year: number;
  beforeAll(async () => {
    f = await createFixture(t);
    // OSHA records: an establishment of P with the year's hours, and the fixture's incident classified.
    year = Number(
      (
        (await t.request({ method: "GET", url: `/api/incident-reports/${f.incidentId}`, as: f.admin })).json() as { date: string }
      ).date.slice(0, 4),
    );
    const est = await t.request({
      method: "POST",
      url: "/api/establishments",
      as: f.admin,
      payload: {
        name: "Schema yard",
        streetAddress: "1 Main St",
        city: "Springfield",
        state: "IL",
        zip: "62701",
        naicsCode: "236220",
        size: 21,
        establishmentType: 1,
        projectIds: [f.projectP],
      },
    });
    expect(est.statusCode, est.body).toBe(201);
    establishmentId = est.json().id;
    const hours = await t.request({
      method: "PUT",
      url: `/api/establishments/${establishmentId}/hours/${year}`,
      as: f.admin,
      payload: { annualAverageEmployees: 12, totalHoursWorked: 24_000 },
    });
    expect(hours.statusCode, hours.body).toBe(200);
    const classified = await t.request({
      method: "PUT",
      url: `/api/incident-reports/${f.incidentId}/recordkeeping`,
      as: f.admin,
      payload: {
        recordable: true,
        employeeWorkerId: f.w1.workerId,
        jobTitle: "Carpenter",
        outcome: "days_away",
        daysAway: 3,
        injuryType: "injury",
        injuryDescription: "Bruised foot",
        bodyPart: "Left foot",
        objectSubstance: "Spanner",
      },
    });
    expect(classified.statusCode, classified.body).toBe(200);
  });

  function urlFor(path: string): string {
    const ids: [string, number][] = [
      ["/api/jha-forms/:id", f.jhaFormId],
      ["/api/jha-comments/:id", f.jhaCommentId],
      ["/api/incident-reports/:id", f.incidentId],
      ["/api/hot-work-permits/:id", f.permitId],
      ["/api/safety-comments/:id", f.commentId],
      ["/api/training-modules/:id", f.moduleId],
      ["/api/safety-videos/:id", f.videoId],
      ["/api/workers/:id", f.w1.workerId],
      ["/api/users/:id", f.w1.id],
      ["/api/establishments/:id", establishmentId],
      ["/api/projects/:id", f.projectP],
      ["/api/sign-on-signatures/:id", f.signatureId],
      ["/api/toolbox-talks/:id", f.talkId],
    ];
    let url = path;
    for (const [prefix, value] of ids) if (url.startsWith(prefix)) url = url.replace(":id", String(value));
    return url
      .replace(":workerId", String(f.w1.workerId))
      .replace(":userId", String(f.w1.id))
      .replace(":moduleId", String(f.moduleId))
      .replace(":videoId", String(f.videoId))
      .replace(":year", String(year))
      .replace(":token", f.linkToken)
      .replace(/^\/api\/sign-on-links$/, `/api/sign-on-links?kind=jha&id=${f.jhaFormId}`)
      .replace(/^\/api\/sign-on\/coverage$/, `/api/sign-on/coverage?projectId=${f.projectP}`)
      .replace(/^\/api\/osha\/rates$/, `/api/osha/rates?year=${year}`);
  }

  async function check(method: string, path: string, url: string, as: TestUser, payload?: object) {
    const res = await t.request({ method: method as "GET", url, as, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
    const route = restRoutes.find((r) => r.method === method && r.path === path);
    if (!route) throw new Error(`no route ${method} ${path}`);
    const procedure = await procedureOf(route);
    const schema = procedure ? responses[procedure] : undefined;
    if (!schema) throw new Error(`no schema for ${procedure}`);
    if (res.statusCode === 204) return;
    const parsed = schema.safeParse(res.json());
    expect(parsed.success, `${method} ${path}: ${JSON.stringify(parsed.error?.issues.slice(0, 3))}`).toBe(true);
  }

  it("every JSON GET route, as the user who may read it", async () => {
    for (const route of restRoutes) {
      if (route.method !== "GET" || route.raw) continue;
      const url = urlFor(route.path);
      const staffOnly = await t.request({ method: "GET", url, as: f.w1 });
      await check("GET", route.path, url, staffOnly.statusCode === 200 ? f.w1 : f.admin);
    }
  });

  it("the JSON answers of the OSHA routes that also send files", async () => {
    const query = `?establishmentId=${establishmentId}&year=${year}`;
    await check("GET", "/api/osha/300", `/api/osha/300${query}`, f.admin);
    await check("GET", "/api/osha/300a", `/api/osha/300a${query}`, f.admin);
    await check("GET", "/api/incident-reports/:id/osha-301", `/api/incident-reports/${f.incidentId}/osha-301`, f.admin);
  });

  it("creates, state changes and an assignment", async () => {
    await check("POST", "/api/projects", "/api/projects", f.admin, projectBody());
    await check("POST", "/api/workers", "/api/workers", f.admin, workerBody());
    await check("POST", "/api/jha-forms", "/api/jha-forms", f.w1, jhaBody(f));
    await check("POST", "/api/incident-reports", "/api/incident-reports", f.w1, incidentBody(f));
    await check("POST", "/api/hot-work-permits", "/api/hot-work-permits", f.w1, permitBody(f));
    await check("POST", "/api/safety-comments", "/api/safety-comments", f.w1, commentBody(f));
    await check("POST", "/api/training-modules", "/api/training-modules", f.admin, moduleBody());
    await check("POST", "/api/safety-videos", "/api/safety-videos", f.admin, videoBody());
    await check("PUT", "/api/hot-work-permits/:id/approve", `/api/hot-work-permits/${f.permitId}/approve`, f.admin, {});
    await check("POST", "/api/jha-forms/:id/comments", `/api/jha-forms/${f.jhaFormId}/comments`, f.w1, {
      content: "Checked",
      visibility: "public",
    });
    await check("POST", "/api/workers/:workerId/trainings", `/api/workers/${f.w1.workerId}/trainings`, f.w1, {
      moduleId: f.freshModuleId,
      progress: 1,
    });
    await check("POST", "/api/workers/:workerId/videos", `/api/workers/${f.w1.workerId}/videos`, f.w1, {
      videoId: f.freshVideoId,
      watchedPercentage: 30,
    });
    await check("POST", "/api/invite-tokens", "/api/invite-tokens", f.admin, { role: "manager" });
    await check("POST", "/api/projects/:id/workers", `/api/projects/${f.projectP}/workers`, f.admin, { workerId: f.w2.workerId });
    await check("POST", "/api/tokens", "/api/tokens", f.w1, { name: "schema check" });
    await check("POST", "/api/login", "/api/login", f.w1, { username: f.w1.username, password: "Passw0rd!" });
    await check("PUT", "/api/safety-comments/:id", `/api/safety-comments/${f.commentId}`, f.admin, {
      status: "resolved",
      managerResponse: "Fixed",
    });
  });
});

describe("GET /api/docs", () => {
  it("serves Swagger UI from the app itself, with no inline script and the app's CSP", async () => {
    const page = await t.request({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).not.toMatch(/<script>(?!<)/);
    expect(page.body).not.toContain("http");
    expect(String(page.headers["content-security-policy"])).toContain("script-src 'self'");
    for (const asset of ["/api/docs/assets/swagger-ui-bundle.js", "/api/docs/assets/swagger-ui.css", "/api/docs/init.js"]) {
      const res = await t.request({ method: "GET", url: asset });
      expect(res.statusCode, asset).toBe(200);
    }
    expect((await t.request({ method: "GET", url: "/api/docs/assets/package.json" })).statusCode).toBe(404);
  });
});
