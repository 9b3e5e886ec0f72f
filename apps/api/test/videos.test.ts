import { audit } from "@sitesafe/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let worker: TestUser;
let otherWorker: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: "admin" });
  manager = await t.createUser({ role: "manager" });
  worker = await t.createUser({ role: "worker" });
  otherWorker = await t.createUser({ role: "worker" });
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const youtube = {
  title: "Ladder safety toolbox talk",
  description: "Three points of contact.",
  url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  duration: 270,
  tags: "ladders, fall protection , ",
};

async function addVideo(payload: Record<string, unknown>, as: TestUser = manager) {
  const res = await t.request({ method: "POST", url: "/api/safety-videos", payload, as });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; publishedAt: string; requiredWatchByDate: string; thumbnail: string | null; tags: string[] };
}

describe("safety videos", () => {
  let first: { id: number };

  it("lets admin and manager add a video, with the product's defaults", async () => {
    const before = Date.now();
    const video = await addVideo(youtube);
    first = video;
    expect(video.tags).toEqual(["ladders", "fall protection"]);
    expect(video.thumbnail).toBe("https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
    const published = new Date(video.publishedAt).getTime();
    expect(published).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(video.requiredWatchByDate).getTime() - published).toBe(7 * DAY);
    const history = await audit.auditHistory(t.db, "video", video.id);
    expect(history.map((h) => h.action)).toEqual(["created"]);

    const byAdmin = await addVideo(
      { title: "Direct file", url: "https://cdn.example.com/talk.mp4", thumbnail: "https://example.com/t.jpg" },
      admin,
    );
    expect(byAdmin.thumbnail).toBe("https://example.com/t.jpg");
  });

  it("refuses workers and signed-out visitors", async () => {
    expect((await t.request({ method: "POST", url: "/api/safety-videos", payload: youtube, as: worker })).statusCode).toBe(403);
    expect((await t.request({ method: "POST", url: "/api/safety-videos", payload: youtube })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/safety-videos" })).statusCode).toBe(401);
  });

  it.each([
    [{ ...youtube, url: "" }, "Video URL is required"],
    [{ ...youtube, url: undefined }, "Video URL is required"],
    [{ ...youtube, url: "youtube" }, "Please enter a valid URL"],
    [{ ...youtube, url: "https://example.com/talk.avi" }, "URL must be from YouTube, Vimeo, or direct video link (.mp4)"],
    [{ ...youtube, title: "" }, "Title is required"],
  ])("answers 400 with the product's URL messages (%#)", async (payload, message) => {
    const res = await t.request({ method: "POST", url: "/api/safety-videos", payload, as: manager });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("lists newest first by publish date, for everyone signed in", async () => {
    const older = await addVideo({ ...youtube, title: "Older", publishedAt: new Date(Date.now() - 30 * DAY).toISOString() });
    const upcoming = await addVideo({ ...youtube, title: "Next week", publishedAt: new Date(Date.now() + 7 * DAY).toISOString() });
    const res = await t.request({ method: "GET", url: "/api/safety-videos", as: worker });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((v: { id: number }) => v.id);
    expect(ids[0]).toBe(upcoming.id);
    expect(ids[ids.length - 1]).toBe(older.id);
  });

  it("answers one video, 404 when missing", async () => {
    const res = await t.request({ method: "GET", url: `/api/safety-videos/${first.id}`, as: worker });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe(youtube.title);
    expect((await t.request({ method: "GET", url: "/api/safety-videos/99999", as: worker })).statusCode).toBe(404);
  });

  it("lets admin and manager edit a video; not workers", async () => {
    const res = await t.request({
      method: "PUT",
      url: `/api/safety-videos/${first.id}`,
      payload: { ...youtube, id: first.id, title: "Ladder safety (updated)", url: "https://vimeo.com/76979871", duration: 300 },
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: first.id,
      title: "Ladder safety (updated)",
      url: "https://vimeo.com/76979871",
      duration: 300,
      thumbnail: null,
    });
    expect((await t.request({ method: "PUT", url: `/api/safety-videos/${first.id}`, payload: youtube, as: worker })).statusCode).toBe(403);
    expect((await t.request({ method: "PUT", url: "/api/safety-videos/99999", payload: youtube, as: manager })).statusCode).toBe(404);
    const bad = await t.request({
      method: "PUT",
      url: `/api/safety-videos/${first.id}`,
      payload: { ...youtube, url: "nope" },
      as: manager,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Please enter a valid URL");
  });
});

describe("worker video progress", () => {
  let video: { id: number };
  const url = (w: TestUser | number, suffix = "") => `/api/workers/${typeof w === "number" ? w : w.workerId}/videos${suffix}`;

  beforeAll(async () => {
    video = await addVideo({ ...youtube, title: "Progress video" });
  });

  it("records 94% as partially watched and 95% as completed", async () => {
    const partial = await t.request({
      method: "POST",
      url: url(worker),
      payload: { videoId: video.id, watchedPercentage: 94, status: "completed" },
      as: worker,
    });
    expect(partial.statusCode).toBe(201);
    expect(partial.json()).toMatchObject({
      videoId: video.id,
      workerId: worker.workerId,
      watchedPercentage: 94,
      status: "partially_watched",
    });
    expect(partial.json().lastWatchedAt).toEqual(expect.any(String));
    const done = await t.request({ method: "PUT", url: url(worker, `/${video.id}`), payload: { watchedPercentage: 95 }, as: worker });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ watchedPercentage: 95, status: "completed" });
  });

  it("never lowers the watched percentage", async () => {
    const res = await t.request({ method: "PUT", url: url(worker, `/${video.id}`), payload: { watchedPercentage: 20 }, as: worker });
    expect(res.json()).toMatchObject({ watchedPercentage: 95, status: "completed" });
    const list = await t.request({ method: "GET", url: url(worker), as: worker });
    expect(list.json()).toEqual([expect.objectContaining({ videoId: video.id, watchedPercentage: 95, status: "completed" })]);
  });

  it("lets staff read anyone's progress but only the worker write their own", async () => {
    for (const as of [manager, admin]) expect((await t.request({ method: "GET", url: url(worker), as })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: url(worker), as: otherWorker })).statusCode).toBe(403);
    for (const as of [otherWorker, manager, admin]) {
      expect(
        (await t.request({ method: "POST", url: url(worker), payload: { videoId: video.id, watchedPercentage: 10 }, as })).statusCode,
      ).toBe(403);
      expect(
        (await t.request({ method: "PUT", url: url(worker, `/${video.id}`), payload: { watchedPercentage: 10 }, as })).statusCode,
      ).toBe(403);
    }
    expect((await t.request({ method: "GET", url: url(99999), as: manager })).statusCode).toBe(404);
    expect(
      (await t.request({ method: "PUT", url: url(worker, "/99999"), payload: { watchedPercentage: 10 }, as: worker })).statusCode,
    ).toBe(404);
    const bad = await t.request({ method: "PUT", url: url(worker, `/${video.id}`), payload: { watchedPercentage: 120 }, as: worker });
    expect(bad.statusCode).toBe(400);
  });

  it("lists required videos the worker has not completed, already published", async () => {
    const res = await t.request({ method: "GET", url: url(otherWorker).replace("/videos", "/required-videos"), as: otherWorker });
    expect(res.statusCode).toBe(200);
    const required = res.json() as { id: number; title: string; publishedAt: string }[];
    expect(required.map((v) => v.id)).toContain(video.id);
    expect(required.every((v) => new Date(v.publishedAt).getTime() <= Date.now())).toBe(true);
    expect(required.some((v) => v.title === "Next week")).toBe(false);

    const mine = await t.request({ method: "GET", url: url(worker).replace("/videos", "/required-videos"), as: worker });
    expect(mine.json().map((v: { id: number }) => v.id)).not.toContain(video.id);

    expect((await t.request({ method: "GET", url: url(worker).replace("/videos", "/required-videos"), as: manager })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: url(worker).replace("/videos", "/required-videos"), as: otherWorker })).statusCode).toBe(
      403,
    );
  });

  it("stores a self-attested watch apart from the tracked status, once, and still lists the video as required", async () => {
    const attested = await addVideo({ ...youtube, title: "Attested video" });
    const before = Date.now();
    const res = await t.request({
      method: "POST",
      url: url(otherWorker, `/${attested.id}/self-attest`),
      payload: { watchedPercentage: 100, status: "completed" },
      as: otherWorker,
    });
    expect(res.statusCode).toBe(200);
    const first = res.json();
    expect(first).toMatchObject({ videoId: attested.id, status: "not_watched", watchedPercentage: 0 });
    expect(new Date(first.selfAttestedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Saying it twice keeps the first time; tracked progress moves on its own.
    const again = await t.request({ method: "POST", url: url(otherWorker, `/${attested.id}/self-attest`), payload: {}, as: otherWorker });
    expect(again.json().selfAttestedAt).toBe(first.selfAttestedAt);
    const tracked = await t.request({
      method: "PUT",
      url: url(otherWorker, `/${attested.id}`),
      payload: { watchedPercentage: 40 },
      as: otherWorker,
    });
    expect(tracked.json()).toMatchObject({ status: "partially_watched", watchedPercentage: 40, selfAttestedAt: first.selfAttestedAt });
    // Not tracked completion: the video is still required.
    const required = await t.request({ method: "GET", url: url(otherWorker).replace("/videos", "/required-videos"), as: otherWorker });
    expect(required.json().map((v: { id: number }) => v.id)).toContain(attested.id);
    const history = await audit.auditHistory(t.db, "video", attested.id);
    expect(history.filter((h) => h.action === "self_attested")).toHaveLength(1);
    for (const as of [worker, manager, admin]) {
      expect((await t.request({ method: "POST", url: url(otherWorker, `/${attested.id}/self-attest`), payload: {}, as })).statusCode).toBe(
        403,
      );
    }
    expect(
      (await t.request({ method: "POST", url: url(otherWorker, "/99999/self-attest"), payload: {}, as: otherWorker })).statusCode,
    ).toBe(404);
  });

  it("is also a tRPC procedure", async () => {
    const res = await t.request({ method: "GET", url: "/trpc/videos.list", as: worker });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.json.length).toBeGreaterThan(0);
  });
});
