import { resolve } from "node:path";
import { createConfig, lintFromString, loadConfig } from "@redocly/openapi-core";
import { Validator } from "@seriousme/openapi-schema-validator";
import { HOT_WORK_PRECAUTIONS } from "@sitesafe/domain";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsPlugin from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { procedureOf } from "../src/openapi/document.js";
import { restRoutes } from "../src/rest/index.js";
import { createTestApp, servedRoutes, type TestApp, type TestUser } from "./helpers.js";
import {
  commentBody,
  correctiveActionBody,
  createFixture,
  credentialBody,
  credentialImportBody,
  credentialRequirementBody,
  credentialTypeBody,
  FIXTURE_PASSWORD,
  type Fixture,
  guestSignOnBody,
  incidentBody,
  inspectionBody,
  inspectionScheduleBody,
  inspectionTemplateBody,
  jhaBody,
  moduleBody,
  multipartBody,
  PDF_BYTES,
  PHOTO_PNG,
  permitBody,
  projectBody,
  signOnBody,
  signOnLinkBody,
  talkBody,
  talkTopicBody,
  uid,
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

  it("every procedure a JSON route calls declares its answer (`output` in its meta)", async () => {
    const without: string[] = [];
    for (const route of restRoutes) {
      const procedure = await procedureOf(route);
      if (route.raw) continue;
      if (!procedure || !route.output) without.push(`${route.method} ${route.path} -> ${procedure}`);
    }
    expect(without).toEqual([]);
  });

  it("the server serves exactly the /api routes its procedures declare (rest/meta.ts), besides its own few", () => {
    const own = ["GET /api/health", "GET /api/bare", "GET /api/openapi.json", "GET /api/docs", "GET /api/docs/init.js"];
    const served = servedRoutes(t.app).filter((r) => r.split(" ")[1]?.startsWith("/api/") && !r.includes("/api/docs/assets/"));
    // Fastify prints one segment's parameters together (":id|:workerId"): compared without their names,
    // and each declared route is then looked up by its own.
    const shape = (route: string) => route.replace(/:\w+(\|:\w+)*/g, ":");
    expect(
      served
        .filter((r) => !own.includes(r))
        .map(shape)
        .sort(),
    ).toEqual(restRoutes.map((r) => shape(`${r.method} ${r.path}`)).sort());
    expect(restRoutes.filter((r) => !t.app.hasRoute({ method: r.method, url: r.path })).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(own.filter((r) => !served.includes(r))).toEqual([]);
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

  it("declares only JSON on a list's 200, so a generated client keeps the array type; its CSV is described beside it", () => {
    for (const path of ["/api/projects", "/api/workers", "/api/jha-forms", "/api/incident-reports", "/api/hot-work-permits"]) {
      const list = operation("GET", path) as Operation & { "x-other-formats"?: { format: string; accept?: string; mediaType: string }[] };
      expect(Object.keys(list.responses["200"]?.content ?? {}), path).toEqual(["application/json"]);
      expect(list["x-other-formats"], path).toEqual([
        expect.objectContaining({
          format: "csv",
          accept: "text/csv",
          mediaType: "text/csv",
          schema: expect.objectContaining({ type: "string" }),
        }),
      ]);
      expect(list.parameters?.find((p) => p.name === "format")?.schema).toEqual({ type: "string", enum: ["json", "csv"] });
    }
    const log = operation("GET", "/api/osha/300") as Operation & { "x-other-formats"?: { format: string; mediaType: string }[] };
    expect(Object.keys(log.responses["200"]?.content ?? {})).toEqual(["application/json"]);
    expect(log["x-other-formats"]?.map((f) => `${f.format} ${f.mediaType}`)).toEqual(["pdf application/pdf", "csv text/csv"]);
    // A route that only sends a file declares the file.
    expect(Object.keys(operation("GET", "/api/osha/cases.csv")?.responses["200"]?.content ?? {})).toEqual(["text/csv"]);
  });
});

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;
const validators = new Map<string, ValidateFunction>();
/** The validator of an operation's JSON answer, its `#/components/...` references resolved in the document. */
function validatorFor(method: string, path: string, status: number): ValidateFunction {
  const key = `${method} ${path} ${status}`;
  const known = validators.get(key);
  if (known) return known;
  const schema = operation(method, path)?.responses[String(status)]?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`the document has no JSON answer for ${key}`);
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  const validate = ajv.compile({ ...(schema as object), components: doc.components });
  validators.set(key, validate);
  return validate;
}
/** The operations whose real answers were checked ("GET /api/..."). */
const checked = new Set<string>();

/**
 * Sends the request and checks the answer against the schema the document publishes for its
 * status, with a JSON Schema validator (not the server's own Zod schemas): every object of the
 * document is closed, so a field the document does not name fails here.
 */
async function check(
  method: string,
  path: string,
  url: string,
  as: TestUser | null,
  payload?: object,
  headers?: Record<string, string>,
): Promise<Record<string, unknown> | undefined> {
  const res = await t.request({ method: method as "GET", url, as, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
  checked.add(`${method} ${path}`);
  if (res.statusCode === 204) return undefined;
  const validate = validatorFor(method, path, res.statusCode);
  const valid = validate(res.json());
  expect.soft(valid, `${method} ${path}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
  return res.json();
}

/**
 * Whether `literal` (a path segment) is a value the path parameter's schema allows. One validator,
 * each schema compiled once: a new Ajv per pair of paths took this test past its 60 s on a busy
 * machine once the document had 150 paths.
 */
const parameterAjv = new Ajv2020({ strict: false });
const parameterValidators = new Map<string, ValidateFunction>();
function parameterAllows(schema: Record<string, unknown>, literal: string): boolean {
  const key = JSON.stringify(schema);
  let validate = parameterValidators.get(key);
  if (!validate) {
    validate = parameterAjv.compile(schema);
    parameterValidators.set(key, validate);
  }
  const value = /^-?\d+(\.\d+)?$/.test(literal) ? Number(literal) : literal;
  return validate(value) === true;
}

describe("Redocly's lint", () => {
  it("finds no error and no warning with the repository's redocly.yaml (its recommended rules, two of them off)", async () => {
    const config = await loadConfig({ configPath: resolve(import.meta.dirname, "..", "..", "..", "redocly.yaml") });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: "openapi.json", config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`)).toEqual([]);
  });

  it("of the two rules off: only the health check has no 4xx answer, and no request matches two paths", async () => {
    const recommended = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: "openapi.json", config: recommended });
    const missing4xx = problems.filter((p) => p.ruleId === "operation-4xx-response").map((p) => p.location[0]?.pointer);
    expect(missing4xx).toEqual(["#/paths/~1api~1health/get/responses"]);
    expect(problems.filter((p) => !["operation-4xx-response", "no-ambiguous-paths"].includes(p.ruleId))).toEqual([]);

    // Redocly compares segments only; here a pair is ambiguous unless, at some position, the
    // segments are different words, or one is a word the other's parameter does not allow
    // (`byUserId` is not a whole number). Both parameters at every position: the same path.
    const paths = Object.keys(doc.paths);
    const schemaOf = (path: string, name: string) =>
      Object.values(doc.paths[path] ?? {})
        .flatMap((op) => op.parameters ?? [])
        .find((p) => p.in === "path" && p.name === name)?.schema ?? {};
    const ambiguous: string[] = [];
    let resolvedByParameter = 0;
    for (const [i, a] of paths.entries()) {
      for (const b of paths.slice(i + 1)) {
        const sa = a.split("/");
        const sb = b.split("/");
        if (sa.length !== sb.length) continue;
        let distinct = false;
        let byParameter = false;
        sa.forEach((x, k) => {
          const y = sb[k] as string;
          const px = /^\{(\w+)\}$/.exec(x)?.[1];
          const py = /^\{(\w+)\}$/.exec(y)?.[1];
          if (!px && !py) distinct ||= x !== y;
          else if (px && !py) byParameter ||= !parameterAllows(schemaOf(a, px), y);
          else if (!px && py) byParameter ||= !parameterAllows(schemaOf(b, py), x);
        });
        if (!distinct && !byParameter) ambiguous.push(`${a} ~ ${b}`);
        if (!distinct && byParameter) resolvedByParameter++;
      }
    }
    expect(ambiguous).toEqual([]);
    // The pairs Redocly names are among those the parameters tell apart.
    const named = problems.filter((p) => p.ruleId === "no-ambiguous-paths").length;
    expect(named).toBeGreaterThan(0);
    expect(resolvedByParameter).toBeGreaterThanOrEqual(named);
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
      ["/api/credentials/:id", f.credentialId],
      ["/api/inspection-templates/:id", f.inspectionTemplateId],
      ["/api/inspections/:id", f.inspectionId],
      ["/api/corrective-actions/:id", f.actionId],
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
      .replace(/^\/api\/osha\/rates$/, `/api/osha/rates?year=${year}`)
      .replace(/^\/api\/corrective-action-owners$/, `/api/corrective-action-owners?projectId=${f.projectP}`)
      .replace(/\/fire-watch-check$/, `/fire-watch-check?workerId=${f.w1.workerId}`);
  }

  it("every JSON GET route, as each role that may read it (a worker's answers carry their own figures)", async () => {
    for (const route of restRoutes) {
      if (route.method !== "GET" || route.raw) continue;
      const url = urlFor(route.path);
      let answered = 0;
      for (const user of [f.admin, f.manager, f.w1]) {
        const res = await t.request({ method: "GET", url, as: user });
        if (res.statusCode === 403) continue;
        answered++;
        await check("GET", route.path, url, user);
      }
      expect(answered, `GET ${url}`).toBeGreaterThan(0);
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

  it("credentials: types, requirements, a worker's cards, their decisions, photos and the CSV import", async () => {
    await check("POST", "/api/credential-types", "/api/credential-types", f.admin, credentialTypeBody());
    const requirement = await check(
      "POST",
      "/api/credential-requirements",
      "/api/credential-requirements",
      f.admin,
      credentialRequirementBody(f),
    );
    await check(
      "DELETE",
      "/api/credential-requirements/:id",
      `/api/credential-requirements/${(requirement as { id: number }).id}`,
      f.admin,
    );
    const mine = await check(
      "POST",
      "/api/workers/:workerId/credentials",
      `/api/workers/${f.w1.workerId}/credentials`,
      f.w1,
      credentialBody(f),
    );
    const card = multipartBody({}, { name: "card.png", data: PHOTO_PNG, type: "image/png" });
    await check("POST", "/api/credentials/:id/photos", `/api/credentials/${f.credentialId}/photos`, f.w1, card.payload, card.headers);
    await check("POST", "/api/credentials/:id/verify", `/api/credentials/${f.credentialId}/verify`, f.admin);
    await check("POST", "/api/credentials/:id/reject", `/api/credentials/${(mine as { id: number }).id}/reject`, f.manager, {
      reason: "Blurry",
    });
    await check("POST", "/api/credentials/import", "/api/credentials/import", f.admin, credentialImportBody(f));
    await check("DELETE", "/api/credentials/:id", `/api/credentials/${(mine as { id: number }).id}`, f.admin);
  });

  it("crew sign-on, toolbox talks, notifications and the site's fire-watch length", async () => {
    // The JSON answers of the two routes that also send files (the GET loop above skips them).
    await check("GET", "/api/toolbox-talks/:id", `/api/toolbox-talks/${f.talkId}`, f.admin);
    await check("GET", "/api/sign-on/coverage", `/api/sign-on/coverage?projectId=${f.projectP}`, f.admin);
    // W1 already signed the JHA in the fixture: a crew member without an account signs it here.
    await check("POST", "/api/jha-forms/:id/sign-on", `/api/jha-forms/${f.jhaFormId}/sign-on`, f.w1, guestSignOnBody());
    await check("POST", "/api/hot-work-permits/:id/sign-on", `/api/hot-work-permits/${f.approvedPermitId}/sign-on`, f.w1, signOnBody(f));
    await check("POST", "/api/sign-on-links", "/api/sign-on-links", f.w1, signOnLinkBody(f));
    await check("POST", "/api/public/sign-on/:token", `/api/public/sign-on/${f.linkToken}`, null, guestSignOnBody());
    await check("POST", "/api/toolbox-talk-topics", "/api/toolbox-talk-topics", f.admin, talkTopicBody());
    await check("POST", "/api/toolbox-talks", "/api/toolbox-talks", f.admin, talkBody(f));
    // W1 presents the fixture's talk, so W1 collects its attendance.
    await check("POST", "/api/toolbox-talks/:id/sign-on", `/api/toolbox-talks/${f.talkId}/sign-on`, f.w1, guestSignOnBody());
    await check("PUT", "/api/notification-preferences", "/api/notification-preferences", f.w1, { kind: "jha.commented", email: true });
    await check("PUT", "/api/notifications/:id/read", `/api/notifications/${f.w1NotificationId}/read`, f.w1);
    await check("PUT", "/api/notifications/read-all", "/api/notifications/read-all", f.w1);
    // Web Push: subscribing stores the device and contacts nobody, so a made-up https endpoint does.
    const device = { endpoint: "https://fcm.googleapis.com/fcm/send/openapi", keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) } };
    await check("PUT", "/api/push/subscription", "/api/push/subscription", f.w1, device);
    await check("POST", "/api/push/unsubscribe", "/api/push/unsubscribe", f.w1, { endpoint: device.endpoint });
    await check("PUT", "/api/projects/:id/fire-watch-minutes", `/api/projects/${f.projectP}/fire-watch-minutes`, f.admin, { minutes: 45 });
  });

  it("inspections and corrective actions", async () => {
    await check("POST", "/api/inspection-templates", "/api/inspection-templates", f.manager, inspectionTemplateBody());
    await check(
      "PUT",
      "/api/inspection-templates/:id",
      `/api/inspection-templates/${f.inspectionTemplateId}`,
      f.manager,
      inspectionTemplateBody(),
    );
    await check("POST", "/api/inspection-schedules", "/api/inspection-schedules", f.manager, inspectionScheduleBody(f));
    await check("DELETE", "/api/inspection-schedules/:id", `/api/inspection-schedules/${f.inspectionScheduleId}`, f.manager);
    await check("POST", "/api/inspections", "/api/inspections", f.manager, inspectionBody(f));
    await check("POST", "/api/corrective-actions", "/api/corrective-actions", f.manager, correctiveActionBody(f));
    const due = { description: "Refit the guardrail today", priority: "low", ownerUserId: f.w1.id, dueAt: "2027-01-01T00:00:00Z" };
    await check("PUT", "/api/corrective-actions/:id", `/api/corrective-actions/${f.actionId}`, f.manager, due);
    await check("PUT", "/api/corrective-actions/:id/start", `/api/corrective-actions/${f.actionId}/start`, f.w1);
    await check("PUT", "/api/corrective-actions/:id/submit", `/api/corrective-actions/${f.actionId}/submit`, f.w1, {
      evidenceNote: "Done",
    });
    await check("PUT", "/api/corrective-actions/:id/reject", `/api/corrective-actions/${f.actionId}/reject`, f.manager, {
      reason: "Loose",
    });
    await check("PUT", "/api/corrective-actions/:id/verify", `/api/corrective-actions/${f.awaitingActionId}/verify`, f.manager);
  });
});

/** Real answers of the writes the tests above leave out, on a fixture of their own (they change and delete it). */
describe("the response schemas match what the server sends: the other writes", () => {
  let g: Fixture;
  beforeAll(async () => {
    g = await createFixture(t);
  });

  it("updates, state changes, uploads and account writes", async () => {
    await check("GET", "/api/health", "/api/health", null);
    await check("PUT", "/api/projects/:id", `/api/projects/${g.projectP}`, g.admin, projectBody());
    await check("PUT", "/api/workers/:id", `/api/workers/${g.w1.workerId}`, g.admin, { firstName: "Changed", phone: "5559876543" });
    await check("PUT", "/api/jha-forms/:id", `/api/jha-forms/${g.jhaFormId}`, g.admin, jhaBody(g));
    await check("PUT", "/api/jha-comments/:id", `/api/jha-comments/${g.jhaCommentId}`, g.w1, { content: "Edited note" });
    await check("PUT", "/api/incident-reports/:id", `/api/incident-reports/${g.incidentId}`, g.w1, incidentBody(g));
    await check("PUT", "/api/hot-work-permits/:id", `/api/hot-work-permits/${g.permitId}`, g.w1, permitBody(g));
    await check("PUT", "/api/hot-work-permits/:id/reject", `/api/hot-work-permits/${g.permitId}/reject`, g.admin, {
      rejectionReason: "No fire watch",
    });
    await check("PUT", "/api/hot-work-permits/:id/close", `/api/hot-work-permits/${g.approvedPermitId}/close`, g.w1, {
      closingNotes: "Area inspected",
    });
    // Closing started the permit's fire watch; it is signed off once its end has passed, so its
    // period is moved an hour into the past (no waiting on a real clock).
    const hourAgo = new Date(Date.now() - 3_600_000);
    await t.db
      .updateTable("fireWatches")
      .set({ startsAt: new Date(hourAgo.getTime() - 3_600_000), endsAt: hourAgo })
      .where("permitId", "=", g.approvedPermitId)
      .execute();
    const signedOff = await check(
      "PUT",
      "/api/hot-work-permits/:id/fire-watch/sign-off",
      `/api/hot-work-permits/${g.approvedPermitId}/fire-watch/sign-off`,
      g.w1,
      { areaInspected: true, noSmoke: true, noHeat: true },
    );
    expect(signedOff?.fireWatch).toMatchObject({ state: "signedOff" });
    await check("PUT", "/api/safety-videos/:id", `/api/safety-videos/${g.videoId}`, g.admin, { ...videoBody(), id: g.videoId });
    await check("PUT", "/api/training-modules/:id/translations/:language", `/api/training-modules/${g.moduleId}/translations/es`, g.admin, {
      title: "Andamios",
      description: "Inspección de andamios",
      content: {
        sections: [{ title: "Etiquetas", content: "Revise la etiqueta del andamio" }],
        quiz: [{ question: "¿Qué significa la etiqueta verde?", options: ["Seguro", "Inseguro"] }],
      },
    });
    const training = `/api/workers/${g.w1.workerId}/trainings/${g.moduleId}`;
    await check("PUT", "/api/workers/:workerId/trainings/:moduleId", training, g.w1, { progress: 60, status: "in_progress" });
    await check("POST", "/api/workers/:workerId/trainings/:moduleId/attempts", `${training}/attempts`, g.w1, { answers: [1] });
    const video = `/api/workers/${g.w1.workerId}/videos/${g.videoId}`;
    await check("PUT", "/api/workers/:workerId/videos/:videoId", video, g.w1, { watchedPercentage: 80 });
    await check("POST", "/api/workers/:workerId/videos/:videoId/self-attest", `${video}/self-attest`, g.w1, {});
    await check("PUT", "/api/user/language", "/api/user/language", g.w2, { language: "es" });
    await check("PUT", "/api/incident-reports/:id/recordkeeping", `/api/incident-reports/${g.incidentId}/recordkeeping`, g.admin, {
      recordable: false,
      notRecordableReason: "first_aid_only",
    });
    const { role: _role, ...manager } = workerBody();
    await check("POST", "/api/managers", "/api/managers", g.admin, manager);
    const photo = () => multipartBody({}, { name: "site.jpg", data: PHOTO_PNG, type: "image/jpeg" });
    const incidentPhoto = photo();
    await check(
      "POST",
      "/api/incident-reports/:id/photos",
      `/api/incident-reports/${g.incidentId}/photos`,
      g.w1,
      incidentPhoto.payload,
      incidentPhoto.headers,
    );
    const jhaPhoto = photo();
    await check("POST", "/api/jha-forms/:id/photos", `/api/jha-forms/${g.jhaFormId}/photos`, g.w1, jhaPhoto.payload, jhaPhoto.headers);
    const talkPhoto = photo();
    await check(
      "POST",
      "/api/toolbox-talks/:id/photos",
      `/api/toolbox-talks/${g.talkId}/photos`,
      g.w1,
      talkPhoto.payload,
      talkPhoto.headers,
    );
    const actionPhoto = photo();
    await check(
      "POST",
      "/api/corrective-actions/:id/photos",
      `/api/corrective-actions/${g.actionId}/photos`,
      g.w1,
      actionPhoto.payload,
      actionPhoto.headers,
    );
    const stagedPhoto = photo();
    await check("POST", "/api/inspection-photos", "/api/inspection-photos", g.admin, stagedPhoto.payload, stagedPhoto.headers);
    const plan = multipartBody({ description: "Plan v2" }, { name: "plan-v2.pdf", data: PDF_BYTES, type: "application/pdf" });
    await check("POST", "/api/projects/:id/safety-plan", `/api/projects/${g.projectP}/safety-plan`, g.admin, plan.payload, plan.headers);
    await check("POST", "/api/register", "/api/register", null, {
      username: `reg_${uid()}`,
      email: `reg_${uid()}@example.com`,
      firstName: "Reg",
      lastName: "Istered",
      password: "secret12",
      role: "worker",
      company: "Acme",
      hardhatNumber: "HH-R",
    });
    await check("POST", "/api/change-password", "/api/change-password", g.w2, {
      currentPassword: FIXTURE_PASSWORD,
      newPassword: "NewPassw0rd!",
    });
    await check("POST", "/api/reset-password", "/api/reset-password", g.admin, { userId: g.w2.id, password: "NewPassw0rd1" });
    await check("POST", "/api/logout", "/api/logout", g.manager);
  });

  it("the OSHA establishment's writes", async () => {
    const establishment = async () => {
      const created = await check("POST", "/api/establishments", "/api/establishments", g.admin, {
        name: `Site ${uid()}`,
        streetAddress: "2 Main St",
        city: "Springfield",
        state: "IL",
        zip: "62701",
        naicsCode: "236220",
        size: 21,
        establishmentType: 1,
        projectIds: [],
      });
      return Number(created?.id);
    };
    const withHours = await establishment();
    await check("PUT", "/api/establishments/:id", `/api/establishments/${withHours}`, g.admin, { city: "Shelbyville" });
    await check("PUT", "/api/establishments/:id/hours/:year", `/api/establishments/${withHours}/hours/2026`, g.admin, {
      annualAverageEmployees: 50,
      totalHoursWorked: 100_000,
    });
    // One with hours on file is kept (29 CFR 1904.33); an empty one may go.
    await check("DELETE", "/api/establishments/:id", `/api/establishments/${await establishment()}`, g.admin);
  });

  it("deletes answer 204 with no body", async () => {
    const token = await check("POST", "/api/tokens", "/api/tokens", g.w1, { name: "to revoke" });
    await check("DELETE", "/api/users/:id/tokens/:tokenId", `/api/users/${g.w1.id}/tokens/${Number(token?.id)}`, g.admin);
    await check("DELETE", "/api/tokens/:id", `/api/tokens/${g.w1ServiceTokenId}`, g.w1);
    await check("DELETE", "/api/sign-on-links/:id", `/api/sign-on-links/${g.linkId}`, g.w1);
    await check("DELETE", "/api/photos/:id", `/api/photos/${g.photoId}`, g.admin);
    await check("DELETE", "/api/jha-comments/:id", `/api/jha-comments/${g.jhaCommentId}`, g.w1);
    await check("DELETE", "/api/safety-comments/:id", `/api/safety-comments/${g.commentId}`, g.admin);
    await check("DELETE", "/api/hot-work-permits/:id", `/api/hot-work-permits/${g.permitId}`, g.admin);
    await check("DELETE", "/api/incident-reports/:id", `/api/incident-reports/${g.incidentId}`, g.admin);
    await check("DELETE", "/api/jha-forms/:id", `/api/jha-forms/${g.jhaFormId}`, g.admin);
    await check("DELETE", "/api/projects/:id/workers/:workerId", `/api/projects/${g.projectP}/workers/${g.w1.workerId}`, g.admin);
    await check("DELETE", "/api/projects/:id/safety-plan", `/api/projects/${g.projectP}/safety-plan`, g.admin);
    await check("DELETE", "/api/invite-tokens/:id", `/api/invite-tokens/${g.inviteTokenId}`, g.admin);
    const worker = await check("POST", "/api/workers", "/api/workers", g.admin, workerBody());
    await check("DELETE", "/api/workers/:id", `/api/workers/${Number(worker?.id)}`, g.admin);
    await check("DELETE", "/api/users/:id", `/api/users/${g.w2.id}`, g.admin);
    await check("DELETE", "/api/projects/:id", `/api/projects/${g.projectQ}`, g.admin);
  });
});

describe("every documented answer was checked", () => {
  // Runs after the checks above (vitest runs a file's tests in order): an operation added to the
  // document fails here until a check above sends it and validates its answer.
  it("each operation with a JSON answer, or a 204", () => {
    const documented: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const answers = Object.entries(op.responses).filter(([code]) => Number(code) < 300);
        if (answers.some(([code, r]) => code === "204" || r.content?.["application/json"])) {
          documented.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`);
        }
      }
    }
    expect(documented.filter((key) => !checked.has(key)).sort()).toEqual([]);
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
