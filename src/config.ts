/** Settings parsed once from the environment (and CLI flags) into a typed object; bad values fail fast. */

import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';

export type SqliteSynchronous = 'FULL' | 'NORMAL';

export type DatabaseUrlFrom = 'DATABASE_URL' | '--db' | '--to' | 'default';

export interface Config {
  databaseUrl: string;
  /**
   * A direct PostgreSQL connection for what needs a session (LISTEN, session advisory locks,
   * named prepared statements) when `databaseUrl` points at a transaction pooler; unset: the
   * database URL serves for both.
   */
  databaseSessionUrl: string | undefined;
  /**
   * Where `databaseUrl` was named, for the messages that name it: the DATABASE_URL setting, the
   * command line (`--db`; copy's `--to`), or nowhere (the default `sqlite:./data/bizplat.db`,
   * whose folder is made).
   */
  databaseUrlFrom: DatabaseUrlFrom;
  /** PostgreSQL connections this process opens at most for requests and workers (the pool). */
  databasePoolSize: number;
  /** A PostgreSQL statement running longer than this is cancelled (0: no limit). */
  databaseStatementTimeoutMs: number;
  /** How long a request waits at most for a PostgreSQL connection before it is answered 503 (0: no limit). */
  databaseAcquireTimeoutMs: number;
  /** How long `serve` keeps trying to reach the database at start before it gives up (0: until it is reached). */
  databaseStartTimeoutMs: number;
  port: number;
  host: string;
  rateLimitPerMinute: number;
  /** Requests per minute per client address that fail authentication; more get 429. */
  authFailureLimitPerMinute: number;
  redisUrl: string | undefined;
  webhookRetryScheduleSeconds: number[];
  webhookTimeoutMs: number;
  webhookAllowPrivate: boolean;
  /** Extra CA certificate (PEM file) trusted for webhook targets, e.g. a private CA or a test receiver. */
  webhookCaFile: string | undefined;
  /** How often dispatchers look for due deliveries when no commit woke them. */
  webhookPollMs: number;
  /** Delivery attempts in flight at once per process. */
  webhookConcurrency: number;
  /** Also send X-Webhook-Signature-V2, an HMAC over `<X-Webhook-Timestamp>.<body>` (beyond the spec; off by default). */
  webhookSignatureV2: boolean;
  /** After a secret rotation, how long deliveries are also signed with the replaced secret (webhook-signature). */
  webhookSecretOverlapHours: number;
  /** The Telegram bot's token; unset: the messenger is off and users get in-app notifications only. Never logged. */
  telegramBotToken: string | undefined;
  /** The Bot API's address (a test server, a local Bot API server). */
  telegramApiUrl: string;
  /** Extra CA certificate (PEM file) trusted for the Bot API address, e.g. a local server or a test one. */
  telegramCaFile: string | undefined;
  /** Seconds before each retry of a failed messenger delivery; after the last, the delivery fails. */
  telegramRetryScheduleSeconds: number[];
  /** How often event consumer runners look for due events when no commit woke them. */
  eventPollMs: number;
  /** A failing consumer retries after this, then twice as long each time (up to an hour). */
  eventRetryBaseMs: number;
  /** Events, finished consumer records and finished webhook deliveries older than this are pruned. */
  eventRetentionDays: number;
  logLevel: string;
  /** Request logs carry whole URLs, query values included (debugging only: they can hold personal data). */
  logQueryValues: boolean;
  sqliteSynchronous: SqliteSynchronous;
  tokenPepper: string | undefined;
  /** The key webhook secrets and cursors are sealed with; unset: a key file beside an SQLite database, else a key kept in the database. */
  secretsKey: string | undefined;
  bodyLimitBytes: number;
  /** How long an in-flight Idempotency-Key claim holds before another request may take it over. */
  idempotencyLeaseMs: number;
  /** Prometheus metrics served on this separate address (BIZPLAT_METRICS_ADDRESS); unset: none there. */
  metricsAddress: ListenAddress | undefined;
  /** Prometheus metrics served to requests bearing this token (BIZPLAT_METRICS_TOKEN); unset: no token asked (on the API's address: no metrics). */
  metricsToken: string | undefined;
  /** /readyz fails while more event-consumer records than this are due; 0: not checked. */
  readyEventBacklog: number;
  /** /readyz fails while more outbox jobs (webhook and messenger deliveries, reminders) than this are due; 0: not checked. */
  readyDeliveryBacklog: number;
  /** After SIGTERM, how long /readyz fails while the listener still accepts, so a balancer moves away first. */
  shutdownGraceMs: number;
  /** Browser origins (scheme://host[:port]) whose pages may call /mcp besides the server's own (BIZPLAT_MCP_ALLOWED_ORIGINS). */
  mcpAllowedOrigins: string[];
  /** Addresses (or CIDR ranges) of balancers whose X-Forwarded-For is believed (BIZPLAT_TRUSTED_PROXIES); none: the header is ignored. */
  trustedProxies: string[];
}

export interface ListenAddress {
  host: string;
  port: number;
}

class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

const ON = ['1', 'true', 'yes', 'on'];
const OFF = ['0', 'false', 'no', 'off'];

/** An on/off setting: the same words everywhere (case-insensitive); anything else stops the start. */
function flag(env: Env, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return false;
  const word = raw.trim().toLowerCase();
  if (ON.includes(word)) return true;
  if (OFF.includes(word)) return false;
  throw new ConfigError(`${name} must be one of ${ON.join(', ')} (on) or ${OFF.join(', ')} (off), got "${raw}"`);
}

/** A PEM certificate file, read now so that a wrong path stops the start with the setting's name. */
function pemFile(env: Env, name: string): string | undefined {
  const path = env[name];
  if (path === undefined || path === '') return undefined;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'it is a directory' : String(code ?? error);
    throw new ConfigError(`${name} names a file that cannot be read: "${path}" (${why})`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) throw new ConfigError(`${name} must name a PEM certificate file, and "${path}" holds none`);
  return path;
}

function retrySchedule(env: Env, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) {
    throw new ConfigError(`${name} must be comma-separated seconds, got "${raw}"`);
  }
  return parts.map(Number);
}

/** `host:port`, an IPv6 host in brackets (`[::1]:9100`). */
function listenAddress(env: Env, name: string): ListenAddress | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+)):(\d{1,5})$/.exec(raw);
  const port = Number(match?.[3]);
  if (!match || port > 65535) throw new ConfigError(`${name} must be host:port (an IPv6 host in brackets), got "${raw}"`);
  return { host: match[1] ?? match[2] ?? '', port };
}

/** Comma-separated IP addresses or CIDR ranges (10.0.0.0/8, fd00::/8). */
function addressRanges(env: Env, name: string): string[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return [];
  return raw.split(',').map((part) => {
    const given = part.trim();
    const [address = '', bits, ...rest] = given.split('/');
    const family = isIP(address);
    const width = family === 4 ? 32 : 128;
    if (family === 0 || rest.length > 0 || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= width))) {
      throw new ConfigError(`${name} must list IP addresses or CIDR ranges (e.g. 10.0.0.5,10.1.0.0/16), comma-separated, got "${given}"`);
    }
    return given;
  });
}

/** Comma-separated origins, each scheme://host[:port] with nothing after it. */
function origins(env: Env, name: string): string[] {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return [];
  return raw.split(',').map((part) => {
    const given = part.trim();
    let origin: string;
    try {
      origin = new URL(given).origin;
    } catch {
      origin = 'null';
    }
    if (origin === 'null' || origin !== given.replace(/\/$/, '').toLowerCase()) throw new ConfigError(`${name} must list origins such as https://app.example.com, comma-separated, got "${given}"`);
    return origin;
  });
}

function telegramApiUrl(raw: string | undefined): string {
  if (raw === undefined || raw === '') return 'https://api.telegram.org';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`BIZPLAT_TELEGRAM_API_URL must be an http(s) address, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(`BIZPLAT_TELEGRAM_API_URL must be an http(s) address, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const logLevel = env.BIZPLAT_LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`BIZPLAT_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const sync = (env.BIZPLAT_SQLITE_SYNCHRONOUS ?? 'FULL').toUpperCase();
  if (sync !== 'FULL' && sync !== 'NORMAL') throw new ConfigError('BIZPLAT_SQLITE_SYNCHRONOUS must be FULL or NORMAL');
  const secretsKey = env.BIZPLAT_SECRETS_KEY || undefined;
  if (secretsKey !== undefined && secretsKey.length < 32) throw new ConfigError('BIZPLAT_SECRETS_KEY must be at least 32 characters (e.g. the output of `openssl rand -base64 32`)');
  const metricsToken = env.BIZPLAT_METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && metricsToken.length < 32) throw new ConfigError('BIZPLAT_METRICS_TOKEN must be at least 32 characters (e.g. the output of `openssl rand -hex 32`)');
  const config: Config = {
    databaseUrl: env.DATABASE_URL || 'sqlite:./data/bizplat.db',
    databaseSessionUrl: env.DATABASE_SESSION_URL || undefined,
    databaseUrlFrom: env.DATABASE_URL ? 'DATABASE_URL' : 'default',
    databasePoolSize: integer(env, 'BIZPLAT_DATABASE_POOL_SIZE', 10, 1, 1000),
    databaseStatementTimeoutMs: integer(env, 'BIZPLAT_DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 0, 86_400_000),
    databaseAcquireTimeoutMs: integer(env, 'BIZPLAT_DATABASE_ACQUIRE_TIMEOUT_MS', 3000, 0, 600_000),
    databaseStartTimeoutMs: integer(env, 'BIZPLAT_DATABASE_START_TIMEOUT_MS', 0, 0, 86_400_000),
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '127.0.0.1',
    rateLimitPerMinute: integer(env, 'BIZPLAT_RATE_LIMIT', 300, 1, 10_000_000),
    authFailureLimitPerMinute: integer(env, 'BIZPLAT_AUTH_FAILURE_LIMIT', 30, 1, 10_000_000),
    redisUrl: env.REDIS_URL || undefined,
    webhookRetryScheduleSeconds: retrySchedule(env, 'BIZPLAT_WEBHOOK_RETRY_SCHEDULE', [60, 300, 1800, 7200, 28800]),
    webhookTimeoutMs: integer(env, 'BIZPLAT_WEBHOOK_TIMEOUT_MS', 10_000, 1, 600_000),
    webhookAllowPrivate: flag(env, 'BIZPLAT_WEBHOOK_ALLOW_PRIVATE'),
    webhookCaFile: pemFile(env, 'BIZPLAT_WEBHOOK_CA_FILE'),
    webhookPollMs: integer(env, 'BIZPLAT_WEBHOOK_POLL_MS', 5000, 10, 3_600_000),
    webhookConcurrency: integer(env, 'BIZPLAT_WEBHOOK_CONCURRENCY', 32, 1, 1024),
    webhookSignatureV2: flag(env, 'BIZPLAT_WEBHOOK_SIGNATURE_V2'),
    webhookSecretOverlapHours: integer(env, 'BIZPLAT_WEBHOOK_SECRET_OVERLAP_HOURS', 24, 0, 720),
    telegramBotToken: env.BIZPLAT_TELEGRAM_BOT_TOKEN || undefined,
    telegramApiUrl: telegramApiUrl(env.BIZPLAT_TELEGRAM_API_URL),
    telegramCaFile: pemFile(env, 'BIZPLAT_TELEGRAM_CA_FILE'),
    telegramRetryScheduleSeconds: retrySchedule(env, 'BIZPLAT_TELEGRAM_RETRY_SCHEDULE', [10, 60, 300, 1800, 7200]),
    eventPollMs: integer(env, 'BIZPLAT_EVENT_POLL_MS', 1000, 10, 3_600_000),
    eventRetryBaseMs: integer(env, 'BIZPLAT_EVENT_RETRY_BASE_MS', 1000, 1, 3_600_000),
    eventRetentionDays: integer(env, 'BIZPLAT_EVENT_RETENTION_DAYS', 30, 1, 36_500),
    logLevel,
    logQueryValues: flag(env, 'BIZPLAT_LOG_QUERY_VALUES'),
    sqliteSynchronous: sync,
    tokenPepper: env.BIZPLAT_TOKEN_PEPPER || undefined,
    secretsKey,
    bodyLimitBytes: integer(env, 'BIZPLAT_BODY_LIMIT', 1_048_576, 1024, 64 * 1_048_576),
    idempotencyLeaseMs: integer(env, 'BIZPLAT_IDEMPOTENCY_LEASE_MS', 60_000, 100, 86_400_000),
    metricsAddress: listenAddress(env, 'BIZPLAT_METRICS_ADDRESS'),
    metricsToken,
    readyEventBacklog: integer(env, 'BIZPLAT_READY_EVENT_BACKLOG', 0, 0, 100_000_000),
    readyDeliveryBacklog: integer(env, 'BIZPLAT_READY_DELIVERY_BACKLOG', 0, 0, 100_000_000),
    shutdownGraceMs: integer(env, 'BIZPLAT_SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    mcpAllowedOrigins: origins(env, 'BIZPLAT_MCP_ALLOWED_ORIGINS'),
    trustedProxies: addressRanges(env, 'BIZPLAT_TRUSTED_PROXIES'),
  };
  return { ...config, ...overrides };
}
