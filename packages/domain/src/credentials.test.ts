import { describe, expect, it } from "vitest";
import {
  CREDENTIAL_IMPORT_TOO_LARGE,
  can,
  credentialCompliance,
  credentialImportSchema,
  credentialState,
  daysBetween,
  isExpiringSoon,
  needsAttention,
  reminderStepDue,
  todayIn,
} from "./index.js";

const actor = (role: "admin" | "manager" | "worker", workerId: number | null) => ({
  userId: 1,
  role,
  workerId,
  position: null,
  assignedProjectIds: [],
});

describe("credential dates", () => {
  it("today is the company's date: 23:59 in Chicago is already tomorrow in UTC", () => {
    expect(todayIn("America/Chicago", new Date("2026-01-20T05:59:00Z"))).toBe("2026-01-19");
    expect(todayIn("America/Chicago", new Date("2026-01-20T06:00:00Z"))).toBe("2026-01-20");
    expect(todayIn("UTC", new Date("2026-01-20T05:59:00Z"))).toBe("2026-01-20");
  });

  it("a credential is expired on its expiry date, not the day after; a rejected one stays rejected", () => {
    expect(credentialState({ status: "verified", expiryDate: "2026-01-20" }, "2026-01-19")).toBe("verified");
    expect(credentialState({ status: "verified", expiryDate: "2026-01-20" }, "2026-01-20")).toBe("expired");
    expect(credentialState({ status: "submitted", expiryDate: "2026-01-20" }, "2026-02-01")).toBe("expired");
    expect(credentialState({ status: "rejected", expiryDate: "2026-01-20" }, "2026-02-01")).toBe("rejected");
    expect(credentialState({ status: "verified", expiryDate: null }, "2099-01-01")).toBe("verified");
  });

  it("expiring soon is within 30 days; reminders are due 30 and 7 days before, caught up while the window lasts", () => {
    expect(daysBetween("2026-03-01", "2026-03-31")).toBe(30);
    expect(isExpiringSoon({ status: "verified", expiryDate: "2026-03-31" }, "2026-03-01")).toBe(true);
    expect(isExpiringSoon({ status: "verified", expiryDate: "2026-04-01" }, "2026-03-01")).toBe(false);
    expect(reminderStepDue("2026-03-31", "2026-03-01")).toBe(30);
    expect(reminderStepDue("2026-03-31", "2026-03-24")).toBe(7);
    expect(reminderStepDue("2026-03-31", "2026-03-04")).toBe(30); // 27 days left: a missed 30-day run caught up
    expect(reminderStepDue("2026-03-31", "2026-03-25")).toBe(7); // 6 left
    expect(reminderStepDue("2026-03-31", "2026-03-23")).toBe(30); // 8 left
    expect(reminderStepDue("2026-03-31", "2026-02-28")).toBeNull(); // 31 left
    expect(reminderStepDue("2026-03-31", "2026-03-31")).toBeNull(); // expired today
  });
});

describe("credential compliance", () => {
  it("counts each required type once, by the best credential held (hand-checked)", () => {
    const req = (id: number, name: string, blocking = false) => ({ credentialTypeId: id, typeNameEn: name, typeNameEs: name, blocking });
    const result = credentialCompliance(
      [req(1, "Hot work"), req(2, "Fire watch"), req(3, "Confined space"), req(4, "Forklift", true), req(1, "Hot work", true)],
      [
        { credentialTypeId: 1, status: "verified", expiryDate: "2026-01-05" }, // expired
        { credentialTypeId: 1, status: "verified", expiryDate: "2027-01-05" }, // met
        { credentialTypeId: 2, status: "verified", expiryDate: "2026-01-20" }, // expiring
        { credentialTypeId: 3, status: "submitted", expiryDate: null }, // pending
        { credentialTypeId: 4, status: "rejected", expiryDate: null }, // missing
      ],
      "2026-01-10",
    );
    expect(result).toMatchObject({ required: 4, met: 2, expiringSoon: 1, percent: 50 });
    expect(result.items.map((i) => [i.typeNameEn, i.standing, i.blocking])).toEqual([
      ["Confined space", "pending", false],
      ["Fire watch", "expiring", false],
      ["Forklift", "missing", true],
      ["Hot work", "met", true],
    ]);
    expect(needsAttention(result)).toBe(true);
    expect(credentialCompliance([], [], "2026-01-10")).toMatchObject({ required: 0, percent: 100 });
  });
});

describe("credential permissions", () => {
  it("a worker adds only their own; staff add for anyone and verify anyone's but their own", () => {
    expect(can(actor("worker", 5), "credential.create", { ownerWorkerId: 5 })).toBe(true);
    expect(can(actor("worker", 5), "credential.create", { ownerWorkerId: 6 })).toBe(false);
    expect(can(actor("manager", 9), "credential.create", { ownerWorkerId: 6 })).toBe(true);
    expect(can(actor("worker", 5), "credential.verify", { ownerWorkerId: 6 })).toBe(false);
    expect(can(actor("manager", 9), "credential.verify", { ownerWorkerId: 6 })).toBe(true);
    expect(can(actor("manager", 9), "credential.verify", { ownerWorkerId: 9 })).toBe(false);
    expect(can(actor("admin", null), "credential.verify", { ownerWorkerId: 9 })).toBe(true);
    expect(can(actor("worker", 5), "credential.import")).toBe(false);
    expect(can(actor("manager", 9), "credentialRequirement.manage")).toBe(true);
  });
});

describe("the CSV import's bound", () => {
  it("is 200 KB in bytes, not characters: 100,000 three-byte characters (300 KB) are refused", () => {
    expect(credentialImportSchema.safeParse({ csv: "a".repeat(200 * 1024) }).success).toBe(true);
    const wide = credentialImportSchema.safeParse({ csv: "€".repeat(100_000) });
    expect(wide.success).toBe(false);
    expect(wide.error?.issues[0]?.message).toBe(CREDENTIAL_IMPORT_TOO_LARGE);
  });
});
