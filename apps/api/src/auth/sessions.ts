import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { type Database, sessions } from "@sitesafe/db";
import type { Kysely } from "kysely";

/**
 * Sessions after the Lucia guide (docs/api.md): the token is `<id>.<secret>`, both random;
 * only SHA-256 of the secret is stored, so a leaked sessions table cannot be replayed. 30-day
 * sliding expiry, renewed when less than half remains.
 */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_WHEN_LEFT_MS = SESSION_TTL_MS / 2;

const encode = (bytes: Buffer) => bytes.toString("base64url");
const hashSecret = (secret: string) => createHash("sha256").update(secret).digest();

export async function createSession(db: Kysely<Database>, userId: number): Promise<{ token: string; expiresAt: Date; id: string }> {
  const id = encode(randomBytes(18)); // 144 bits
  const secret = encode(randomBytes(24)); // 192 bits
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await sessions.insertSession(db, { id, secretHash: hashSecret(secret), userId, expiresAt });
  return { token: `${id}.${secret}`, expiresAt, id };
}

export type ValidatedSession = sessions.SessionWithActor & { renewed: boolean };

/**
 * The session behind a cookie token, read with its user, worker profile and assignments in one
 * query on every request: a logout, password change, role change or unassignment takes effect on
 * the very next request.
 */
export async function validateSessionToken(db: Kysely<Database>, token: string): Promise<ValidatedSession | null> {
  const [id, secret, ...rest] = token.split(".");
  if (!id || !secret || rest.length > 0 || id.length > 64 || secret.length > 64) return null;
  const session = await sessions.findSessionWithActor(db, id);
  if (!session) return null;
  const expected = Buffer.from(session.secretHash);
  const actual = hashSecret(secret);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  const now = Date.now();
  if (session.expiresAt.getTime() <= now) {
    await sessions.deleteSession(db, id);
    return null;
  }
  if (session.expiresAt.getTime() - now < RENEW_WHEN_LEFT_MS) {
    const expiresAt = new Date(now + SESSION_TTL_MS);
    await sessions.extendSession(db, id, expiresAt);
    return { ...session, expiresAt, renewed: true };
  }
  return { ...session, renewed: false };
}

export const hashInviteToken = (token: string) => createHash("sha256").update(token).digest("hex");
export const newInviteToken = () => encode(randomBytes(24)); // 192 bits
