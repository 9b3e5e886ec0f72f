import { describe, expect, it } from "vitest";
import { notificationLink } from "./notificationLinks.js";
import {
  notificationPreferenceSchema,
  pushEndpointAllowed,
  pushSubscriptionSchema,
  REQUIRED_KINDS,
  wantsEmail,
  wantsPush,
} from "./notifications.js";

const keys = { p256dh: "B".repeat(87), auth: "A".repeat(22) };

describe("Web Push choices", () => {
  it("push follows the e-mail rule: acting and urgent kinds by default, a choice otherwise, the required ones always", () => {
    expect(wantsPush("permit.requested", false, undefined)).toBe(true);
    expect(wantsPush("jha.commented", false, undefined)).toBe(false);
    expect(wantsPush("incident.filed", true, undefined)).toBe(true);
    expect(wantsPush("permit.requested", false, false)).toBe(false);
    for (const kind of REQUIRED_KINDS) expect(wantsPush(kind, false, false)).toBe(true);
    expect(wantsPush("training.digest", false, undefined)).toBe(wantsEmail("training.digest", false, undefined));
  });

  it("a preference names e-mail, push or both", () => {
    expect(notificationPreferenceSchema.safeParse({ kind: "jha.commented", push: true }).success).toBe(true);
    const neither = notificationPreferenceSchema.safeParse({ kind: "jha.commented" });
    expect(neither.success).toBe(false);
    expect(neither.error?.issues[0]?.message).toBe("Choose e-mail or push");
  });
});

describe("push subscriptions", () => {
  it("bounds every field", () => {
    expect(pushSubscriptionSchema.safeParse({ endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys }).success).toBe(true);
    const tooLong = pushSubscriptionSchema.safeParse({ endpoint: `https://push.example.com/${"a".repeat(1100)}`, keys });
    expect(tooLong.error?.issues[0]?.message).toBe("Endpoint is too long");
    const badKey = pushSubscriptionSchema.safeParse({ endpoint: "https://push.example.com/a", keys: { ...keys, p256dh: "x".repeat(500) } });
    expect(badKey.error?.issues[0]?.message).toBe("p256dh is not a valid key");
    const withUser = pushSubscriptionSchema.safeParse({ endpoint: "https://user:pw@push.example.com/a", keys });
    expect(withUser.error?.issues[0]?.message).toBe("Endpoint must be an https address");
  });

  it("takes plain http only to this machine, and only when allowed", () => {
    expect(pushEndpointAllowed("https://push.example.com/a", false)).toBe(true);
    expect(pushEndpointAllowed("http://127.0.0.1:9000/a", false)).toBe(false);
    expect(pushEndpointAllowed("http://127.0.0.1:9000/a", true)).toBe(true);
    expect(pushEndpointAllowed("http://localhost/a", true)).toBe(true);
    expect(pushEndpointAllowed("http://push.example.com/a", true)).toBe(false);
  });

  it("links the new notices to their pages", () => {
    expect(notificationLink("video", 3)).toBe("/videos");
    expect(notificationLink("trainingModule", 4)).toBe("/training/required/4");
    expect(notificationLink("trainingDigest", 2900)).toBe("/training/required");
  });
});
