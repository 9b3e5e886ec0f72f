import { describe, expect, it } from "vitest";
import type { Actor } from "./roles.js";
import {
  addDays,
  coveragePercent,
  decideSignOn,
  jhaSignedContent,
  LINK_EXPIRY_PAST,
  LINK_EXPIRY_TOO_FAR,
  linkExpiryProblem,
  PERMIT_NOT_OPEN_FOR_SIGN_ON,
  pngSize,
  SIGN_ONLY_FOR_YOURSELF,
  SIGNER_COMPANY_REQUIRED,
  SIGNER_NAME_OR_WORKER,
  signatureBase64,
  signedOnNames,
  signOnCoverage,
  signOnSchema,
  weekStartOf,
} from "./signOn.js";

const worker = (workerId: number, projects: number[], position: string | null = "Carpenter"): Actor => ({
  userId: workerId + 100,
  role: "worker",
  workerId,
  position,
  assignedProjectIds: projects,
});
const manager: Actor = { userId: 1, role: "manager", workerId: null, position: null, assignedProjectIds: [] };
const jha = { kind: "jha" as const, projectId: 7, ownerWorkerId: 10, status: null };

describe("who may sign for whom (decideSignOn)", () => {
  it("staff collect anyone's signature on any project; without a worker profile they cannot sign for themselves", () => {
    expect(decideSignOn(manager, jha, { workerId: 11 })).toEqual({ allowed: true, via: "device" });
    expect(decideSignOn(manager, jha, { guest: true })).toEqual({ allowed: true, via: "device" });
    expect(decideSignOn(manager, jha, null)).toMatchObject({ allowed: false, reason: "input" });
  });

  it("the submitter and a foreman of the project collect; a crew member signs only for themself", () => {
    expect(decideSignOn(worker(10, [7]), jha, { workerId: 11 })).toEqual({ allowed: true, via: "device" });
    expect(decideSignOn(worker(12, [7], "Foreman"), jha, { guest: true })).toEqual({ allowed: true, via: "device" });
    expect(decideSignOn(worker(11, [7]), jha, null)).toEqual({ allowed: true, via: "own" });
    expect(decideSignOn(worker(11, [7]), jha, { workerId: 11 })).toEqual({ allowed: true, via: "own" });
    expect(decideSignOn(worker(11, [7]), jha, { workerId: 13 })).toEqual({
      allowed: false,
      reason: "role",
      message: SIGN_ONLY_FOR_YOURSELF,
    });
    expect(decideSignOn(worker(11, [7]), jha, { guest: true })).toMatchObject({ allowed: false, reason: "role" });
  });

  it("nobody signs on a project they do not see, a foreman elsewhere included; closed and rejected permits take no signatures", () => {
    expect(decideSignOn(worker(12, [8], "Foreman"), jha, null)).toMatchObject({ allowed: false, reason: "role" });
    for (const status of ["closed", "rejected"]) {
      expect(decideSignOn(manager, { ...jha, kind: "permit", status }, { guest: true })).toEqual({
        allowed: false,
        reason: "state",
        message: PERMIT_NOT_OPEN_FOR_SIGN_ON,
      });
    }
    expect(decideSignOn(manager, { ...jha, kind: "permit", status: "pending" }, { guest: true }).allowed).toBe(true);
  });
});

describe("coverage", () => {
  it("counts an assigned worker once, only for the current version; guests apart", () => {
    const assigned = [
      { workerId: 1, name: "Ann" },
      { workerId: 2, name: "Ben" },
      { workerId: 3, name: "Cy" },
    ];
    const result = signOnCoverage(assigned, [
      { workerId: 1, current: true },
      { workerId: 1, current: false },
      { workerId: 2, current: false },
      { workerId: null, current: true },
      { workerId: 9, current: true },
    ]);
    expect(result).toEqual({ signedCount: 1, missing: [assigned[1], assigned[2]], guestCount: 1 });
    expect(
      signedOnNames([
        { name: "Ann", current: true },
        { name: "Ann", current: true },
        { name: "Ben", current: false },
      ]),
    ).toEqual(["Ann"]);
  });

  it("the content of a JHA changes with its hazards, not with who filed it", () => {
    const form = {
      projectId: 1,
      title: "T",
      jobDescription: "",
      hazards: [{ description: "Fall", riskLevel: "high" }],
      controlMeasures: [],
    };
    expect(jhaSignedContent(form)).toBe(jhaSignedContent({ ...form, submittedBy: 3 } as typeof form));
    expect(jhaSignedContent(form)).not.toBe(jhaSignedContent({ ...form, hazards: [{ description: "Fall", riskLevel: "medium" }] }));
  });
});

describe("input", () => {
  const base = { kind: "jha", id: 1, signature: "iVBOR", recordVersion: "a".repeat(64) };
  it("a guest needs a name and a company, and is never also a worker", () => {
    expect(signOnSchema.safeParse({ ...base, guestName: "Gus" }).error?.issues[0]?.message).toBe(SIGNER_COMPANY_REQUIRED);
    expect(signOnSchema.safeParse({ ...base, workerId: 3, guestName: "Gus", guestCompany: "X" }).error?.issues[0]?.message).toBe(
      SIGNER_NAME_OR_WORKER,
    );
    expect(signOnSchema.parse({ ...base, workerId: "", device: "  Phone  " })).toMatchObject({ workerId: null, device: "Phone" });
  });

  it("reads a PNG's size from its header and nothing else", () => {
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4Y2x8xtiYAUIBACPqBMlwUmUNAAAAAElFTkSuQmCC",
      "base64",
    );
    expect(pngSize(new Uint8Array(png))).toEqual({ width: 2, height: 2 });
    expect(pngSize(new Uint8Array(Buffer.from("GIF89a not a png at all, not at all, no")))).toBeNull();
    expect(signatureBase64("data:image/png;base64,iVBO")).toBe("iVBO");
    expect(signatureBase64("<svg/>")).toBeNull();
  });
});

describe("links and weeks", () => {
  it("a link's expiry is in the future and at most 7 days away", () => {
    const now = new Date("2026-03-02T12:00:00Z");
    expect(linkExpiryProblem(new Date("2026-03-02T12:00:00Z"), now)).toBe(LINK_EXPIRY_PAST);
    expect(linkExpiryProblem(new Date("2026-03-02T23:59:00Z"), now)).toBeNull();
    expect(linkExpiryProblem(new Date("2026-03-09T12:00:00Z"), now)).toBeNull();
    expect(linkExpiryProblem(new Date("2026-03-09T12:00:01Z"), now)).toBe(LINK_EXPIRY_TOO_FAR);
  });

  it("weeks run Monday to Sunday; coverage is a whole percentage", () => {
    expect(weekStartOf("2026-03-02")).toBe("2026-03-02");
    expect(weekStartOf("2026-03-08")).toBe("2026-03-02");
    expect(weekStartOf("2026-03-09")).toBe("2026-03-09");
    expect(weekStartOf("2026-01-01")).toBe("2025-12-29");
    expect(addDays("2026-02-27", 3)).toBe("2026-03-02");
    expect([coveragePercent(2, 3), coveragePercent(0, 0), coveragePercent(3, 3)]).toEqual([67, 0, 100]);
  });
});
