import { type SignOnStatus, TALK_DATE_INVALID, TALK_PRESENTER_REQUIRED } from "@sitesafe/domain";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";
import { pdfText } from "./pdfText.js";
import { createFixture, type Fixture, talkBody } from "./security/fixture.js";

/**
 * Toolbox talks (issue #34): the library in English and Spanish, who gives a talk on which
 * project, attendance through crew sign-on, and the attendance sheet as PDF and CSV.
 */

let t: TestApp;
let f: Fixture;
let foreman: TestUser;
let crew: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  f = await createFixture(t);
  foreman = await t.createUser({ role: "worker", firstName: "Fay", lastName: "Foreman" });
  await t.db
    .updateTable("workers")
    .set({ role: "Foreman" })
    .where("id", "=", foreman.workerId as number)
    .execute();
  await t.assign(foreman.workerId as number, f.projectP);
  crew = await t.createUser({ role: "worker", firstName: "Carl", lastName: "Crew" });
  await t.assign(crew.workerId as number, f.projectP);
});
afterAll(() => t?.close());

describe("the library of talks", () => {
  it("ships talks in English and Spanish; staff add to it, workers may not", async () => {
    const res = await t.request({ method: "GET", url: "/api/toolbox-talk-topics", as: f.w1 });
    expect(res.statusCode).toBe(200);
    const topics = res.json() as { title: string; language: string }[];
    expect(topics.filter((x) => x.language === "en").map((x) => x.title)).toContain("Ladder safety");
    expect(topics.filter((x) => x.language === "es").map((x) => x.title)).toContain("Seguridad con escaleras");

    const payload = { language: "en", title: "Silica dust", content: "Wet cutting and a respirator", trainingModuleId: f.moduleId };
    const added = await t.request({ method: "POST", url: "/api/toolbox-talk-topics", payload, as: f.manager });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ title: "Silica dust", trainingModuleId: f.moduleId });
    expect((await t.request({ method: "POST", url: "/api/toolbox-talk-topics", payload, as: foreman })).statusCode).toBe(403);
  });
});

describe("giving a talk", () => {
  it("a foreman gives a talk on their own project only; a crew member may not; bad input gets the message", async () => {
    const topic = (await t.request({ method: "GET", url: "/api/toolbox-talk-topics", as: foreman })).json()[0];
    const mine = await t.request({
      method: "POST",
      url: "/api/toolbox-talks",
      payload: { ...talkBody(f), topicId: topic.id, presenterWorkerId: foreman.workerId, presenterName: "Fay Foreman" },
      as: foreman,
    });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json()).toMatchObject({ projectId: f.projectP, talkDate: "2026-02-09", topicId: topic.id, attendeeCount: 0 });

    const elsewhere = await t.request({
      method: "POST",
      url: "/api/toolbox-talks",
      payload: { ...talkBody(f), projectId: f.projectQ },
      as: foreman,
    });
    expect(elsewhere.statusCode).toBe(403);
    expect((await t.request({ method: "POST", url: "/api/toolbox-talks", payload: talkBody(f), as: crew })).statusCode).toBe(403);

    const badDate = await t.request({
      method: "POST",
      url: "/api/toolbox-talks",
      payload: { ...talkBody(f), talkDate: "2026-02-30" },
      as: f.manager,
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe(TALK_DATE_INVALID);
    const noPresenter = await t.request({
      method: "POST",
      url: "/api/toolbox-talks",
      payload: { ...talkBody(f), presenterName: " " },
      as: f.manager,
    });
    expect(noPresenter.json().message).toBe(TALK_PRESENTER_REQUIRED);
  });

  it("W2 does not see P's talks: the list leaves them out, the talk and its sheet answer 403", async () => {
    const list = await t.request({ method: "GET", url: "/api/toolbox-talks", as: f.w2 });
    expect(list.json()).toEqual([]);
    for (const url of [
      `/api/toolbox-talks/${f.talkId}`,
      `/api/toolbox-talks/${f.talkId}?format=pdf`,
      `/api/toolbox-talks/${f.talkId}?format=csv`,
    ]) {
      expect((await t.request({ method: "GET", url, as: f.w2 })).statusCode, url).toBe(403);
    }
  });
});

describe("attendance", () => {
  it("two attendees sign; the PDF and CSV sheets list both, with formulas neutralised", async () => {
    const created = await t.request({
      method: "POST",
      url: "/api/toolbox-talks",
      payload: {
        ...talkBody(f),
        title: "Heat illness",
        presenterWorkerId: foreman.workerId,
        presenterName: "Fay Foreman",
        notes: "Water on the truck",
      },
      as: f.manager,
    });
    const id = created.json().id as number;
    const url = `/api/toolbox-talks/${id}/sign-on`;
    const { version } = (await t.request({ method: "GET", url, as: foreman })).json() as SignOnStatus;
    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: "#ffffff00" } })
      .png()
      .toBuffer();
    const signature = png.toString("base64");
    const carl = await t.request({
      method: "POST",
      url,
      payload: { workerId: crew.workerId, signature, recordVersion: version },
      as: foreman,
    });
    expect(carl.statusCode, carl.body).toBe(201);
    const guest = await t.request({
      method: "POST",
      url,
      payload: { guestName: "=HYPERLINK(1)", guestCompany: "Subs Inc", signature, recordVersion: version },
      as: foreman,
    });
    expect(guest.statusCode, guest.body).toBe(201);
    // A crew member who is not presenting signs only for themself.
    const forOther = await t.request({
      method: "POST",
      url,
      payload: { guestName: "X", guestCompany: "Y", signature, recordVersion: version },
      as: crew,
    });
    expect(forOther.statusCode).toBe(403);

    const talk = await t.request({ method: "GET", url: `/api/toolbox-talks/${id}`, as: crew });
    expect(talk.json().attendeeCount).toBe(2);
    const status = (await t.request({ method: "GET", url, as: f.manager })).json() as SignOnStatus;
    expect(status.signedCount).toBe(1);
    expect(status.assignedCount).toBe(3);

    const pdf = await t.request({ method: "GET", url: `/api/toolbox-talks/${id}?format=pdf`, as: crew });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="toolbox-talk-${id}-2026-02-09-attendance.pdf"`);
    const text = (await pdfText(pdf.rawPayload)).text.join(" ");
    for (const expected of [
      "Toolbox Talk Attendance Sheet",
      "Heat illness",
      "Fay Foreman",
      "Carl Crew",
      "=HYPERLINK(1)",
      "Subs Inc",
      "Water on the truck",
    ]) {
      expect(text).toContain(expected);
    }

    const csv = await t.request({ method: "GET", url: `/api/toolbox-talks/${id}?format=csv`, as: f.manager });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = csv.body
      .replace(/^\ufeff/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("talkId,talk,date,project,presenter,name,company,signedAt,via,signedCurrentVersion");
    expect(lines.slice(1).map((l) => l.split(",")[5])).toEqual(["Carl Crew", "'=HYPERLINK(1)"]);
    expect(lines[2]?.split(",").slice(6, 7)).toEqual(["Subs Inc"]);
  });
});
