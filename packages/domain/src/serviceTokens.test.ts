import { describe, expect, it } from "vitest";
import {
  createServiceTokenSchema,
  looksLikeServiceToken,
  mayChooseExpiry,
  serviceTokenRefusal,
  TOKEN_EXPIRED,
  TOKEN_REVOKED,
} from "./serviceTokens.js";

const now = new Date("2026-11-24T12:00:00Z");
const later = new Date("2026-12-24T12:00:00Z");
const earlier = new Date("2026-10-24T12:00:00Z");

describe("serviceTokenRefusal", () => {
  it("accepts a live token, refuses a revoked one first, then an expired one", () => {
    expect(serviceTokenRefusal({ revokedAt: null, expiresAt: later }, "worker", now)).toBeNull();
    expect(serviceTokenRefusal({ revokedAt: earlier, expiresAt: earlier }, "worker", now)).toBe(TOKEN_REVOKED);
    expect(serviceTokenRefusal({ revokedAt: null, expiresAt: earlier }, "admin", now)).toBe(TOKEN_EXPIRED);
    expect(serviceTokenRefusal({ revokedAt: null, expiresAt: now }, "admin", now)).toBe(TOKEN_EXPIRED);
  });

  it("a token without expiry works only while its owner is an admin", () => {
    expect(serviceTokenRefusal({ revokedAt: null, expiresAt: null }, "admin", now)).toBeNull();
    expect(serviceTokenRefusal({ revokedAt: null, expiresAt: null }, "manager", now)).toBe(TOKEN_EXPIRED);
  });
});

describe("createServiceTokenSchema", () => {
  it("defaults to read scope and 90 days", () => {
    expect(createServiceTokenSchema.parse({ name: " Payroll " })).toEqual({ name: "Payroll", scope: "read", expiresInDays: 90 });
  });

  it.each([
    [{ name: "" }, "Name is required"],
    [{ name: "x".repeat(101) }, "Name must be at most 100 characters"],
    [{ name: "x", scope: "write" }, "Scope must be either 'read' or 'read-write'"],
    [{ name: "x", expiresInDays: 0 }, "Expiry must be at least 1 day"],
    [{ name: "x", expiresInDays: 366 }, "Expiry can be at most 365 days"],
    [{ name: "x", expiresInDays: 1.5 }, "Expiry must be a whole number of days"],
  ])("%j -> %s", (input, message) => {
    const result = createServiceTokenSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("never (null) parses; only admins may choose it", () => {
    expect(createServiceTokenSchema.parse({ name: "x", expiresInDays: null }).expiresInDays).toBeNull();
    expect(mayChooseExpiry("admin", null)).toBe(true);
    expect(mayChooseExpiry("manager", null)).toBe(false);
    expect(mayChooseExpiry("worker", 365)).toBe(true);
  });
});

it("looksLikeServiceToken: the sst_ prefix and 43 base64url characters", () => {
  expect(looksLikeServiceToken(`sst_${"A".repeat(43)}`)).toBe(true);
  expect(looksLikeServiceToken(`sst_${"A".repeat(42)}`)).toBe(false);
  expect(looksLikeServiceToken(`sst_${"A".repeat(42)}=`)).toBe(false);
  expect(looksLikeServiceToken(`abc_${"A".repeat(43)}`)).toBe(false);
});
