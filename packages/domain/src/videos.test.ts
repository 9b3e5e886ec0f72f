import { describe, expect, it } from "vitest";
import {
  createVideoSchema,
  durationToSeconds,
  isPreviousVideo,
  isThisWeekVideo,
  isUpcomingVideo,
  parseTags,
  recordVideoProgressSchema,
  relatedVideos,
  secondsToDuration,
  shouldSaveVideoProgress,
  videoSource,
  videoStatusForPercentage,
  videoTabOf,
  videoUrlProblem,
  videoWithDefaults,
  youTubeId,
  youTubeThumbnail,
} from "./videos.js";

describe("video URL rule", () => {
  it.each([
    ["", "Video URL is required"],
    ["   ", "Video URL is required"],
    ["not a url", "Please enter a valid URL"],
    ["ftp://example.com/a.mp4", "Please enter a valid URL"],
    ["https://example.com/video.mov", "URL must be from YouTube, Vimeo, or direct video link (.mp4)"],
    ["https://evil.example/?u=youtube.com", "URL must be from YouTube, Vimeo, or direct video link (.mp4)"],
    ["https://notyoutube.com/watch?v=dQw4w9WgXcQ", "URL must be from YouTube, Vimeo, or direct video link (.mp4)"],
  ])("%j -> %s", (url, message) => {
    expect(videoUrlProblem(url)).toBe(message);
    expect(createVideoSchema.safeParse({ title: "T", url }).error?.issues[0]?.message).toBe(message);
  });

  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ",
    "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://vimeo.com/76979871",
    "https://player.vimeo.com/video/76979871",
    "https://cdn.example.com/media/toolbox-talk.MP4",
    "http://example.com/a.mp4?token=1",
  ])("accepts %s", (url) => {
    expect(videoUrlProblem(url)).toBeNull();
  });

  it("requires a URL when it is missing", () => {
    expect(createVideoSchema.safeParse({ title: "T" }).error?.issues[0]?.message).toBe("Video URL is required");
  });
});

describe("YouTube ids, thumbnails and players", () => {
  it("reads the 11-character id from each link form", () => {
    expect(youTubeId("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10")).toBe("dQw4w9WgXcQ");
    expect(youTubeId("https://youtu.be/dQw4w9WgXcQ?si=x")).toBe("dQw4w9WgXcQ");
    expect(youTubeId("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youTubeId("https://www.youtube.com/shorts/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youTubeId("https://www.youtube.com/watch?v=short")).toBeNull();
    expect(youTubeId("https://vimeo.com/1")).toBeNull();
  });

  it("derives the hqdefault thumbnail", () => {
    expect(youTubeThumbnail("https://youtu.be/dQw4w9WgXcQ")).toBe("https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
    expect(youTubeThumbnail("https://example.com/a.mp4")).toBeNull();
  });

  it("picks the player", () => {
    expect(videoSource("https://youtu.be/dQw4w9WgXcQ")).toEqual({
      kind: "youtube",
      id: "dQw4w9WgXcQ",
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    });
    expect(videoSource("https://vimeo.com/channels/staffpicks/76979871")).toEqual({
      kind: "vimeo",
      id: "76979871",
      embedUrl: "https://player.vimeo.com/video/76979871",
    });
    expect(videoSource("https://example.com/a.mp4")).toEqual({ kind: "file", url: "https://example.com/a.mp4" });
    expect(videoSource("https://example.com/a.mov")).toBeNull();
  });
});

describe("video input", () => {
  it("trims comma-separated tags into a list", () => {
    expect(parseTags(" ppe, ladders ,, PPE , fall protection ")).toEqual(["ppe", "ladders", "fall protection"]);
    expect(createVideoSchema.parse({ title: "T", url: "https://youtu.be/dQw4w9WgXcQ", tags: "a, b" }).tags).toEqual(["a", "b"]);
    expect(createVideoSchema.parse({ title: "T", url: "https://youtu.be/dQw4w9WgXcQ", tags: [" a ", "b"] }).tags).toEqual(["a", "b"]);
  });

  it("stores minutes plus seconds as total seconds", () => {
    expect(durationToSeconds(4, 30)).toBe(270);
    expect(durationToSeconds("2", "75")).toBe(179);
    expect(secondsToDuration(270)).toEqual({ minutes: 4, seconds: 30 });
  });

  it("defaults publish to now, required-by to +7 days and the YouTube thumbnail", () => {
    const now = new Date("2026-03-02T09:00:00Z");
    const parsed = createVideoSchema.parse({ title: "T", url: "https://youtu.be/dQw4w9WgXcQ", publishedAt: "", requiredWatchByDate: null });
    const v = videoWithDefaults(parsed, now);
    expect(v.publishedAt).toEqual(now);
    expect(v.requiredWatchByDate).toEqual(new Date("2026-03-09T09:00:00Z"));
    expect(v.thumbnail).toBe("https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg");
    const given = videoWithDefaults(
      createVideoSchema.parse({ title: "T", url: "https://youtu.be/dQw4w9WgXcQ", thumbnail: "https://example.com/t.jpg" }),
      now,
    );
    expect(given.thumbnail).toBe("https://example.com/t.jpg");
  });

  it("refuses a required-by date before the publish date", () => {
    const r = createVideoSchema.safeParse({
      title: "T",
      url: "https://youtu.be/dQw4w9WgXcQ",
      publishedAt: "2026-03-02",
      requiredWatchByDate: "2026-03-01",
    });
    expect(r.error?.issues[0]?.message).toBe("Required watch date must be on or after the publish date");
  });
});

describe("video progress", () => {
  it("is completed at 95 or more, else partially watched", () => {
    expect(videoStatusForPercentage(94)).toBe("partially_watched");
    expect(videoStatusForPercentage(95)).toBe("completed");
    expect(videoStatusForPercentage(100)).toBe("completed");
  });
  it("saves at each multiple of 10 and at 95", () => {
    expect(shouldSaveVideoProgress(9, 0)).toBe(false);
    expect(shouldSaveVideoProgress(10, 0)).toBe(true);
    expect(shouldSaveVideoProgress(19, 10)).toBe(false);
    expect(shouldSaveVideoProgress(95, 90)).toBe(true);
    expect(shouldSaveVideoProgress(97, 95)).toBe(false);
    expect(shouldSaveVideoProgress(100, 95)).toBe(true);
  });
  it("rounds and bounds the percentage", () => {
    expect(recordVideoProgressSchema.parse({ workerId: 1, videoId: "2", watchedPercentage: "49.6" }).watchedPercentage).toBe(50);
    expect(recordVideoProgressSchema.safeParse({ workerId: 1, videoId: 2, watchedPercentage: 101 }).success).toBe(false);
  });
});

describe("video tabs at the boundaries", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  const at = (iso: string) => new Date(iso);
  it("This Week includes a video published exactly now and one due exactly now", () => {
    expect(isThisWeekVideo({ publishedAt: now, requiredWatchByDate: at("2026-03-17T12:00:00Z") }, now)).toBe(true);
    expect(isThisWeekVideo({ publishedAt: at("2026-03-03T12:00:00Z"), requiredWatchByDate: now }, now)).toBe(true);
    expect(isPreviousVideo({ publishedAt: at("2026-03-03T12:00:00Z"), requiredWatchByDate: now }, now)).toBe(false);
  });
  it("Upcoming when published a millisecond from now", () => {
    const v = { publishedAt: new Date(now.getTime() + 1), requiredWatchByDate: at("2026-03-20T00:00:00Z") };
    expect(isUpcomingVideo(v, now)).toBe(true);
    expect(isThisWeekVideo(v, now)).toBe(false);
    expect(videoTabOf(v, now)).toBe("upcoming");
  });
  it("Previous once the required-by date has passed by a millisecond", () => {
    const v = { publishedAt: at("2026-03-01T00:00:00Z"), requiredWatchByDate: new Date(now.getTime() - 1) };
    expect(isPreviousVideo(v, now)).toBe(true);
    expect(isThisWeekVideo(v, now)).toBe(false);
    expect(videoTabOf(v, now)).toBe("previous");
  });
  it("uses publish + 7 days when no required-by date is stored", () => {
    expect(videoTabOf({ publishedAt: at("2026-03-04T12:00:00Z"), requiredWatchByDate: null }, now)).toBe("this-week");
    expect(videoTabOf({ publishedAt: at("2026-03-02T12:00:00Z"), requiredWatchByDate: null }, now)).toBe("previous");
  });
});

describe("related videos", () => {
  it("prefers shared tags, excludes the video itself, and stops at 3", () => {
    const vids = [
      { id: 1, tags: ["ppe"] },
      { id: 2, tags: ["ladders"] },
      { id: 3, tags: ["PPE"] },
      { id: 4, tags: [] },
      { id: 5, tags: [] },
    ];
    expect(relatedVideos(vids[0] as (typeof vids)[number], vids).map((v) => v.id)).toEqual([3, 2, 4]);
  });
});

describe("video dialog", () => {
  it("validates seconds 0 to 59 and turns the values into the API input", async () => {
    const { videoFormSchema, videoFormToInput } = await import("./videos.js");
    const values = {
      title: "T",
      description: "",
      url: "https://youtu.be/dQw4w9WgXcQ",
      minutes: 4,
      seconds: 30,
      tags: "a, b",
      publishedAt: "",
      requiredWatchByDate: "",
      thumbnail: "",
    };
    expect(videoFormSchema.safeParse(values).success).toBe(true);
    expect(videoFormSchema.safeParse({ ...values, seconds: 60 }).error?.issues[0]?.message).toBe("Seconds must be between 0 and 59");
    expect(videoFormSchema.safeParse({ ...values, url: "" }).error?.issues[0]?.message).toBe("Video URL is required");
    expect(videoFormToInput(values)).toMatchObject({ duration: 270, tags: ["a", "b"], publishedAt: undefined, thumbnail: undefined });
  });
});
