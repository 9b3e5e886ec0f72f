import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let worker: TestUser;
let outsider: TestUser;
let project: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: "admin" });
  manager = await t.createUser({ role: "manager" });
  worker = await t.createUser({ role: "worker" });
  outsider = await t.createUser({ role: "worker" });
  project = await t.createProject({ name: "Plan Site" });
  await t.assign(worker.workerId as number, project);
});
afterAll(() => t.close());

interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(parts: Part[]) {
  const boundary = `----sitesafe${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += "\r\n";
    if (part.filename !== undefined) head += `Content-Type: ${part.contentType ?? "application/octet-stream"}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A stored (uncompressed) zip: enough for an Office Open XML signature. */
function zip(entries: Record<string, string>): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBuf = Buffer.from(name);
    const crc = crc32(data);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBuf.length, 26);
    local.push(header, nameBuf, data);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(data.length, 20);
    cd.writeUInt32LE(data.length, 24);
    cd.writeUInt16LE(nameBuf.length, 28);
    cd.writeUInt32LE(offset, 42);
    central.push(cd, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const centralBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, centralBuf, end]);
}

const contentTypes = (main: string, part: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="${part}" ContentType="${main}"/></Types>`;

const fixtures = {
  pdf: Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
  cfb: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
  docx: zip({
    "[Content_Types].xml": contentTypes(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
      "/word/document.xml",
    ),
    "word/document.xml": "<w:document/>",
  }),
  xlsx: zip({
    "[Content_Types].xml": contentTypes("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml", "/xl/workbook.xml"),
    "xl/workbook.xml": "<workbook/>",
  }),
  csv: Buffer.from("hazard,control\nFalls,Harness above 6 feet\n"),
  txt: Buffer.from("Site safety plan — wear a hard hat at all times.\n"),
  png: Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2e1b2d50000000049454e44ae426082",
    "hex",
  ),
};

const upload = (as: TestUser | null, filename: string | undefined, value: Buffer, extra: Part[] = [], id = project) => {
  const parts: Part[] = [...extra];
  if (filename !== undefined) parts.unshift({ name: "file", filename, value, contentType: "application/octet-stream" });
  const body = multipart(parts);
  return t.request({ method: "POST", url: `/api/projects/${id}/safety-plan`, payload: body.payload, headers: body.headers, as });
};

describe("safety plan uploads", () => {
  it.each([
    ["plan.pdf", fixtures.pdf, "application/pdf"],
    ["plan.doc", fixtures.cfb, "application/msword"],
    ["plan.xls", fixtures.cfb, "application/vnd.ms-excel"],
    ["plan.docx", fixtures.docx, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["plan.xlsx", fixtures.xlsx, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["hazards.CSV", fixtures.csv, "text/csv; charset=utf-8"],
    ["plan.txt", fixtures.txt, "text/plain; charset=utf-8"],
  ])("accepts %s (201) and stores its type from the extension", async (name, data, type) => {
    const res = await upload(manager, name, data, [
      { name: "description", value: "Site plan rev A" },
      { name: "uploadedBy", value: "1" },
    ]);
    expect(res.statusCode).toBe(201);
    const plan = res.json();
    expect(plan).toMatchObject({
      projectId: project,
      fileName: name,
      fileSize: data.length,
      fileType: type,
      description: "Site plan rev A",
      uploadedBy: manager.id,
    });
    expect(plan).not.toHaveProperty("fileData");
  });

  it.each([
    ["plan.pdf", fixtures.png, "a PNG renamed plan.pdf"],
    ["plan.docx", fixtures.xlsx, "a spreadsheet renamed .docx"],
    ["plan.xlsx", fixtures.pdf, "a PDF renamed .xlsx"],
    ["plan.doc", fixtures.pdf, "a PDF renamed .doc"],
    ["plan.txt", Buffer.from([0x68, 0x69, 0x00, 0x21]), "text with a NUL byte"],
    ["plan.csv", Buffer.from([0x61, 0xff, 0xfe, 0x62]), "invalid UTF-8"],
    ["plan.txt", fixtures.pdf, "a PDF renamed .txt"],
    ["plan.exe", fixtures.txt, "an unaccepted extension"],
    ["plan", fixtures.txt, "no extension"],
    ["plan.png", fixtures.png, "an image"],
  ])("refuses %s with 415 (%s)", async (name, data) => {
    const res = await upload(manager, name, data);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/file/i);
  });

  it("refuses a request without a file: 400 No file selected", async () => {
    const res = await upload(manager, undefined, Buffer.alloc(0), [{ name: "description", value: "no file" }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("No file selected");
    const json = await t.request({
      method: "POST",
      url: `/api/projects/${project}/safety-plan`,
      payload: { description: "x" },
      as: manager,
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe("No file selected");
    const empty = await upload(manager, "empty.txt", Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
  });

  it("refuses 10 MB + 1 byte with 413 and accepts exactly 10 MB", async () => {
    const tooBig = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
    const res = await upload(manager, "big.txt", tooBig);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("The file size should not exceed 10MB.");
    const exact = Buffer.alloc(10 * 1024 * 1024, 0x41);
    const ok = await upload(manager, "exact.txt", exact);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().fileSize).toBe(10 * 1024 * 1024);
  });

  it("sanitises the stored file name", async () => {
    const res = await upload(manager, "../../etc/pass<wd>?*.txt", fixtures.txt);
    expect(res.statusCode).toBe(201);
    expect(res.json().fileName).toBe("passwd.txt");
  });

  it("an upload replaces the previous plan (one row) and sets hasSafetyPlan; download returns the same bytes", async () => {
    const first = await upload(admin, "first.pdf", fixtures.pdf);
    expect(first.statusCode).toBe(201);
    const second = await upload(manager, "second.docx", fixtures.docx, [{ name: "description", value: "Rev B" }]);
    expect(second.statusCode).toBe(201);
    const rows = await t.db.selectFrom("safetyPlans").select(["id", "fileName"]).where("projectId", "=", project).execute();
    expect(rows).toEqual([expect.objectContaining({ fileName: "second.docx" })]);
    const p = (await t.request({ method: "GET", url: `/api/projects/${project}`, as: manager })).json();
    expect(p.hasSafetyPlan).toBe(true);

    const meta = await t.request({ method: "GET", url: `/api/projects/${project}/safety-plan`, as: worker });
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toMatchObject({ fileName: "second.docx", fileSize: fixtures.docx.length, description: "Rev B" });
    expect(meta.json()).not.toHaveProperty("fileData");

    const dl = await t.request({ method: "GET", url: `/api/projects/${project}/safety-plan/download`, as: worker });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(fixtures.docx)).toBe(true);
    expect(dl.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(dl.headers["content-disposition"]).toBe(`attachment; filename="second.docx"; filename*=UTF-8''second.docx`);
    expect(dl.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("a non-ASCII file name downloads with an ASCII fallback and the UTF-8 name", async () => {
    const res = await upload(manager, "Plan Sécurité.pdf", fixtures.pdf);
    expect(res.statusCode).toBe(201);
    const dl = await t.request({ method: "GET", url: `/api/projects/${project}/safety-plan/download`, as: admin });
    expect(dl.headers["content-disposition"]).toBe(
      `attachment; filename="Plan S_curit_.pdf"; filename*=UTF-8''Plan%20S%C3%A9curit%C3%A9.pdf`,
    );
    expect(dl.rawPayload.equals(fixtures.pdf)).toBe(true);
  });

  it("workers may not upload or delete (403) and may not read another project's plan (403)", async () => {
    expect((await upload(worker, "plan.pdf", fixtures.pdf)).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/api/projects/${project}/safety-plan`, as: worker })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/projects/${project}/safety-plan`, as: outsider })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/projects/${project}/safety-plan/download`, as: outsider })).statusCode).toBe(403);
    expect((await upload(null, "plan.pdf", fixtures.pdf)).statusCode).toBe(401);
  });

  it("404 for a missing project on upload, metadata and download", async () => {
    expect((await upload(manager, "plan.pdf", fixtures.pdf, [], 999999)).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/projects/999999/safety-plan", as: manager })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/projects/999999/safety-plan/download", as: manager })).statusCode).toBe(404);
  });

  it("delete clears the plan and hasSafetyPlan; deleting twice is still 204; then GET is 404", async () => {
    expect((await t.request({ method: "DELETE", url: `/api/projects/${project}/safety-plan`, as: manager })).statusCode).toBe(204);
    expect((await t.request({ method: "DELETE", url: `/api/projects/${project}/safety-plan`, as: admin })).statusCode).toBe(204);
    expect((await t.request({ method: "GET", url: `/api/projects/${project}/safety-plan`, as: manager })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: `/api/projects/${project}/safety-plan/download`, as: manager })).statusCode).toBe(404);
    const p = (await t.request({ method: "GET", url: `/api/projects/${project}`, as: manager })).json();
    expect(p.hasSafetyPlan).toBe(false);
    const events = await t.db
      .selectFrom("auditEvents")
      .select("action")
      .where("entity", "=", "project")
      .where("entityId", "=", project)
      .execute();
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(["safety_plan_uploaded", "safety_plan_deleted"]));
  });

  it("the plans overview lists every project with its plan metadata, never bytes (staff only)", async () => {
    await upload(manager, "overview.pdf", fixtures.pdf);
    const res = await t.request({ method: "GET", url: "/api/safety-plans", as: manager });
    expect(res.statusCode).toBe(200);
    const row = (res.json() as { id: number; plan: Record<string, unknown> | null }[]).find((r) => r.id === project);
    expect(row?.plan).toMatchObject({ fileName: "overview.pdf" });
    expect(row?.plan).not.toHaveProperty("fileData");
    expect((await t.request({ method: "GET", url: "/api/safety-plans", as: worker })).statusCode).toBe(403);
  });
});
