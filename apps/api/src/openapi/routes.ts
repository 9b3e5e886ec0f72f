import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { RestRoute } from "../rest/index.js";
import { buildOpenApiDocument, type DocumentOptions } from "./document.js";

const require = createRequire(import.meta.url);
const swaggerUiDir = dirname(require.resolve("swagger-ui-dist/package.json"));
const appVersion = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

/**
 * The API's contract and its human-readable docs, served by the app itself (no CDN):
 * `GET /api/openapi.json` (built once, on first request, from the routes the procedures declare) and `GET /api/docs`
 * (Swagger UI from the swagger-ui-dist package, with no inline script, so the app's CSP stays).
 */
export async function registerApiDocs(app: FastifyInstance, routes: readonly RestRoute[], options: DocumentOptions = {}): Promise<void> {
  let document: Promise<string> | undefined;
  app.get("/api/openapi.json", async (_req, reply) => {
    document ??= buildOpenApiDocument(routes, { version: appVersion, ...options }).then((doc) => JSON.stringify(doc));
    return reply
      .header("cache-control", "no-cache")
      .type("application/json; charset=utf-8")
      .send(await document);
  });

  app.get("/api/docs", async (_req, reply) => reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(DOCS_PAGE));
  app.get("/api/docs/init.js", async (_req, reply) =>
    reply.header("cache-control", "no-cache").type("text/javascript; charset=utf-8").send(INIT_SCRIPT),
  );
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: "/api/docs/assets/",
    decorateReply: false,
    wildcard: false,
    allowedPath: (path) => ["/swagger-ui.css", "/swagger-ui-bundle.js", "/favicon-32x32.png"].includes(path),
    setHeaders: (res) => void res.header("cache-control", "public, max-age=86400"),
  });
}

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>SiteSafe API</title>
<link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  tryItOutEnabled: false,
  withCredentials: true,
  validatorUrl: null,
  // Tags start collapsed: drawing all ~150 operations at once, Swagger UI stalled after a few.
  docExpansion: "none"
});
`;
