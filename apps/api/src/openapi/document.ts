import { z } from "zod";
import type { RestRoute } from "../rest/index.js";
import type { FileSender, UploadReader } from "../rest/meta.js";
import { appRouter } from "../router.js";
import { errorBody } from "./schemas.js";

/**
 * The OpenAPI 3.1 document of the REST API, generated from what the server runs (docs/decisions/0110-api-consumers.md):
 * each procedure's meta (rest/meta.ts) gives its paths and methods and its answer (`output`, built
 * from openapi/schemas.ts), its Zod input schema the parameters and request body. Nothing here
 * lists routes by hand, so a new route appears on its own, and test/openapi.test.ts fails when
 * one has no response schema. docs/decisions/0125-routes-on-procedures.md.
 */

type JsonSchema = Record<string, unknown>;
interface Procedure {
  _def: { type: "query" | "mutation" | "subscription"; inputs: z.ZodType[]; meta?: { sessionOnly?: boolean } };
}

/** A multipart upload: one `file` part and the given fields. */
const multipart = (file: string, fields: Record<string, JsonSchema>): JsonSchema => ({
  required: true,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object",
        required: ["file"],
        properties: { file: { type: "string", contentMediaType: "application/octet-stream", description: file }, ...fields },
      },
    },
  },
});

const photoUpload = multipart("A JPEG, PNG, WebP or HEIC photo, at most 10 MB; its location is removed unless `keepLocation` is set", {
  keepLocation: {
    type: "string",
    description: "`true`, `1` or `on` keeps the photo's GPS location; removed otherwise",
  },
});

/** What each multipart upload (rest/uploads.ts) takes. */
const UPLOAD_BODIES: Record<UploadReader, JsonSchema> = {
  photo: photoUpload,
  stagedPhoto: photoUpload,
  safetyPlan: multipart("PDF, Word, Excel, CSV or text, at most 10 MB", { description: { type: "string", maxLength: 1000 } }),
};

/** The media type of the bytes each file sender (rest/files.ts) answers, where it is not a `?format=` file. */
const BINARY: Partial<Record<FileSender, string>> = { download: "application/octet-stream", photo: "image/*", thumbnail: "image/jpeg" };

/** The files a route answers by `?format=` value, with their media types: its `files`, or a CSV or PDF it only sends. */
function formatsOf(route: RestRoute): Record<string, string> | undefined {
  const type = (format: string) => (format === "pdf" ? "application/pdf" : "text/csv");
  if (route.files) return Object.fromEntries(Object.keys(route.files).map((format) => [format, type(format)]));
  if (route.send === "csv" || route.send === "pdf") return { [route.send]: type(route.send) };
  return undefined;
}

/** How the file answers of `formats` routes are described. */
const FILE_SCHEMAS: Record<string, JsonSchema> = {
  "application/pdf": { type: "string", contentMediaType: "application/pdf" },
  "text/csv": { type: "string", description: "RFC 4180, UTF-8" },
};

/**
 * A file the route also answers, besides its JSON: with `?format=<format>` (or the `Accept` media
 * type, where given), status 200 and this media type.
 */
interface OtherFormat {
  format: string;
  accept?: string;
  mediaType: string;
  schema: JsonSchema;
}

/** A list's CSV export (rest/csv.ts). */
const LIST_CSV: JsonSchema = { type: "string", description: "RFC 4180, UTF-8 with a byte order mark" };

/** Procedures anyone may call, signed in or not. */
const PUBLIC_PROCEDURES = new Set(["auth.login", "auth.register", "auth.logout", "signOn.publicView", "signOn.publicSign"]);

const procedures = (appRouter as unknown as { _def: { procedures: Record<string, Procedure> } })._def.procedures;

/** Which procedure answers a route: the one that declares it (rest/meta.ts). */
export async function procedureOf(route: RestRoute): Promise<string | undefined> {
  return route.procedure;
}

/** Zod to JSON Schema, with named schemas moved to `components.schemas`. */
function toSchema(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    // A date is read from JSON as an ISO 8601 string (z.coerce.date() in the domain's inputs).
    override: (ctx) => {
      const def = ctx.zodSchema._zod.def;
      if (def.type === "date") Object.assign(ctx.jsonSchema, { type: "string", format: "date-time" });
      // `undefined` in a union is "may be left out", which `required` already says; as a schema it
      // would be `{}`, which matches anything.
      if (def.type === "union" && Array.isArray(ctx.jsonSchema.anyOf)) {
        const options = (def as unknown as { options: z.ZodType[] }).options;
        ctx.jsonSchema.anyOf = ctx.jsonSchema.anyOf.filter((_, i) => options[i]?._zod.def.type !== "undefined");
      }
    },
  }) as JsonSchema;
  const { $schema: _drop, $defs, ...rest } = json;
  for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) components[name] = rewriteRefs(def) as JsonSchema;
  return rewriteRefs(rest) as JsonSchema;
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === "$ref" && typeof v === "string" ? v.replace("#/$defs/", "#/components/schemas/") : rewriteRefs(v),
      ]),
    );
  }
  return value;
}

const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input: `message` is the first failed rule, `issues` lists each field",
  401: "Not signed in, or an unknown, revoked or expired token",
  403: "Not allowed for this user, a read-only token on a write, or a cross-origin cookie write",
  404: "Not found",
  409: "Conflict: taken name, used or expired invite token, or a state that forbids the change",
  413: "File too large",
  415: "File type not accepted",
  429: "Too many failed logins",
  503: "The database is unavailable or the server is restarting",
};

const SUCCESS_TEXT: Record<number, string> = { 200: "OK", 201: "Created", 204: "Done; no body" };

/**
 * What each tag (the first segment after /api, accounts grouped) holds. A route under a new
 * segment needs its line here: Redocly's lint (test/openapi.test.ts) refuses a tag without one.
 */
const TAG_DESCRIPTIONS: Record<string, string> = {
  accounts: "Sign-in, the signed-in user, users, worker profiles and invite tokens",
  projects: "Projects, their assigned workers and safety plans",
  "safety-plans": "Every project's safety plan, for staff",
  workers: "Workers, their projects, training records and video progress",
  managers: "Safety managers (admin)",
  "jha-forms": "Job hazard analyses, their comments and photos",
  "jha-comments": "Comments on a job hazard analysis",
  "incident-reports": "Incident reports, their history, photos and OSHA recordkeeping",
  "hot-work-permits": "Hot work permits and their approval, rejection and closing",
  "safety-comments": "Safety messages from workers and the safety manager's answers",
  "training-modules": "Training modules, their Spanish versions and quiz attempts",
  "training-completion": "Every worker's training status, for staff",
  "safety-videos": "Weekly safety videos",
  dashboard: "The dashboard's figures and lists",
  establishments: "OSHA establishments and their yearly hours",
  osha: "OSHA Forms 300, 300A and 301, ITA files and incidence rates",
  photos: "Photos of incident reports, JHA forms and toolbox talks (a group photo)",
  tokens: "Service tokens for scripts and other systems",
  "toolbox-talks": "Toolbox talks, their attendance sheets (PDF, CSV) and attendance sign-on",
  "toolbox-talk-topics": "The library of toolbox talk topics, in English and Spanish",
  "inspection-templates": "Inspection templates and their versions; built-in ones in English and Spanish",
  "inspection-schedules": "Which inspections each project expects daily or weekly, with the periods missed",
  inspections: "Signed site inspections with their answers and server-computed score",
  "inspection-answers": "Every item answer of the inspections, as JSON or CSV",
  "corrective-actions": "Corrective actions: raised, worked, verified or rejected; CSV export",
  "corrective-action-owners": "Who may own a corrective action on a project (staff and the project's workers)",
  "inspection-photos": "Photos of inspection items, staged before the inspection exists and attached when it is created",
  "sign-on": "Crew sign-on: who signed a JHA form or permit, and briefing coverage per project and week",
  "sign-on-signatures": "A crew signature's image",
  "sign-on-links": "Time-limited public sign-on links (QR codes) for crew members without an account",
  public: "What a public sign-on link opens: one record's briefing and its signature, nothing else",
  admin: "Administration: jobs of the queue that failed for good",
  notifications: "The signed-in user's notifications: list, unread count, mark read",
  "notification-preferences": "Which notifications the signed-in user also gets by e-mail and by Web Push",
  push: "Web Push: the server's VAPID key and the signed-in user's subscribed devices",
  health: "Whether the server and its database answer",
  "credential-types": "Credential types (OSHA cards, operator certifications, first aid, fire watch, ...), in English and Spanish",
  "credential-requirements": "Which credential types a position or a project requires, and whether that blocks",
  credentials: "Workers' credentials: verification, rejection, the CSV import",
};

const tagOf = (path: string) => {
  const segment = path.split("/")[2] ?? "api";
  if (
    ["user", "login", "register", "logout", "change-password", "reset-password", "users", "worker-profile", "invite-tokens"].includes(
      segment,
    )
  )
    return "accounts";
  return segment;
};

const operationId = (route: RestRoute) =>
  route.method.toLowerCase() +
  route.path
    .replace(/^\/api/, "")
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) =>
      part.startsWith(":") ? `By${part.charAt(1).toUpperCase()}${part.slice(2)}` : part.charAt(0).toUpperCase() + part.slice(1),
    )
    .join("");

/** The health check's answer (rest/register.ts): its own shape, not the error body. */
const health = (status: string, db: string, withMessage = false): JsonSchema => ({
  type: "object",
  properties: { status: { const: status }, db: { const: db }, ...(withMessage ? { message: { type: "string" } } : {}) },
  required: ["status", "db", ...(withMessage ? ["message"] : [])],
  additionalProperties: false,
});

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

export interface DocumentOptions {
  version?: string;
}

export async function buildOpenApiDocument(routes: readonly RestRoute[], options: DocumentOptions = {}): Promise<OpenApiDocument> {
  const version = options.version ?? "1.0.0";
  const schemas: Record<string, JsonSchema> = {};
  // A named schema converts to a $ref, its definition landing in `schemas`.
  const errorRef = toSchema(errorBody, "output", schemas);
  const paths: OpenApiDocument["paths"] = {};

  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    const procedurePath = await procedureOf(route);
    const procedure = procedurePath ? procedures[procedurePath] : undefined;
    if (!procedurePath || !procedure) throw new Error(`OpenAPI: ${key} calls no known procedure`);
    const formats = formatsOf(route);
    const binary = route.send ? BINARY[route.send] : undefined;
    const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
    const sessionOnly = procedure._def.meta?.sessionOnly === true;
    const input = procedure._def.inputs[0];
    const inputSchema = input ? toSchema(input, "input", schemas) : undefined;
    const properties = ((inputSchema?.anyOf as JsonSchema[] | undefined)?.[0]?.properties ?? inputSchema?.properties ?? {}) as Record<
      string,
      JsonSchema
    >;
    const required = new Set(((inputSchema?.required ?? []) as string[]).concat());

    const parameters: Record<string, unknown>[] = pathParams.map((name) => ({
      name,
      in: "path",
      required: true,
      schema: properties[name] ?? { type: "integer", exclusiveMinimum: 0 },
    }));
    let requestBody: Record<string, unknown> | undefined = route.upload ? UPLOAD_BODIES[route.upload] : undefined;
    const rest = Object.entries(properties).filter(([name]) => !pathParams.includes(name));
    if (route.method === "GET") {
      for (const [name, schema] of rest) parameters.push({ name, in: "query", required: required.has(name), schema });
      if (route.csv) {
        parameters.push({
          name: "format",
          in: "query",
          required: false,
          schema: { type: "string", enum: ["json", "csv"] },
          description: "`csv`: the same list as CSV (or send `Accept: text/csv`)",
        });
      }
      const fileFormats = Object.keys(formats ?? {});
      if (fileFormats.length > 0) {
        const choices = route.output ? ["json", ...fileFormats] : fileFormats;
        const pdf = fileFormats.includes("pdf") ? " (`pdf` also for `Accept: application/pdf`)" : "";
        parameters.push({
          name: "format",
          in: "query",
          required: false,
          schema: { type: "string", enum: choices },
          description: `The answer's format${pdf}`,
        });
      }
    } else if (!requestBody && rest.length > 0) {
      requestBody = {
        required: rest.some(([name]) => required.has(name)),
        content: {
          "application/json": {
            schema: { type: "object", properties: Object.fromEntries(rest), required: rest.map(([n]) => n).filter((n) => required.has(n)) },
          },
        },
      };
    }

    const status = route.status ?? 200;
    let otherFormats: OtherFormat[] | undefined;
    const answer = route.output;
    const success: Record<string, unknown> = { description: SUCCESS_TEXT[status] ?? "OK" };
    if (status !== 204) {
      if (binary) {
        success.content = { [binary]: { schema: { type: "string", contentMediaType: binary } } };
      } else {
        // A route that answers JSON declares only JSON on its 200, so a generated client types the
        // answer as what it is, not "the JSON or a string". Its files (CSV, PDF: asked for with
        // `?format=` or `Accept`) are listed in `x-other-formats` (docs/decisions/0120-openapi-contract.md).
        const content: Record<string, unknown> = {};
        if (answer) content["application/json"] = { schema: toSchema(answer, "output", schemas) };
        const files: OtherFormat[] = [];
        if (route.csv) files.push({ format: "csv", accept: "text/csv", mediaType: "text/csv", schema: LIST_CSV });
        for (const [format, type] of Object.entries(formats ?? {})) {
          const schema = FILE_SCHEMAS[type] ?? { type: "string", contentMediaType: type };
          if (answer) files.push({ format, ...(type === "application/pdf" ? { accept: type } : {}), mediaType: type, schema });
          else content[type] = { schema };
        }
        if (Object.keys(content).length > 0) success.content = content;
        if (files.length > 0) otherFormats = files;
      }
    }

    const isPublic = PUBLIC_PROCEDURES.has(procedurePath);
    const errors = new Set<number>([503]);
    if (input) errors.add(400);
    if (!isPublic) {
      errors.add(401);
      errors.add(403);
    } else if (route.method !== "GET") {
      errors.add(403); // cross-origin cookie write, or a read-only token
    }
    if (pathParams.length > 0) errors.add(404);
    if (route.method !== "GET" && route.method !== "DELETE") errors.add(409);
    if (procedurePath === "auth.login") errors.add(429);
    if (procedurePath === "auth.login" || procedurePath === "auth.register") errors.add(401);
    if (route.upload) {
      errors.add(413);
      errors.add(415);
    }
    const responsesObject: Record<string, unknown> = { [String(status)]: success };
    for (const code of [...errors].sort()) {
      responsesObject[String(code)] = { description: ERROR_TEXT[code] ?? "Error", content: { "application/json": { schema: errorRef } } };
    }

    const openApiPath = route.path.replace(/:(\w+)/g, "{$1}");
    paths[openApiPath] ??= {};
    (paths[openApiPath] as Record<string, unknown>)[route.method.toLowerCase()] = {
      operationId: operationId(route),
      summary: procedurePath,
      description: `Runs the \`${procedurePath}\` procedure (also at \`/trpc/${procedurePath}\`).${
        sessionOnly ? " Session only: a service token gets 403 (apps/api/src/trpc.ts `sessionProcedure`)." : ""
      }`,
      tags: [tagOf(route.path)],
      ...(isPublic ? { security: [{}, { cookieSession: [] }, { bearerToken: [] }] } : {}),
      ...(sessionOnly ? { security: [{ cookieSession: [] }] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: responsesObject,
      ...(otherFormats ? { "x-other-formats": otherFormats } : {}),
      "x-procedure": procedurePath,
    };
  }

  paths["/api/health"] = {
    get: {
      operationId: "getHealth",
      summary: "GET /api/health",
      tags: ["health"],
      security: [{}],
      responses: {
        "200": {
          description: "The server and its database answer",
          content: { "application/json": { schema: health("ok", "ok") } },
        },
        "503": {
          description: "The database is unavailable, or came back empty and is not yet migrated again",
          content: { "application/json": { schema: health("error", "unavailable", true) } },
        },
      },
    },
  };

  return {
    openapi: "3.1.0",
    info: {
      title: "SiteSafe API",
      version,
      // No licence is granted: the code and its API are the company's own (the packages are private).
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      description:
        "The REST API of SiteSafe. Authenticate with a service token (`Authorization: Bearer sst_...`, created on the profile page) " +
        "or with the session cookie of `POST /api/login`. Cookie requests that change data must send this server's `Origin`. " +
        "Errors are `{ message, issues? }`.",
    },
    servers: [{ url: "/" }],
    security: [{ bearerToken: [] }, { cookieSession: [] }],
    tags: [...new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => (op.tags as string[]) ?? [])))].map(
      (name) => (TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name }),
    ),
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearerToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "sst_ service token",
          description: "A service token from the profile page; acts as its owner",
        },
        cookieSession: {
          type: "apiKey",
          in: "cookie",
          name: "session",
          description: "The session cookie of POST /api/login (`__Host-session` over HTTPS)",
        },
      },
    },
  };
}
