import { resolve } from "node:path";
import { DEFAULT_MEMORY_BUDGET_BYTES } from "./memoryStore.js";

/** 4 GiB: more than any memory here should want; a typo of a few digits fails at start-up. */
const MAX_MEMORY_BUDGET_BYTES = 4 * 1024 ** 3;

/** Environment configuration (DESIGN section 4). */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  admin: { username: string; password: string; email: string } | undefined;
  seedDemo: boolean;
  /** Built web app to serve at / (unset: API only). */
  webDist: string | undefined;
  logLevel: string;
  /** Trust X-Forwarded-* from a reverse proxy (HTTPS detection, client address). */
  trustProxy: boolean;
  /** How long (ms) a looked-up session is remembered by this process; 0 turns it off. */
  sessionCacheMs: number;
  /** How long (ms) this process remembers compliance figures (complianceMemory.ts); 0 turns it off. */
  complianceCacheMs: number;
  /** How long (ms) this process may reuse an answer while the data is unchanged (answerMemory.ts); 0 turns it off. */
  answerCacheMs: number;
  /** Bytes everything the server remembers (answers, sessions, figures) may take together (memoryStore.ts). */
  memoryBudgetBytes: number;
  /** A whole-list client that reads nothing for this long (ms) is disconnected (lists.ts). */
  streamIdleTimeoutMs: number;
  /** In-memory embedded database (tests). */
  inMemory?: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const sessionCacheMs = milliseconds(env, "SESSION_CACHE_MS", 2000);
  const complianceCacheMs = milliseconds(env, "COMPLIANCE_CACHE_MS", 10_000);
  const answerCacheMs = milliseconds(env, "ANSWER_CACHE_MS", 10_000);
  const memoryBudgetBytes = Number(env.MEMORY_BUDGET_BYTES ?? DEFAULT_MEMORY_BUDGET_BYTES);
  if (!Number.isInteger(memoryBudgetBytes) || memoryBudgetBytes < 0 || memoryBudgetBytes > MAX_MEMORY_BUDGET_BYTES) {
    throw new Error(`MEMORY_BUDGET_BYTES must be a whole number of bytes from 0 to ${MAX_MEMORY_BUDGET_BYTES}, got "${env.MEMORY_BUDGET_BYTES}"`);
  }
  const streamIdleTimeoutMs = Number(env.STREAM_IDLE_TIMEOUT_MS ?? 30_000);
  if (!Number.isInteger(streamIdleTimeoutMs) || streamIdleTimeoutMs < 1000 || streamIdleTimeoutMs > 600_000) {
    throw new Error(`STREAM_IDLE_TIMEOUT_MS must be 1000 to 600000 milliseconds, got "${env.STREAM_IDLE_TIMEOUT_MS}"`);
  }
  const admin =
    env.ADMIN_USERNAME && env.ADMIN_PASSWORD && env.ADMIN_EMAIL
      ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD, email: env.ADMIN_EMAIL }
      : undefined;
  return {
    port,
    host: env.HOST ?? "127.0.0.1",
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? "./.data"),
    admin,
    seedDemo: env.SEED_DEMO === "1",
    webDist: env.WEB_DIST,
    logLevel: env.LOG_LEVEL ?? "info",
    trustProxy: env.TRUST_PROXY === "1",
    sessionCacheMs,
    complianceCacheMs,
    answerCacheMs,
    memoryBudgetBytes,
    streamIdleTimeoutMs,
  };
}

/** A memory lifetime from the environment: 0 (off) to a minute. */
function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0 || value > 60_000) throw new Error(`${name} must be 0 to 60000 milliseconds, got "${env[name]}"`);
  return value;
}
