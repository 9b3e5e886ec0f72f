import { describe, expect, it } from "vitest";
import {
  complianceGapLabel,
  dashboardSeverityBadge,
  mergeUpcoming,
  trainingBanner,
  type UpcomingItem,
  unwatchedVideosLabel,
  videoProgressLabel,
} from "./dashboard.js";

const at = (iso: string) => new Date(iso);
const item = (id: string, iso: string, type: UpcomingItem["type"] = "other"): UpcomingItem => ({
  id,
  type,
  title: id,
  datetime: at(iso),
  details: "",
});

describe("dashboard", () => {
  it("merges upcoming items in time order and keeps the first five", () => {
    const merged = mergeUpcoming([
      [item("video-1", "2026-05-03T10:00:00Z", "video"), item("video-2", "2026-05-09T10:00:00Z", "video")],
      [item("permit-1", "2026-05-01T08:00:00Z"), item("permit-2", "2026-05-04T08:00:00Z")],
      [item("training-1", "2026-05-02T00:00:00Z", "training"), item("training-2", "2026-05-02T00:00:00Z", "training")],
    ]);
    expect(merged.map((i) => i.id)).toEqual(["permit-1", "training-1", "training-2", "video-1", "permit-2"]);
  });

  it("captions compliance, videos and the training banner", () => {
    expect(complianceGapLabel(72)).toBe("28% to go");
    expect(complianceGapLabel(100)).toBe("Fully compliant");
    expect(unwatchedVideosLabel(2)).toBe("Required to watch");
    expect(unwatchedVideosLabel(0)).toBe("All caught up!");
    expect(trainingBanner(99)).toEqual({ complete: false, title: "Required Training Incomplete" });
    expect(trainingBanner(100)).toEqual({ complete: true, title: "All Required Training Completed" });
  });

  it("colours severities as the product says", () => {
    expect(dashboardSeverityBadge("severe")).toEqual({ color: "red", label: "Severe" });
    expect(dashboardSeverityBadge("moderate")).toEqual({ color: "orange", label: "Moderate" });
    expect(dashboardSeverityBadge("minor")).toEqual({ color: "yellow", label: "Minor" });
    expect(dashboardSeverityBadge("near_miss")).toEqual({ color: "blue", label: "Near Miss" });
    expect(dashboardSeverityBadge("odd")).toEqual({ color: "gray", label: "odd" });
  });

  it("labels video progress", () => {
    expect(videoProgressLabel(null)).toBe("Not started");
    expect(videoProgressLabel({ status: "partially_watched", watchedPercentage: 68 })).toBe("68%");
    expect(videoProgressLabel({ status: "completed", watchedPercentage: 100 })).toBe("Completed");
  });
});
