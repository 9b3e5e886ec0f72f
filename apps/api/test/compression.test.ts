import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

// Compressed delivery (docs/decisions/0111-offline-outbox-and-idempotency.md): JSON answers are compressed for clients that accept it, whole
// lists stay streamed, and the web app's files are sent precompressed with the right caching.

let t: TestApp;
let admin: TestUser;
let dist: string;

/** Files as the web build leaves them: each with .br and .gz copies. */
const files: Record<string, string> = {
  "index.html": `<!doctype html><html><head><title>SiteSafe</title></head><body>${"<div id=root></div>".repeat(80)}</body></html>`,
  "assets/index-AbC123.js": `console.log(${JSON.stringify("x".repeat(3000))});`,
  "sw.js": `self.addEventListener("fetch", () => {});${" ".repeat(2000)}`,
  "push-sw.js": `self.addEventListener("push", () => {});${" ".repeat(2000)}`,
  "signed-in-preload.js": `try { var files = ${JSON.stringify(Array(60).fill("/assets/x.js"))}; } catch (e) {}`,
  "manifest.webmanifest": JSON.stringify({ name: "SiteSafe", icons: Array(40).fill({ src: "/icon.png" }) }),
};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "sitesafe-dist-"));
  mkdirSync(join(dist, "assets"));
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dist, name), text);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
  }
  t = await createTestApp({ webDist: dist });
  admin = await t.createUser({ role: "admin" });
  const project = await t.createProject({ name: "Compressed Tower" });
  await t.db
    .insertInto("jhaForms")
    .values(
      Array.from({ length: 600 }, (_, i) => ({
        projectId: project,
        title: `Rebar tying ${i}`,
        jobDescription: "Rigging steel on the fourth floor deck",
        hazards: JSON.stringify([{ description: "Falls", riskLevel: "high" }]),
        controlMeasures: JSON.stringify([{ description: "Harness", responsibility: "Lead" }]),
        submittedBy: null,
      })) as never,
    )
    .execute();
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;

describe("compressed JSON", () => {
  it.each([
    ["br, gzip", "br"],
    ["gzip, deflate", "gzip"],
  ])("a REST answer for Accept-Encoding %j comes %s-compressed and decodes to the same JSON", async (accept, encoding) => {
    const plain = await t.request({ method: "GET", url: "/api/jha-forms?limit=100", as: admin });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const res = await t.request({ method: "GET", url: "/api/jha-forms?limit=100", headers: { "accept-encoding": accept }, as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(decode(encoding, res.rawPayload).toString())).toEqual(plain.json());
  });

  it("a tRPC answer is compressed too", async () => {
    const url = `/trpc/jha.page?input=${encodeURIComponent(JSON.stringify({ json: { limit: 100, offset: 0 } }))}`;
    const res = await t.request({ method: "GET", url, headers: { "accept-encoding": "gzip" }, as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).result.data.json.items).toHaveLength(100);
  });

  it("a small answer (under 1 KB) is sent as it is", async () => {
    const res = await t.request({ method: "GET", url: "/api/user", headers: { "accept-encoding": "br, gzip" }, as: admin });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json().username).toBe(admin.username);
  });

  it("a whole list is still streamed (chunked, no length) while compressed", async () => {
    const res = await t.request({ method: "GET", url: "/api/jha-forms", headers: { "accept-encoding": "gzip" }, as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.headers["transfer-encoding"]).toBe("chunked");
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toHaveLength(600);
  });
});

describe("the web app's files", () => {
  it("a hashed asset is sent precompressed (brotli, else gzip, else plain) and cached as immutable", async () => {
    const url = "/assets/index-AbC123.js";
    const br = await t.request({ method: "GET", url, headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(files["assets/index-AbC123.js"]);
    const gz = await t.request({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(files["assets/index-AbC123.js"]);
    const plain = await t.request({ method: "GET", url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(files["assets/index-AbC123.js"]);
  });

  it.each(["/sw.js", "/push-sw.js", "/manifest.webmanifest", "/signed-in-preload.js"])(
    "%s keeps its name, so it is revalidated (no-cache)",
    async (url) => {
      const res = await t.request({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["cache-control"]).toBe("no-cache");
    },
  );

  it("a client route gets the app shell, precompressed and never cached", async () => {
    const res = await t.request({ method: "GET", url: "/projects/12", headers: { "accept-encoding": "br" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(decode(res.headers["content-encoding"] as string | undefined, res.rawPayload).toString()).toBe(files["index.html"]);
  });
});
