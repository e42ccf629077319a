import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { SETTINGS_LIMITS } from "@lms/contract";
import { z } from "zod";
import type { MeetingConfig } from "./meetings/index.js";
import { parseZoomDownloadHosts } from "./meetings/zoom-download.js";
import type { RestoreLimits } from "./modules/backups/limits.js";
import type { BackupRetention } from "./modules/backups/repo.js";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, tightenDataDir } from "./storage/private-files.js";
import type { S3StorageOptions } from "./storage/s3.js";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const MB = 1024 * 1024;
const TRUST_PROXY_FORMS =
  "give the number of proxies in front of the server (TRUST_PROXY=1) or their addresses " +
  "(TRUST_PROXY=10.0.0.0/8 or a comma-separated list of addresses and CIDRs)";

/** proxy-addr's names for address ranges, accepted next to addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which hops' X-Forwarded-For entries are believed: none, the last N, or those added by proxies at
 * these addresses. Never every hop: the left-most entry is whatever the client wrote, and believing
 * it would give each made-up address a fresh rate-limit bucket.
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (["", "false", "no", "0"].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value)) return Number(value);
    if (["true", "yes"].includes(value.toLowerCase())) {
      ctx.addIssue({
        code: "custom",
        message: `"${value}" would trust every hop, which lets any client pick its address; ${TRUST_PROXY_FORMS}`,
      });
      return z.NEVER;
    }
    const entries = value.split(",").map((entry) => entry.trim());
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length) {
      ctx.addIssue({ code: "custom", message: `not an address or CIDR: ${wrong.join(", ")}; ${TRUST_PROXY_FORMS}` });
      return z.NEVER;
    }
    return entries;
  });

/** Every setting the server reads, with its default (ARCHITECTURE §3). */
const envSchema = z.object({
  NODE_ENV: z.string().default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(5),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("LearnHub <no-reply@localhost>"),
  SEED_DEMO: booleanFromEnv.default(true),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["auto", "json", "pretty"]).default("auto"),
  TRUST_PROXY: trustProxyFromEnv.default(false),
  // Per client address and e-mail; the address alone across all e-mails gets AUTH_RATE_LIMIT_ADDRESS_MAX,
  // by default 50 or AUTH_RATE_LIMIT_MAX when that is higher (never below the per-e-mail limit).
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  AUTH_RATE_LIMIT_ADDRESS_MAX: z.coerce.number().int().min(1).optional(),
  AUTH_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  // This many failed passwords or two-factor codes within SIGN_IN_LOCK_MINUTES lock an account's
  // sign-in for SIGN_IN_LOCK_MINUTES (its owner is e-mailed; a password reset lifts the lock).
  SIGN_IN_LOCK_FAILURES: z.coerce.number().int().min(1).max(1000).default(10),
  SIGN_IN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  // Sign-ins waiting for a password hash per process; past it the answer is 503 with Retry-After.
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(100_000).default(64),
  // A connection that sends nothing for this long (headers without their body, a stalled upload) is
  // closed; every byte that arrives starts it again, so a slow but moving upload goes on.
  REQUEST_IDLE_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  // The most a whole request may take to arrive (a 500 MB upload on a slow link needs its hour).
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(86_400).default(3600),
  // The OpenAPI pages at /api/docs; false answers them 404 (e.g. in production).
  API_DOCS: booleanFromEnv.default(true),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  READ_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(1),
  // Benchmarks only: every answer carries this process's read-cache hits and misses (x-read-cache-stats).
  READ_CACHE_STATS_HEADER: booleanFromEnv.default(false),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "REDIS_URL must start with redis:// or rediss://")
    .optional(),
  // Files in S3-compatible object storage instead of DATA_DIR/uploads when S3_BUCKET is set.
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  // Backups (issue 11): scheduled by the backupFrequency system setting; archives kept per success.
  BACKUP_SCHEDULE: booleanFromEnv.default(true),
  BACKUP_RETENTION: z.coerce.number().int().min(1).max(1000).default(7),
  // Manual backups keep their own count, so backing up by hand never pushes out a scheduled archive.
  BACKUP_MANUAL_RETENTION: z.coerce.number().int().min(1).max(1000).default(7),
  // Signs each archive's manifest; unset: generated once in DATA_DIR/backup-key. Set the same on every machine.
  BACKUP_KEY: z.string().min(32, "BACKUP_KEY must be at least 32 characters").optional(),
  // What a restore accepts: more is refused before anything is changed (raise them for a larger install).
  RESTORE_MAX_ENTRIES: z.coerce.number().int().min(1).default(1_000_000),
  // Per entry: by default the largest upload the maxFileSize setting allows.
  RESTORE_MAX_FILE_MB: z.coerce.number().int().min(1).default(SETTINGS_LIMITS.maxFileSizeMax),
  RESTORE_MAX_TOTAL_MB: z.coerce
    .number()
    .int()
    .min(1)
    .default(200 * 1024),
  RESTORE_MAX_RATIO: z.coerce.number().int().min(2).default(100),
  RESTORE_MAX_ROW_MB: z.coerce.number().int().min(1).default(64),
  // The job queue of all after-request work: how often each process looks for due jobs (0 turns
  // its poller off), how many attempts a job gets, the delay before the second (doubling after),
  // and how long a claim lasts without renewal before another process takes the job over.
  OUTBOX_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  OUTBOX_RETRY_MS: z.coerce.number().int().min(100).max(86_400_000).default(30_000),
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).max(86_400_000).default(120_000),
  // Activity entries older than this many days are pruned in the background; 0 keeps them all.
  ACTIVITY_RETENTION_DAYS: z.coerce.number().int().min(0).max(36500).default(0),
  // xAPI statements go to this Learning Record Store (its base, without /statements) when set, with
  // Basic auth from the user name and password, or XAPI_LRS_AUTH as the whole Authorization value;
  // a batch of at most XAPI_BATCH_SIZE per request, looked for every XAPI_DELIVERY_EVERY_MS.
  XAPI_LRS_URL: z.string().url().optional(),
  XAPI_LRS_USERNAME: z.string().optional(),
  XAPI_LRS_PASSWORD: z.string().optional(),
  XAPI_LRS_AUTH: z.string().optional(),
  XAPI_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
  XAPI_DELIVERY_EVERY_MS: z.coerce.number().int().min(1000).max(86_400_000).default(10_000),
  // Live updates (GET /api/live/stream): events kept for catching up after a dropped connection, the
  // keep-alive comment interval, how long a stream ticket lasts, and open streams per user and process.
  LIVE_RETENTION_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(600).default(25),
  LIVE_TICKET_SECONDS: z.coerce.number().min(1).max(600).default(30),
  LIVE_MAX_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  // A stream ends this long after it opened and its page reconnects with a new ticket, so a session
  // that ended (signed out elsewhere, suspended) stops receiving events within this time.
  LIVE_STREAM_MAX_SECONDS: z.coerce.number().min(1).max(86_400).default(900),
  // Live sessions: the video meeting service (Jitsi needs no account; Zoom and BigBlueButton do).
  MEETING_PROVIDER: z.enum(["jitsi", "zoom", "bbb"]).default("jitsi"),
  JITSI_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, "JITSI_DOMAIN must be a host name, e.g. meet.jit.si")
    .default("meet.jit.si"),
  JITSI_APP_ID: z.string().min(1).optional(),
  JITSI_APP_SECRET: z.string().min(16, "JITSI_APP_SECRET must be at least 16 characters").optional(),
  ZOOM_ACCOUNT_ID: z.string().min(1).optional(),
  ZOOM_CLIENT_ID: z.string().min(1).optional(),
  ZOOM_CLIENT_SECRET: z.string().min(1).optional(),
  ZOOM_WEBHOOK_SECRET: z.string().min(1).optional(),
  ZOOM_API_URL: z.string().url().default("https://api.zoom.us/v2"),
  ZOOM_OAUTH_URL: z.string().url().default("https://zoom.us/oauth/token"),
  // Recording downloads (which carry the account token) are fetched only from these hosts.
  ZOOM_DOWNLOAD_HOSTS: z
    .string()
    .default("zoom.us")
    .transform((value, ctx) => {
      const hosts = parseZoomDownloadHosts(value);
      if (typeof hosts === "string") ctx.addIssue({ code: "custom", message: `ZOOM_DOWNLOAD_HOSTS: ${hosts}` });
      return typeof hosts === "string" ? z.NEVER : hosts;
    }),
  BBB_URL: z.string().url().optional(),
  BBB_SECRET: z.string().min(1).optional(),
  BBB_CHECKSUM: z.enum(["sha1", "sha256"]).default("sha256"),
});
type Env = z.infer<typeof envSchema>;

export interface LiveConfig {
  retentionMs: number;
  heartbeatMs: number;
  ticketMs: number;
  maxConnectionsPerUser: number;
  streamMaxAgeMs: number;
}

export interface Config {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  databaseConnectTimeoutMs: number;
  publicUrl: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: boolean;
  webDist: string;
  logLevel: string;
  /** `auto`: readable lines and a start banner on a terminal, JSON lines otherwise. */
  logFormat: "auto" | "json" | "pretty";
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses and CIDRs. */
  trustProxy: false | number | string[];
  /** `max` per client address and e-mail; `addressMax` per address across all e-mails. */
  authRateLimit: { max: number; addressMax: number; windowMs: number };
  signInLock: { failures: number; windowMs: number };
  passwordHashQueue: number;
  /** Socket idle time before a connection is closed, and the most a whole request may take to arrive. */
  timeouts: { idleMs: number; requestMs: number };
  apiDocs: boolean;
  accessTokenMinutes: number;
  readCacheMs: number;
  readCacheStatsHeader: boolean;
  /** Object storage for uploaded files; unset: files under DATA_DIR/uploads. */
  s3: S3StorageOptions | undefined;
  /** Api processes on this machine (node:cluster); 1 serves from the starting process itself. */
  workers: number;
  /** Shared rate-limit counters and cache invalidation across processes; unset: this process alone. */
  redisUrl: string | undefined;
  backupSchedule: boolean;
  /** Archives kept per trigger: scheduled ones (BACKUP_RETENTION) and manual ones apart. */
  backupRetention: BackupRetention;
  /** The HMAC key of backup manifests: an archive signed with another key is not restored. */
  backupKey: string;
  restoreLimits: RestoreLimits;
  outboxPollMs: number;
  live: LiveConfig;
  outboxMaxAttempts: number;
  outboxRetryMs: number;
  outboxLeaseMs: number;
  activityRetentionDays: number;
  meetings: MeetingConfig;
  xapi: XapiConfig;
}

/** Where xAPI statements are sent; `lrs` is null when no LRS is set (they are only stored). */
export interface XapiConfig {
  lrs: { url: string; authorization: string | null } | null;
  batchSize: number;
  everyMs: number;
}

function xapiConfig(e: Env): XapiConfig {
  const basic =
    e.XAPI_LRS_USERNAME !== undefined
      ? `Basic ${Buffer.from(`${e.XAPI_LRS_USERNAME}:${e.XAPI_LRS_PASSWORD ?? ""}`).toString("base64")}`
      : null;
  return {
    lrs: e.XAPI_LRS_URL ? { url: e.XAPI_LRS_URL.replace(/\/+$/, ""), authorization: e.XAPI_LRS_AUTH ?? basic } : null,
    batchSize: e.XAPI_BATCH_SIZE,
    everyMs: e.XAPI_DELIVERY_EVERY_MS,
  };
}

/** A secret (the JWT one, the backup key) is generated once and kept in DATA_DIR so it survives restarts. */
function loadOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  try {
    writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE, flag: "wx" });
  } catch (error) {
    // Another process of this install wrote it first: everyone uses that one.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readFileSync(file, "utf8").trim();
  }
  return secret;
}

/** The chosen video meeting service with its settings; the ones it cannot work without are required. */
function meetingConfig(e: Env): MeetingConfig {
  const require = (names: (keyof Env)[], reason = `when MEETING_PROVIDER is ${e.MEETING_PROVIDER}`) => {
    const missing = names.filter((name) => !e[name]);
    if (missing.length) {
      const lines = missing.map((name) => `  ${name}: required ${reason}`);
      throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
    }
  };
  if (e.MEETING_PROVIDER === "zoom") {
    require(["ZOOM_ACCOUNT_ID", "ZOOM_CLIENT_ID", "ZOOM_CLIENT_SECRET"]);
    return {
      provider: "zoom",
      accountId: e.ZOOM_ACCOUNT_ID ?? "",
      clientId: e.ZOOM_CLIENT_ID ?? "",
      clientSecret: e.ZOOM_CLIENT_SECRET ?? "",
      webhookSecret: e.ZOOM_WEBHOOK_SECRET,
      apiUrl: e.ZOOM_API_URL.replace(/\/+$/, ""),
      oauthUrl: e.ZOOM_OAUTH_URL,
      downloadHosts: e.ZOOM_DOWNLOAD_HOSTS,
    };
  }
  if (e.MEETING_PROVIDER === "bbb") {
    require(["BBB_URL", "BBB_SECRET"]);
    return { provider: "bbb", url: e.BBB_URL ?? "", secret: e.BBB_SECRET ?? "", checksum: e.BBB_CHECKSUM };
  }
  if (Boolean(e.JITSI_APP_ID) !== Boolean(e.JITSI_APP_SECRET))
    require(["JITSI_APP_ID", "JITSI_APP_SECRET"], "together");
  return { provider: "jitsi", domain: e.JITSI_DOMAIN, appId: e.JITSI_APP_ID, appSecret: e.JITSI_APP_SECRET };
}

function s3Config(e: Env): S3StorageOptions | undefined {
  if (!e.S3_BUCKET) return undefined;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS default credentials",
    );
  }
  return {
    bucket: e.S3_BUCKET,
    client: {
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      // MinIO, Ceph and most self-hosted servers address buckets by path, not by host name.
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
      ...(e.S3_ACCESS_KEY_ID &&
        e.S3_SECRET_ACCESS_KEY && {
          credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY },
        }),
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tightenDataDir(dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `file:${path.join(dataDir, "lms.db")}`,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir, "jwt-secret"),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, "../../web/dist")),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY,
    authRateLimit: {
      max: e.AUTH_RATE_LIMIT_MAX,
      addressMax: e.AUTH_RATE_LIMIT_ADDRESS_MAX ?? Math.max(50, e.AUTH_RATE_LIMIT_MAX),
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000,
    },
    signInLock: { failures: e.SIGN_IN_LOCK_FAILURES, windowMs: e.SIGN_IN_LOCK_MINUTES * 60_000 },
    passwordHashQueue: e.PASSWORD_HASH_QUEUE,
    timeouts: { idleMs: e.REQUEST_IDLE_TIMEOUT_SECONDS * 1000, requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000 },
    apiDocs: e.API_DOCS,
    accessTokenMinutes: e.ACCESS_TOKEN_MINUTES,
    readCacheMs: e.READ_CACHE_SECONDS * 1000,
    readCacheStatsHeader: e.READ_CACHE_STATS_HEADER,
    s3: s3Config(e),
    workers: e.WORKERS,
    redisUrl: e.REDIS_URL || undefined,
    backupSchedule: e.BACKUP_SCHEDULE,
    live: {
      retentionMs: e.LIVE_RETENTION_SECONDS * 1000,
      heartbeatMs: e.LIVE_HEARTBEAT_SECONDS * 1000,
      ticketMs: e.LIVE_TICKET_SECONDS * 1000,
      maxConnectionsPerUser: e.LIVE_MAX_CONNECTIONS_PER_USER,
      streamMaxAgeMs: e.LIVE_STREAM_MAX_SECONDS * 1000,
    },
    backupRetention: { scheduled: e.BACKUP_RETENTION, manual: e.BACKUP_MANUAL_RETENTION },
    backupKey: e.BACKUP_KEY ?? loadOrCreateSecret(dataDir, "backup-key"),
    restoreLimits: {
      maxEntries: e.RESTORE_MAX_ENTRIES,
      maxEntryBytes: e.RESTORE_MAX_FILE_MB * MB,
      maxTotalBytes: e.RESTORE_MAX_TOTAL_MB * MB,
      maxRatio: e.RESTORE_MAX_RATIO,
      maxRowBytes: e.RESTORE_MAX_ROW_MB * MB,
    },
    outboxPollMs: e.OUTBOX_POLL_MS,
    outboxMaxAttempts: e.OUTBOX_MAX_ATTEMPTS,
    outboxRetryMs: e.OUTBOX_RETRY_MS,
    outboxLeaseMs: e.OUTBOX_LEASE_MS,
    activityRetentionDays: e.ACTIVITY_RETENTION_DAYS,
    meetings: meetingConfig(e),
    xapi: xapiConfig(e),
  };
}
