import { isIP } from "node:net";
import { resolve } from "node:path";
import { DB_TUNINGS, type DbTuning } from "@sitesafe/db";
import { z } from "zod";
import { MAX_FIGURES_CACHE_MS } from "./figuresCache.js";
import { PROXY_RANGE_NAMES, trustsEveryAddress } from "./proxyRanges.js";

/** Environment configuration (README, Configuration). */
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
  /**
   * Which reverse proxies' X-Forwarded-* to believe (HTTPS detection, client address): false (none),
   * a hop count (the nearest N proxies), or the proxies' addresses and CIDR ranges. Never "every
   * address": then the client's own leftmost X-Forwarded-For entry would be its address.
   */
  trustProxy: false | number | string[];
  /** API requests allowed per session (or per address when signed out) a minute; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** The furthest ahead (days) an invite token may expire. */
  inviteTokenMaxDays: number;
  /**
   * FIGURES_CACHE_MS: how long (ms) this process may reuse the company-wide figures (every project's
   * compliance, the staff dashboard's cards; figuresCache.ts); 0 turns the cache off. A write
   * through this process clears it at once. Unset in a Config built by hand: off.
   */
  figuresCacheMs?: number;
  /**
   * RUN_JOBS: whether this instance works on queued jobs (jobs/queue.ts). Every instance queues
   * them; "0" makes an API-only instance. Unset in a Config built by hand: on.
   */
  runJobs?: boolean;
  /** How often an idle job worker asks for work, in seconds (0.5 to 60). */
  jobPollingSeconds?: number;
  /** SMTP_URL (smtp://user:pass@host:587, smtps://...): where e-mail is sent; unset: no e-mail (jobs/mailer.ts). */
  smtpUrl?: string | undefined;
  /** MAIL_FROM: the sender of notification e-mails ("SiteSafe <safety@example.com>"). */
  mailFrom?: string | undefined;
  /** PUBLIC_URL: the address people open SiteSafe at, for links in e-mails; unset: http://localhost:PORT. */
  publicUrl?: string;
  /**
   * VAPID_SUBJECT: who push services may contact about this server's pushes (an https: or mailto:
   * address, RFC 8292); unset: PUBLIC_URL when it is https, else the address of MAIL_FROM, else
   * mailto:admin@localhost.
   */
  vapidSubject?: string;
  /**
   * PUSH_ALLOW_LOCAL_HTTP=1 (or NODE_ENV=test): push endpoints on http://127.0.0.1 or localhost are
   * accepted, for tests with a local push service. Otherwise an endpoint must be https.
   */
  pushAllowLocalHttp?: boolean;
  /**
   * PUSH_SERVICE_HOSTS: the push services the server will post to (comma-separated host names;
   * "*.example.com" also takes its subdomains); unset: DEFAULT_PUSH_SERVICE_HOSTS, the services
   * of Chrome, Edge, Firefox and Safari. The endpoint comes from the browser, that is from the
   * user: without this list a user could aim the server at any host (docs/security.md).
   */
  pushServiceHosts?: readonly string[];
  /** DIGEST_CRON: when the weekly training digest goes out (five-field cron); default Monday 06:00. */
  digestCron?: string;
  /** DIGEST_TIME_ZONE: the IANA time zone DIGEST_CRON is read in; default the server's. */
  digestTimeZone?: string;
  /** The server's clock, injected by tests (fire-watch times, job handlers); unset: the wall clock. */
  now?: () => Date;
  /** A whole-list client that reads nothing for this long (ms) is disconnected (lists.ts). */
  streamIdleTimeoutMs: number;
  /** In-memory embedded database (tests). */
  inMemory?: boolean;
  /** DB_STOCK (measuring only): driver tuning left out, to compare against stock (createDb.ts of the db package). */
  dbStock?: ReadonlySet<DbTuning>;
}

/**
 * A busy user clicks through a page that makes a handful of requests (tRPC batches a page's
 * queries into one); 600 a minute is ten a second sustained, with room for bursts.
 */
const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;
const DEFAULT_INVITE_TOKEN_MAX_DAYS = 30;

/** A variable taken as written; unset is `undefined`. */
const text = z.string().optional();

interface NumberRule {
  min?: number;
  /** The start-up message before `, got "<value>"`; by default "<NAME> must be a whole number from <min> to <max>". */
  message?: string;
  /** An empty value reads as 0 rather than as the default (PORT and STREAM_IDLE_TIMEOUT_MS always read it so). */
  emptyIsZero?: boolean;
}

/** A whole number from `min` to `max` under `name`, `fallback` when unset. */
function wholeNumber(name: string, fallback: number, max: number, { min = 0, message, emptyIsZero = false }: NumberRule = {}) {
  return text.transform((raw, ctx) => {
    const value = raw === undefined || (raw === "" && !emptyIsZero) ? fallback : Number(raw);
    if (Number.isInteger(value) && value >= min && value <= max) return value;
    ctx.addIssue({ code: "custom", message: `${message ?? `${name} must be a whole number from ${min} to ${max}`}, got "${raw}"` });
    return z.NEVER;
  });
}

/** Turns a checking function that throws its message into a field of the schema. */
function checked<T>(read: (raw: string | undefined) => T) {
  return text.transform((raw, ctx) => {
    try {
      return read(raw);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message });
      return z.NEVER;
    }
  });
}

/**
 * Every environment variable the server reads (README, Configuration), in one schema. The keys are
 * in the order they are checked: with several wrong, start-up names the first.
 */
const environment = z
  .object({
    PORT: wholeNumber("PORT", 3000, 65535, { message: "PORT must be a port number", emptyIsZero: true }),
    STREAM_IDLE_TIMEOUT_MS: wholeNumber("STREAM_IDLE_TIMEOUT_MS", 30_000, 600_000, {
      min: 1000,
      message: "STREAM_IDLE_TIMEOUT_MS must be 1000 to 600000 milliseconds",
      emptyIsZero: true,
    }),
    HOST: text,
    DATABASE_URL: text,
    DATA_DIR: text,
    ADMIN_USERNAME: text,
    ADMIN_PASSWORD: text,
    ADMIN_EMAIL: text,
    SEED_DEMO: text,
    WEB_DIST: text,
    LOG_LEVEL: text,
    TRUST_PROXY: checked(trustedProxies),
    RATE_LIMIT_PER_MINUTE: wholeNumber("RATE_LIMIT_PER_MINUTE", DEFAULT_RATE_LIMIT_PER_MINUTE, 1_000_000),
    INVITE_TOKEN_MAX_DAYS: wholeNumber("INVITE_TOKEN_MAX_DAYS", DEFAULT_INVITE_TOKEN_MAX_DAYS, 3650, { min: 1 }),
    FIGURES_CACHE_MS: wholeNumber("FIGURES_CACHE_MS", MAX_FIGURES_CACHE_MS, MAX_FIGURES_CACHE_MS),
    DB_STOCK: checked(dbStockSetting),
    RUN_JOBS: text,
    SMTP_URL: checked(smtpUrl),
    MAIL_FROM: text,
    PUBLIC_URL: text,
    JOB_POLLING_SECONDS: wholeNumber("JOB_POLLING_SECONDS", 2, 60, { min: 1 }),
    VAPID_SUBJECT: checked(vapidSubject),
    PUSH_ALLOW_LOCAL_HTTP: text,
    PUSH_SERVICE_HOSTS: checked(pushServiceHosts),
    NODE_ENV: text,
    DIGEST_CRON: checked(digestCron),
    DIGEST_TIME_ZONE: checked(timeZone),
  })
  .transform(
    (env, ctx): Config => ({
      port: env.PORT,
      host: env.HOST ?? "127.0.0.1",
      databaseUrl: env.DATABASE_URL || undefined,
      dataDir: resolve(env.DATA_DIR ?? "./.data"),
      admin:
        env.ADMIN_USERNAME && env.ADMIN_PASSWORD && env.ADMIN_EMAIL
          ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD, email: env.ADMIN_EMAIL }
          : undefined,
      seedDemo: env.SEED_DEMO === "1",
      webDist: env.WEB_DIST,
      logLevel: env.LOG_LEVEL ?? "info",
      trustProxy: env.TRUST_PROXY,
      rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
      inviteTokenMaxDays: env.INVITE_TOKEN_MAX_DAYS,
      figuresCacheMs: env.FIGURES_CACHE_MS,
      streamIdleTimeoutMs: env.STREAM_IDLE_TIMEOUT_MS,
      dbStock: env.DB_STOCK,
      runJobs: env.RUN_JOBS !== "0",
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM || undefined,
      // Its default names the port, so it is read after PORT.
      publicUrl: (() => {
        try {
          return publicUrl(env.PUBLIC_URL, env.PORT);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      })(),
      jobPollingSeconds: env.JOB_POLLING_SECONDS,
      vapidSubject: env.VAPID_SUBJECT ?? defaultVapidSubject(env.PUBLIC_URL, env.MAIL_FROM),
      pushAllowLocalHttp: env.PUSH_ALLOW_LOCAL_HTTP === "1" || env.NODE_ENV === "test",
      pushServiceHosts: env.PUSH_SERVICE_HOSTS ?? DEFAULT_PUSH_SERVICE_HOSTS,
      digestCron: env.DIGEST_CRON ?? DEFAULT_DIGEST_CRON,
      digestTimeZone: env.DIGEST_TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    }),
  );

/** The configuration from the environment; a wrong value stops start-up with its message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "Invalid configuration");
  return parsed.data;
}

/** The browsers' push services: Chrome (and Android, Opera, Samsung), Firefox, Safari, Edge. */
export const DEFAULT_PUSH_SERVICE_HOSTS: readonly string[] = [
  "fcm.googleapis.com",
  "updates.push.services.mozilla.com",
  "*.push.apple.com",
  "*.notify.windows.com",
];

/** PUSH_SERVICE_HOSTS: host names, or "*." and a domain, separated by commas. */
function pushServiceHosts(raw: string | undefined): readonly string[] | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const hosts = raw.split(",").map((h) => h.trim().toLowerCase());
  for (const host of hosts) {
    if (!/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) {
      throw new Error(`PUSH_SERVICE_HOSTS must be host names such as fcm.googleapis.com or *.push.apple.com, got "${host}"`);
    }
  }
  return hosts;
}

/** Monday 06:00 (DIGEST_TIME_ZONE). */
export const DEFAULT_DIGEST_CRON = "0 6 * * 1";

/** VAPID_SUBJECT: an https: or mailto: address, as push services require. */
function vapidSubject(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "mailto:")) {
    throw new Error(`VAPID_SUBJECT must be an https: or mailto: address, got "${raw}"`);
  }
  return raw;
}

/** The VAPID subject when none is set: an https PUBLIC_URL, else MAIL_FROM's address. */
export function defaultVapidSubject(publicUrl: string | undefined, mailFrom: string | undefined): string {
  if (publicUrl?.startsWith("https://")) return new URL(publicUrl).origin;
  const address = mailFrom?.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ?? mailFrom?.match(/^[^<>\s]+@[^<>\s]+$/)?.[0];
  return `mailto:${address ?? "admin@localhost"}`;
}

/** DIGEST_CRON: five fields (minute hour day month weekday) of digits, *, /, - and commas. */
function digestCron(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const fields = raw.trim().split(/\s+/);
  if (fields.length !== 5 || !fields.every((field) => /^[\d*/,-]+$/.test(field))) {
    throw new Error(`DIGEST_CRON must be five cron fields such as "0 6 * * 1", got "${raw}"`);
  }
  return fields.join(" ");
}

/** DIGEST_TIME_ZONE: an IANA name such as America/Chicago. */
function timeZone(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    new Intl.DateTimeFormat("en", { timeZone: raw });
  } catch {
    throw new Error(`DIGEST_TIME_ZONE must be a time zone such as America/Chicago, got "${raw}"`);
  }
  return raw;
}

/** SMTP_URL: smtp:// or smtps://, checked at start so a typo is not found by the first e-mail. */
function smtpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "smtp:" && url.protocol !== "smtps:") || !url.hostname) {
    throw new Error("SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465");
  }
  return raw;
}

/** PUBLIC_URL: an http(s) address without a path beyond "/"; unset: this machine's port. */
function publicUrl(raw: string | undefined, port: number): string {
  if (!raw) return `http://localhost:${port}/`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an http or https address, got "${raw}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`PUBLIC_URL must be an http or https address, got "${raw}"`);
  return url.toString();
}

/** DB_STOCK: a comma list of `DB_TUNINGS` ("timestamps,prepare,camel"), or "all"; unset for none. */
function dbStockSetting(raw: string | undefined): ReadonlySet<DbTuning> {
  const names = (raw ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== "");
  if (names.length === 1 && names[0] === "all") return new Set(DB_TUNINGS);
  for (const name of names) {
    if (!(DB_TUNINGS as readonly string[]).includes(name)) {
      throw new Error(`DB_STOCK must list ${DB_TUNINGS.join(", ")} (or be "all"), got "${raw}"`);
    }
  }
  return new Set(names as DbTuning[]);
}

/**
 * TRUST_PROXY: unset, empty or 0 is off; a whole number is a hop count (`1`: one proxy in front);
 * otherwise a comma-separated list of proxy addresses or CIDR ranges (`10.0.0.0/8, ::1`).
 */
export function trustedProxies(raw: string | undefined): false | number | string[] {
  const value = raw?.trim() ?? "";
  if (value === "" || value === "0") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error(`TRUST_PROXY must be a hop count from 0 to 10 or a list of proxy addresses, got "${raw}"`);
    return hops;
  }
  const entries = value.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isProxyAddress(entry)) {
      throw new Error(
        `TRUST_PROXY must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.5, 172.16.0.0/12); "${entry}" is neither. Trusting every address is not allowed: clients could then choose their own address.`,
      );
    }
  }
  // Every address can be trusted without a /0 (two halves, the IPv4-mapped block, ...): add the ranges up.
  const everything = trustsEveryAddress(entries);
  if (everything) {
    throw new Error(
      `TRUST_PROXY "${value}" trusts every ${everything} address. Trusting every address is not allowed: clients could then choose their own address. Name only the proxies' addresses or ranges.`,
    );
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (Object.hasOwn(PROXY_RANGE_NAMES, entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  const bits = Number(prefix);
  // A /0 range is every address: the "trust everything" this setting exists to refuse.
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}
