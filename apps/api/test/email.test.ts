import type { AddressInfo } from "node:net";
import { HOT_WORK_PRECAUTIONS } from "@sitesafe/domain";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, type Mailer } from "../src/jobs/mailer.js";
import { emailNotification } from "../src/services/notifications.js";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

/** Every message the in-process SMTP server received: its envelope recipients and the parsed mail. */
const received: { to: string[]; mail: ParsedMail }[] = [];
let smtp: SMTPServer;
let t: TestApp;
let manager: TestUser;
let spanishManager: TestUser;
let welder: TestUser;
let projectA: number;
let smtpPort: number;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  smtpPort = port;
  t = await createTestApp({
    runJobs: true,
    jobPollingSeconds: 1,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: "SiteSafe <safety@example.com>",
    publicUrl: "https://safety.example.com/",
  });
  manager = await t.createUser({ role: "manager", firstName: "Max", lastName: "Manager", email: "max@example.com" });
  spanishManager = await t.createUser({ role: "manager", firstName: "Lucía", lastName: "Gerente", email: "lucia@example.com" });
  await t.db.updateTable("users").set({ language: "es" }).where("id", "=", spanishManager.id).execute();
  welder = await t.createUser({ role: "worker", firstName: "Wendy", lastName: "Welder", email: "wendy@example.com" });
  projectA = await t.createProject({ name: "Harbor Tower" });
  await t.assign(welder.workerId as number, projectA);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

async function until(done: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out; received ${JSON.stringify(received.map((r) => r.mail.subject))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const to = (address: string, title: string) => received.filter((r) => r.to.includes(address) && (r.mail.text ?? "").includes(title));

async function requestPermit(title: string): Promise<number> {
  const res = await t.request({
    method: "POST",
    url: "/api/hot-work-permits",
    as: welder,
    payload: {
      projectId: projectA,
      title,
      location: "Roof",
      workDescription: "Welding handrail posts to the roof beams.",
      startDate: "2026-03-02T08:00:00.000Z",
      endDate: "2026-03-02T16:00:00.000Z",
      precautions: [...HOT_WORK_PRECAUTIONS],
      equipmentUsed: ["Welding equipment"],
      fireWatchRequired: true,
      fireWatchBy: "Wendy Welder",
      requestedBy: welder.workerId,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe("notification e-mail through SMTP", () => {
  it("a permit request reaches each manager in their language, with plain and HTML bodies and a link back", async () => {
    const id = await requestPermit("Weld roof handrails");
    await until(
      () => to("max@example.com", "Weld roof handrails").length === 1 && to("lucia@example.com", "Weld roof handrails").length === 1,
    );
    const [english] = to("max@example.com", "Weld roof handrails");
    expect(english?.mail.subject).toBe("SiteSafe: Wendy Welder requested the hot work permit “Weld roof handrails”; it awaits approval");
    expect(english?.mail.from?.value).toEqual([{ name: "SiteSafe", address: "safety@example.com" }]);
    expect(english?.mail.text).toContain(`Open in SiteSafe: https://safety.example.com/forms/hot-work-permits/${id}`);
    expect(english?.mail.html).toContain(`href="https://safety.example.com/forms/hot-work-permits/${id}"`);
    const [spanish] = to("lucia@example.com", "Weld roof handrails");
    expect(spanish?.mail.subject).toBe(
      "SiteSafe: Wendy Welder solicitó el permiso de trabajo en caliente “Weld roof handrails”; espera aprobación",
    );
    expect(spanish?.mail.text).toContain(`Abrir en SiteSafe: https://safety.example.com/forms/hot-work-permits/${id}`);
    expect(spanish?.mail.headers.get("content-language")).toBe("es");
    // The requester caused it: no e-mail to her.
    expect(to("wendy@example.com", "Weld roof handrails")).toEqual([]);
  });

  it("honours a user's choice, but a required kind cannot be switched off", async () => {
    const off = await t.request({
      method: "PUT",
      url: "/api/notification-preferences",
      as: manager,
      payload: { kind: "permit.requested", email: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toContainEqual({ kind: "permit.requested", email: false, push: true, required: false });
    const refused = await t.request({
      method: "PUT",
      url: "/api/notification-preferences",
      as: manager,
      payload: { kind: "fireWatch.overdue", email: false },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("This notification is required for your role and cannot be switched off");
    const bad = await t.request({
      method: "PUT",
      url: "/api/notification-preferences",
      as: manager,
      payload: { kind: "nope", email: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Unknown notification kind");

    await requestPermit("Cut roof vents");
    await until(() => to("lucia@example.com", "Cut roof vents").length === 1);
    // The Spanish manager's e-mail went out through the same queue; the manager who opted out gets none.
    expect(to("max@example.com", "Cut roof vents")).toEqual([]);
    const bell = await t.request({ method: "GET", url: "/api/notifications", as: manager });
    expect(bell.json().some((n: { params: { title: string } }) => n.params.title === "Cut roof vents")).toBe(true);
  });

  it("an e-mail queued for someone who may no longer read the record is not sent", async () => {
    // Queued while she was on the project, sent after she was moved off it: skipped at send time.
    const queued = await t.db
      .insertInto("notifications")
      .values({
        userId: welder.id,
        kind: "permit.approved",
        entity: "permit",
        entityId: 1,
        projectId: projectA,
        params: JSON.stringify({ title: "Old permit", by: "Max Manager" }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .deleteFrom("projectWorkers")
      .where("workerId", "=", welder.workerId as number)
      .execute();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, mailFrom: "SiteSafe <safety@example.com>" }, silent) as Mailer;
    expect(await emailNotification(t.db, mailer, { publicUrl: "https://safety.example.com/" }, silent, queued.id)).toBe("skipped");
    await t.assign(welder.workerId as number, projectA);
    expect(await emailNotification(t.db, mailer, { publicUrl: "https://safety.example.com/" }, silent, queued.id)).toBe("sent");
    await until(() => to("wendy@example.com", "Old permit").length === 1);
    mailer.close();

    const id = await requestPermit("Grind anchor bolts");
    // Approved with the worker already moved off the project: the notification is not even written.
    await t.db
      .deleteFrom("projectWorkers")
      .where("workerId", "=", welder.workerId as number)
      .execute();
    const res = await t.request({ method: "PUT", url: `/api/hot-work-permits/${id}/approve`, as: manager });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => to("lucia@example.com", "Grind anchor bolts").length === 1);
    expect(to("wendy@example.com", "Grind anchor bolts")).toEqual([]);
    await t.assign(welder.workerId as number, projectA);
  });
});
