import {
  PHOTO_MAX_BYTES,
  PHOTO_TOO_LARGE,
  PHOTO_TYPE_NOT_ACCEPTED,
  type PhotoSummary,
  type SignOnStatus,
  TALK_DATE_INVALID,
  TALK_PHOTO_LIMIT_REACHED,
  TALK_PRESENTER_REQUIRED,
} from "@sitesafe/domain";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";
import { pdfText } from "./pdfText.js";
import { createFixture, type Fixture, multipartBody, talkBody } from "./security/fixture.js";

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

describe("the group photo", () => {
  const photosUrl = (id: number) => `/api/toolbox-talks/${id}/photos`;
  const jpeg = () =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: "#2f9e44" } })
      .jpeg()
      .toBuffer();
  async function upload(as: TestUser, id: number, file: { name: string; data: Buffer; type?: string }) {
    const { payload, headers } = multipartBody({}, file);
    return t.request({ method: "POST", url: photosUrl(id), payload, headers, as });
  }
  async function newTalk(presenter: TestUser | null = null) {
    const res = await t.request({
      method: "POST",
      url: "/api/toolbox-talks",
      payload: { ...talkBody(f), title: "Crew photo", presenterWorkerId: presenter?.workerId ?? null, presenterName: "Someone" },
      as: f.manager,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }
  const photosOf = async (id: number) =>
    Number(
      (
        await t.db
          .selectFrom("photos")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("toolboxTalkId", "=", id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("whoever may edit the talk adds it (admin, manager, a crew lead of the project); a crew member and W2 may not", async () => {
    for (const [who, status] of [
      [f.admin, 201],
      [f.manager, 201],
      [foreman, 201],
      [crew, 403],
      [f.w2, 403],
    ] as const) {
      const id = await newTalk();
      const res = await upload(who, id, { name: "crew.jpg", data: await jpeg(), type: "image/jpeg" });
      expect(res.statusCode, `${who.username}: ${res.body}`).toBe(status);
      expect(await photosOf(id)).toBe(status === 201 ? 1 : 0);
    }
  });

  it("one group photo per talk: a second is 409 with a message; everyone who sees the talk sees it; W2 gets 403", async () => {
    const id = await newTalk();
    const first = await upload(f.manager, id, { name: "crew.jpg", data: await jpeg() });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ recordKind: "talk", recordId: id, contentType: "image/jpeg", hasThumbnail: true });
    const second = await upload(f.manager, id, { name: "again.jpg", data: await jpeg() });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: TALK_PHOTO_LIMIT_REACHED });
    expect(await photosOf(id)).toBe(1);

    const seen = await t.request({ method: "GET", url: photosUrl(id), as: crew });
    expect(seen.statusCode).toBe(200);
    expect((seen.json() as PhotoSummary[]).map((p) => p.id)).toEqual([first.json().id]);
    expect((await t.request({ method: "GET", url: `/api/photos/${first.json().id}/thumbnail`, as: crew })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: photosUrl(id), as: f.w2 })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/photos/${first.json().id}`, as: f.w2 })).statusCode).toBe(403);
  });

  it("is bounded and sniffed like every photo: 10 MB (413), not an image (415), each with its message, nothing stored", async () => {
    const id = await newTalk();
    const big = await upload(f.manager, id, { name: "huge.jpg", data: Buffer.alloc(PHOTO_MAX_BYTES + 1, 0xff), type: "image/jpeg" });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: PHOTO_TOO_LARGE });
    const text = await upload(f.manager, id, { name: "crew.jpg", data: Buffer.from("not a photo at all\n"), type: "image/jpeg" });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: PHOTO_TYPE_NOT_ACCEPTED });
    expect(await photosOf(id)).toBe(0);
    const missing = await upload(f.manager, 2_000_000, { name: "crew.jpg", data: await jpeg() });
    expect(missing.statusCode).toBe(404);
  });

  it("the presenter removes it (a crew member may not), and the attendance sheet shows it while it is there", async () => {
    const id = await newTalk(foreman);
    const added = await upload(foreman, id, { name: "crew.jpg", data: await jpeg() });
    expect(added.statusCode, added.body).toBe(201);
    const pdf = await t.request({ method: "GET", url: `/api/toolbox-talks/${id}?format=pdf`, as: crew });
    expect((await pdfText(pdf.rawPayload)).text.join(" ")).toContain("Group photo");

    const photoId = added.json().id as number;
    expect((await t.request({ method: "DELETE", url: `/api/photos/${photoId}`, as: crew })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/api/photos/${photoId}`, as: f.w2 })).statusCode).toBe(403);
    expect(await photosOf(id)).toBe(1);
    expect((await t.request({ method: "DELETE", url: `/api/photos/${photoId}`, as: foreman })).statusCode).toBe(204);
    expect(await photosOf(id)).toBe(0);
    const after = await t.request({ method: "GET", url: `/api/toolbox-talks/${id}?format=pdf`, as: crew });
    expect((await pdfText(after.rawPayload)).text.join(" ")).not.toContain("Group photo");
  });
});

describe("a worker's talks and a project's weeks", () => {
  async function signAsSelf(as: TestUser, talkId: number) {
    const url = `/api/toolbox-talks/${talkId}/sign-on`;
    const { version } = (await t.request({ method: "GET", url, as })).json() as SignOnStatus;
    const png = await sharp({ create: { width: 200, height: 80, channels: 4, background: "#ffffff00" } })
      .png()
      .toBuffer();
    const res = await t.request({ method: "POST", url, payload: { signature: png.toString("base64"), recordVersion: version }, as });
    expect(res.statusCode, res.body).toBe(201);
  }
  async function talkOn(projectId: number, title: string, talkDate: string) {
    const res = await t.request({
      method: "POST",
      url: "/api/toolbox-talks",
      payload: { ...talkBody(f), projectId, title, talkDate },
      as: f.manager,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }

  it("a worker's profile lists the talks they signed: to staff and to themself, only on projects the viewer sees", async () => {
    const worker = await t.createUser({ role: "worker", firstName: "Tess", lastName: "Talker" });
    const workerId = worker.workerId as number;
    await t.assign(workerId, f.projectP);
    await t.assign(workerId, f.projectQ);
    const onP = await talkOn(f.projectP, "Scaffolds", "2026-03-02");
    const onQ = await talkOn(f.projectQ, "Forklifts", "2026-03-04");
    await talkOn(f.projectP, "Not attended", "2026-03-05");
    await signAsSelf(worker, onP);
    await signAsSelf(worker, onQ);
    // Tess moves off Q: its talk is no longer hers to see, though she signed it.
    await t.db.deleteFrom("projectWorkers").where("workerId", "=", workerId).where("projectId", "=", f.projectQ).execute();

    const url = `/api/workers/${workerId}/toolbox-talks`;
    const staff = await t.request({ method: "GET", url, as: f.manager });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().map((x: { title: string }) => x.title)).toEqual(["Forklifts", "Scaffolds"]);
    expect(staff.json()[1]).toMatchObject({ talkId: onP, talkDate: "2026-03-02", projectId: f.projectP, projectName: expect.any(String) });
    expect(Number.isNaN(Date.parse(staff.json()[1].signedAt))).toBe(false);

    const own = await t.request({ method: "GET", url, as: worker });
    expect(own.statusCode).toBe(200);
    expect(own.json().map((x: { talkId: number }) => x.talkId)).toEqual([onP]);
    for (const other of [crew, f.w2]) expect((await t.request({ method: "GET", url, as: other })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/workers/2000000/toolbox-talks", as: f.admin })).statusCode).toBe(404);
  });

  it("a project's card counts its talks and attendance per ISO week; W2 gets 403; a bad week count gets 400", async () => {
    const project = await t.createProject();
    const a = await talkOn(project, "Week one", "2025-12-29");
    await talkOn(project, "Week one again", "2026-01-04");
    await talkOn(project, "Long ago", "2025-06-02");
    const lead = await t.createUser({ role: "worker" });
    await t.assign(lead.workerId as number, project);
    await signAsSelf(lead, a);

    const res = await t.request({ method: "GET", url: `/api/projects/${project}/toolbox-talks?weekOf=2026-01-07&weeks=2`, as: lead });
    expect(res.statusCode, res.body).toBe(200);
    const weeks = res.json() as { week: string; talkCount: number; attendeeCount: number; talks: { id: number }[] }[];
    expect(weeks.map((w) => [w.week, w.talkCount, w.attendeeCount])).toEqual([
      ["2026-W02", 0, 0],
      ["2026-W01", 2, 1],
    ]);
    expect(weeks[1]?.talks[0]?.id).toBe(a);
    const eight = await t.request({ method: "GET", url: `/api/projects/${project}/toolbox-talks`, as: f.admin });
    expect(eight.json()).toHaveLength(8);

    expect((await t.request({ method: "GET", url: `/api/projects/${project}/toolbox-talks`, as: f.w2 })).statusCode).toBe(403);
    const bad = await t.request({ method: "GET", url: `/api/projects/${project}/toolbox-talks?weeks=99`, as: f.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Weeks must be a whole number from 1 to 26");
    expect((await t.request({ method: "GET", url: "/api/projects/2000000/toolbox-talks", as: f.admin })).statusCode).toBe(404);
  });

  it("the talk list filters by project; a worker asking for another project's talks gets 403", async () => {
    const res = await t.request({ method: "GET", url: `/api/toolbox-talks?projectId=${f.projectQ}`, as: f.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
    expect(res.json().every((x: { projectId: number }) => x.projectId === f.projectQ)).toBe(true);
    expect((await t.request({ method: "GET", url: `/api/toolbox-talks?projectId=${f.projectQ}`, as: crew })).statusCode).toBe(403);
  });
});

describe("a topic's training module or video", () => {
  it("must exist (400 with the message, nothing added); a talk from the topic links them, with their titles", async () => {
    const before = (await t.request({ method: "GET", url: "/api/toolbox-talk-topics", as: f.manager })).json().length;
    for (const [field, message] of [
      ["trainingModuleId", "Please select a valid training module"],
      ["videoId", "Please select a valid safety video"],
    ] as const) {
      const res = await t.request({
        method: "POST",
        url: "/api/toolbox-talk-topics",
        payload: { language: "en", title: "Ghost link", content: "x", [field]: 2_000_000 },
        as: f.manager,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await t.request({ method: "GET", url: "/api/toolbox-talk-topics", as: f.manager })).json().length).toBe(before);

    const topic = await t.request({
      method: "POST",
      url: "/api/toolbox-talk-topics",
      payload: { language: "en", title: "Fall protection", content: "Tie off", trainingModuleId: f.moduleId, videoId: f.videoId },
      as: f.manager,
    });
    expect(topic.statusCode, topic.body).toBe(201);
    const talk = await t.request({
      method: "POST",
      url: "/api/toolbox-talks",
      payload: { ...talkBody(f), topicId: topic.json().id },
      as: f.manager,
    });
    expect(talk.json()).toMatchObject({ trainingModuleId: f.moduleId, videoId: f.videoId });
    const seen = (await t.request({ method: "GET", url: `/api/toolbox-talks/${talk.json().id}`, as: crew })).json();
    expect(seen.trainingModuleTitle).toEqual(expect.any(String));
    expect(seen.videoTitle).toEqual(expect.any(String));
  });
});
