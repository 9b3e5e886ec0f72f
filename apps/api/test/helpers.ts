import { randomUUID } from "node:crypto";
import { type DbHandle, workers } from "@sitesafe/db";
import { createTestDb } from "@sitesafe/db/testing";
import type { Role } from "@sitesafe/domain";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { hashPassword } from "../src/auth/passwords.js";
import { createSession } from "../src/auth/sessions.js";
import type { Config } from "../src/config.js";
import { buildServer } from "../src/server.js";
import { hashServiceToken, newServiceTokenSecret } from "../src/services/tokens.js";

export const ORIGIN = "http://localhost:80";

export const testConfig: Config = {
  port: 0,
  host: "127.0.0.1",
  databaseUrl: undefined,
  dataDir: "/nonexistent",
  admin: undefined,
  seedDemo: false,
  webDist: undefined,
  logLevel: "silent",
  trustProxy: false,
  // Tests send hundreds of requests a second as one user; the limit has its own tests (rateLimit.test.ts).
  rateLimitPerMinute: 0,
  inviteTokenMaxDays: 30,
  streamIdleTimeoutMs: 30_000,
  // Jobs are queued (in the same transactions as in production) but not worked on: a worker polling
  // in every test file would cost the suite time. test/jobs.test.ts and the notification tests turn it on.
  runJobs: false,
};

export interface TestUser {
  id: number;
  username: string;
  email: string;
  role: Role;
  password: string;
  /** Worker profile id, when the user has one. */
  workerId: number | null;
  cookie: string;
}

export interface TestApp {
  app: FastifyInstance;
  dbHandle: DbHandle;
  db: DbHandle["db"];
  /** A signed-in user created straight in the database. Workers get a worker profile. */
  createUser(
    options?: Partial<{
      role: Role;
      username: string;
      email: string;
      password: string;
      firstName: string;
      lastName: string;
      position: string;
      withWorker: boolean;
    }>,
  ): Promise<TestUser>;
  /** Assigns a worker profile to a project. */
  assign(workerId: number, projectId: number): Promise<void>;
  /** A project row with sensible defaults. */
  createProject(overrides?: Partial<{ name: string; location: string; status: "active" | "completed" | "on_hold" }>): Promise<number>;
  /** A service token of `user`, inserted straight in the database; the secret. */
  tokenFor(
    user: Pick<TestUser, "id">,
    options?: Partial<{ scope: "read" | "read-write"; name: string; expiresAt: Date | null }>,
  ): Promise<string>;
  /**
   * fastify.inject with this server's Origin (state-changing calls need it) and the user's cookie;
   * with `bearer`, the token alone: no cookie and no Origin, as an API consumer sends it.
   */
  request(options: InjectOptions & { as?: TestUser | null; bearer?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Hashing with real argon2 costs ~50 ms a user; one hash per password is plenty for tests. */
const hashCache = new Map<string, Promise<string>>();
const cachedHash = (password: string) => {
  let h = hashCache.get(password);
  if (!h) {
    h = hashPassword(password);
    hashCache.set(password, h);
  }
  return h;
};

/** `config` overrides parts of `testConfig` (a short stream idle timeout). */
export async function createTestApp(config: Partial<Config> = {}): Promise<TestApp> {
  const dbHandle = await createTestDb();
  const app = await buildServer({ config: { ...testConfig, ...config }, dbHandle, logger: false });
  await app.ready();
  const db = dbHandle.db;

  const testApp: TestApp = {
    app,
    dbHandle,
    db,
    async createUser(options = {}) {
      const role = options.role ?? "worker";
      const suffix = randomUUID().slice(0, 8);
      const username = options.username ?? `${role}_${suffix}`;
      const email = options.email ?? `${username}@example.com`;
      const password = options.password ?? "Passw0rd!";
      const firstName = options.firstName ?? role.charAt(0).toUpperCase() + role.slice(1);
      const lastName = options.lastName ?? suffix;
      const user = await db
        .insertInto("users")
        .values({ username, email, passwordHash: await cachedHash(password), role, firstName, lastName })
        .returning(["id"])
        .executeTakeFirstOrThrow();
      let workerId: number | null = null;
      if (role === "worker" || options.withWorker || options.position) {
        workerId = await workers.insertWorkerProfile(db, {
          userId: user.id,
          firstName,
          lastName,
          email,
          phone: "5551234567",
          role: options.position ?? (role === "worker" ? "Carpenter" : "Safety Manager"),
          company: "Acme Builders",
          hardhatNumber: `HH-${suffix}`,
        });
      }
      const session = await createSession(db, user.id);
      return { id: user.id, username, email, role, password, workerId, cookie: `session=${session.token}` };
    },
    async assign(workerId, projectId) {
      await db.insertInto("projectWorkers").values({ workerId, projectId }).execute();
    },
    async createProject(overrides = {}) {
      const row = await db
        .insertInto("projects")
        .values({
          name: overrides.name ?? `Project ${randomUUID().slice(0, 6)}`,
          location: overrides.location ?? "Springfield",
          status: overrides.status ?? "active",
          startDate: "2026-01-05",
          emergencyContactInfo: JSON.stringify({}),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async tokenFor(user, options = {}) {
      const secret = newServiceTokenSecret();
      await db
        .insertInto("serviceTokens")
        .values({
          userId: user.id,
          name: options.name ?? `test-${randomUUID().slice(0, 6)}`,
          tokenHash: hashServiceToken(secret),
          tokenPreview: secret.slice(0, 8),
          scope: options.scope ?? "read-write",
          expiresAt: options.expiresAt === undefined ? new Date(Date.now() + 86_400_000) : options.expiresAt,
        })
        .execute();
      return secret;
    },
    request({ as, bearer, headers, ...options }) {
      if (bearer !== undefined) {
        return app.inject({ ...options, headers: { host: "localhost:80", authorization: `Bearer ${bearer}`, ...(headers ?? {}) } });
      }
      return app.inject({
        ...options,
        headers: {
          origin: ORIGIN,
          host: "localhost:80",
          ...(as ? { cookie: as.cookie } : {}),
          ...(headers ?? {}),
        },
      });
    },
    async close() {
      await app.close();
      await dbHandle.close();
    },
  };
  return testApp;
}

/**
 * Every route the running server serves, as "METHOD /path" (HEAD left out), read from Fastify's own
 * table (`printRoutes`), not from the list the REST adapter was given.
 */
export function servedRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const served: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = line.match(/^([│ ]*)[├└]── (.+?)(?: \(([^)]*)\))?$/);
    if (!m) continue;
    stack.length = (m[1] as string).length / 4;
    stack.push(m[2] as string);
    for (const method of (m[3] ?? "").split(", ").filter(Boolean)) if (method !== "HEAD") served.push(`${method} ${stack.join("")}`);
  }
  return served;
}
