import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SESSION_IDLE_MINUTES_DEFAULT } from '@mbo/shared/limits';

/** Where uploaded files live (platform/storage.ts). */
export type FileStorageKind = 'disk' | 'database';
export const FILE_STORAGE_KINDS: readonly FileStorageKind[] = ['disk', 'database'];

/** Gateway transactions of the demo data (DEMO_TRANSACTIONS, and `npm run seed` without --transactions). */
export const DEMO_TRANSACTIONS_DEFAULT = 200_000;

/**
 * Which X-Forwarded-For/-Proto entries to believe (TRUST_PROXY): none (false), those added by the
 * nearest `n` proxies whatever their address (a hop count), or those added by proxies at the listed
 * addresses/CIDR ranges (also `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = false | number | readonly string[];

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  /** PostgreSQL connections per node. */
  databasePoolMax: number;
  /** PostgreSQL: a request waiting this long for a pool connection fails with 503 (0: waits as long as it takes). */
  databasePoolWaitMs: number;
  /** Apply the migrations at start; false: only check that the schema is one this build serves (db/migrate.ts). */
  migrateOnStart: boolean;
  /** PostgreSQL: a statement running longer is cancelled (0: no limit). */
  statementTimeoutMs: number;
  /** PostgreSQL: SQL texts each connection keeps parsed as named statements (0: none). */
  preparedStatements: number;
  /** Worker threads that read large exports side by side (platform/export-pool.ts); 0: none. */
  exportWorkers: number;
  /** Rows per slice of an export read by the workers; an export of one slice or less stays on the API thread. */
  exportSliceRows: number;
  /** Where uploaded files live (platform/storage.ts). */
  fileStorage: FileStorageKind;
  sessionIdleMinutes: number;
  /** A session ends this many hours after sign-in however active it is (an absolute lifetime besides the idle one). */
  sessionMaxHours: number;
  /** On SIGTERM, requests in flight get this long to finish before their connections are cut. */
  shutdownTimeoutSeconds: number;
  logLevel: LogLevel;
  /** Serve GET /metrics (Prometheus) and count requests for it (platform/metrics.ts). */
  metricsEnabled: boolean;
  seedOnEmpty: boolean;
  /** Transactions of the demo data loaded at start (SEED_ON_EMPTY). */
  demoTransactions: number;
  webDist: string;
  trustProxy: TrustProxy;
  /** Public address of the web app, used for the links in mails (no trailing slash). */
  appUrl: string;
  /** SMTP server (`smtp://user:pass@host:port`, `smtps://...`); null keeps every mail in the outbox table and the log. */
  smtpUrl: string | null;
  smtpFrom: string;
  /** Where new websites are sent for review (the acquirer's review team). */
  websiteReviewEmail: string;
  /** HTTP SMS gateway; null keeps every SMS in the outbox table and the log. */
  smsHttpUrl: string | null;
  smsHttpToken: string | null;
  /** Key of the card fingerprints of the payment-link limits; null: a key the server keeps in the database. */
  cardFingerprintKey: string | null;
  /** Payment notifications may go to http:// and loopback or private addresses (development and tests only). */
  webhookAllowLocal: boolean;
  /** Time limit of one notification attempt. */
  webhookTimeoutMs: number;
  /** Key of the signed download links of scheduled reports; null: a key the server keeps in the database. */
  reportLinkKey: string | null;
  /** A scheduled report's file up to this many MB is attached to its mail; a larger one goes as a signed link (0: always a link). */
  reportAttachMaxMb: number;
};

/** Repository root, resolved from this file so the defaults do not depend on where the process starts. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DEFAULT_WEB_DIST = path.join(REPO_ROOT, 'apps', 'web', 'dist');

export type ConfigVar = { name: string; default: string; description: string };

/** The environment variables the server reads, with their defaults, for the README and `--help`. */
export const CONFIG_VARS: readonly ConfigVar[] = [
  { name: 'PORT', default: '8080', description: 'TCP port to listen on' },
  { name: 'HOST', default: '127.0.0.1', description: 'Interface to bind (0.0.0.0 to accept outside connections)' },
  { name: 'DATA_DIR', default: './data', description: 'Directory for the SQLite file, relative to the working directory' },
  {
    name: 'DATABASE_URL',
    default: 'sqlite:<DATA_DIR>/mbo.sqlite',
    description: '`sqlite:<path>` or `postgres://user:pass@host:port/db` (`postgresql://` also accepted)',
  },
  {
    name: 'DATABASE_POOL_MAX',
    default: '10',
    description: "PostgreSQL connections per API node; with several nodes keep nodes x this under the server's max_connections",
  },
  {
    name: 'DATABASE_POOL_WAIT_MS',
    default: '5000',
    description:
      'PostgreSQL: a request that waits this long for a connection of the pool (all busy) fails at once with HTTP 503 and a translated "busy, try again" envelope instead of hanging (0: waits as long as it takes)',
  },
  {
    name: 'MIGRATE_ON_START',
    default: 'true',
    description:
      'Apply the database migrations at start. `false` when they run as a deployment step of their own (`npm run migrate`): the server then only checks that the schema is at a version it can serve and exits with a message saying what to run when it is not',
  },
  {
    name: 'DATABASE_STATEMENT_TIMEOUT_MS',
    default: '30000',
    description: 'PostgreSQL: a statement running longer is cancelled and the request fails cleanly (0: no limit)',
  },
  {
    name: 'DATABASE_PREPARED_STATEMENTS',
    default: '200',
    description:
      "PostgreSQL: SQL texts each connection keeps parsed as named statements, still planned for each run's values (0: none, for a pooler in transaction mode without prepared statement support)",
  },
  {
    name: 'EXPORT_WORKERS',
    default: 'one per core, at most 4',
    description:
      'Worker threads that read large exports (CSV and XLSX) side by side, started on the first one and stopped after a minute without one (0: every export on the API thread)',
  },
  {
    name: 'EXPORT_SLICE_ROWS',
    default: '25000',
    description: 'Rows per slice of an export read by the workers; an export of one slice or less stays on the API thread',
  },
  {
    name: 'FILE_STORAGE',
    default: 'disk with SQLite, database with PostgreSQL',
    description:
      "`disk` (DATA_DIR/uploads, one node) or `database` (in PostgreSQL with the file's record, for several nodes); `npm run ops -- files:migrate-storage --to database` moves existing files",
  },
  {
    name: 'SESSION_IDLE_MINUTES',
    default: String(SESSION_IDLE_MINUTES_DEFAULT),
    description: 'A session expires after this many idle minutes',
  },
  {
    name: 'SESSION_MAX_HOURS',
    default: '12',
    description: 'A session ends this many hours after sign-in, however active (absolute lifetime)',
  },
  {
    name: 'SHUTDOWN_TIMEOUT_SECONDS',
    default: '10',
    description: 'On SIGTERM or SIGINT the server stops accepting connections and gives requests in flight this long to finish',
  },
  { name: 'LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug, trace or silent' },
  {
    name: 'METRICS_ENABLED',
    default: 'true',
    description:
      'Prometheus metrics at `GET /metrics` on the API port (outside `/v3api`, no session): answered only to a request that came through no proxy (none of X-Forwarded-For, Forwarded, X-Real-IP), and refused by deploy/nginx; scrape each node directly. `false`: no endpoint',
  },
  {
    name: 'SEED_ON_EMPTY',
    default: 'true, false when NODE_ENV=production',
    description:
      'Load the demo data (with its known sign-in admin / Admin@2026) at start when the database has no merchant; off by default in production, so that a new production database is never given the demo accounts',
  },
  {
    name: 'DEMO_TRANSACTIONS',
    default: String(DEMO_TRANSACTIONS_DEFAULT),
    description: 'Gateway transactions the demo data generates when it is loaded at start',
  },
  { name: 'WEB_DIST', default: '<repo>/apps/web/dist', description: 'Built web app to serve' },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Proxies whose X-Forwarded-For/-Proto are believed (the client address of sign-in, code and payment-link limits and of the logs; HTTPS for HSTS): their addresses or CIDR ranges, comma separated (`127.0.0.1` for the nginx of deploy/nginx on the same host; `loopback`, `uniquelocal` also accepted), or the number of proxies in front of the node (`1`), which is safe only when nothing else can reach the node; `false`: none. `true` is refused',
  },
  {
    name: 'APP_URL',
    default: 'http://<HOST>:<PORT>',
    description: 'Public address of the web app, used to build the links in mails (verification, password reset, invitation, SSO)',
  },
  {
    name: 'SMTP_URL',
    default: '(none)',
    description:
      'SMTP server for mail, e.g. `smtp://user:pass@mail.example.com:587` or `smtps://...`; unset: mails go to the `mail_outbox` table and the log',
  },
  { name: 'SMTP_FROM', default: 'no-reply@merchant.local', description: 'Sender address of every mail' },
  {
    name: 'WEBSITE_REVIEW_EMAIL',
    default: 'website-review@merchant.local',
    description: "The review team's address: every website upload (one or a batch) is mailed there for review",
  },
  {
    name: 'SMS_HTTP_URL',
    default: '(none)',
    description: 'HTTP SMS gateway: each message is POSTed as JSON `{to, text}`; unset: SMS go to the `sms_outbox` table and the log',
  },
  { name: 'SMS_HTTP_TOKEN', default: '(none)', description: 'Bearer token sent to `SMS_HTTP_URL` in the Authorization header' },
  {
    name: 'CARD_FINGERPRINT_KEY',
    default: '(a key kept in the database)',
    description:
      'Secret (32 to 256 characters, the same on every node) of the keyed hash that recognises a card across payment links for the card-testing limit without storing its number; set it in production so that a copy of the database alone cannot test card numbers against the hashes. Unset: a random key the server makes once and keeps in the database',
  },
  {
    name: 'WEBHOOK_ALLOW_LOCAL',
    default: 'true when NODE_ENV=development or test, else false',
    description:
      "Payment notifications (webhooks) may go to http:// URLs and to loopback, private and link-local addresses, for a receiver on the developer's machine; refused with NODE_ENV=production. Otherwise only https:// to public addresses, checked at every attempt",
  },
  { name: 'WEBHOOK_TIMEOUT_MS', default: '10000', description: 'Time limit of one payment notification attempt, answer included' },
  {
    name: 'REPORT_LINK_KEY',
    default: '(a key kept in the database)',
    description:
      'Secret (32 to 256 characters, the same on every node) that signs the 7-day download links of scheduled reports too large to attach (HMAC-SHA256 over the run and the expiry). Unset: a random key the server makes once and keeps in the database',
  },
  {
    name: 'REPORT_ATTACH_MAX_MB',
    default: '5',
    description:
      "A scheduled report's file up to this many MB is attached to its mail; a larger one is sent as a signed download link valid 7 days (0: always a link). Keep it under the mail server's message limit",
  },
];

export class ConfigError extends Error {}

function readInt(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  return n;
}

function readBool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** A secret of 32 to 256 characters, or null when unset: a short key could be found by trying keys against a known value. */
function readSecretKey(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  if (raw.length < 32 || raw.length > 256) throw new ConfigError(`${name} must be 32 to 256 characters`);
  return raw;
}

function readWebhookAllowLocal(env: NodeJS.ProcessEnv): boolean {
  const mode = env.NODE_ENV?.trim();
  const allow = readBool(env, 'WEBHOOK_ALLOW_LOCAL', mode === 'development' || mode === 'test');
  // A production node that may be made to call its own network is a way in (SSRF).
  if (allow && mode === 'production') throw new ConfigError('WEBHOOK_ALLOW_LOCAL=true is refused with NODE_ENV=production');
  return allow;
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY besides addresses and CIDR ranges. */
const TRUST_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * An address or CIDR range proxy-addr takes (it refuses a /0 range, which would trust every address as
 * `true` did, at start with a TypeError: refused here first with the variable's name).
 */
function isAddressOrRange(entry: string): boolean {
  if (TRUST_PROXY_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY. `true` used to trust every hop, so a client could put any address at the left of
 * X-Forwarded-For and be seen there: a new one for each try escaped the per-address limits and wrote
 * the address of its choice into the logs. It is refused rather than read as one hop, because no single
 * reading is right for every deployment that set it: behind a CDN and nginx one hop would make every
 * client the CDN's address, and one address's sign-in limit would then lock everybody out. The
 * operator names the proxies (or counts them) once.
 */
function readTrustProxy(env: NodeJS.ProcessEnv): TrustProxy {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  const lower = raw.toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(lower)) return false;
  if (['true', 'yes', 'on'].includes(lower)) {
    throw new ConfigError(
      `TRUST_PROXY=${raw} would believe every X-Forwarded-For entry, so any client could choose its own address; ` +
        'set the addresses of the proxies in front of this node (TRUST_PROXY=127.0.0.1 for nginx on the same host) ' +
        'or their number (TRUST_PROXY=1)',
    );
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY must be a number of proxies between 1 and 10 or their addresses, got "${raw}"`);
    return hops;
  }
  const entries = raw.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isAddressOrRange(e));
  if (bad !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be the number of proxies in front of the node or their addresses or CIDR ranges, comma separated; "${bad}" is neither`,
    );
  }
  return entries;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  const dataDir = path.resolve(cwd, env.DATA_DIR?.trim() || './data');
  const databaseUrl = env.DATABASE_URL?.trim() || `sqlite:${path.join(dataDir, 'mbo.sqlite')}`;
  if (!/^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with sqlite:, postgres:// or postgresql://');
  }
  const logLevel = (env.LOG_LEVEL?.trim().toLowerCase() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const port = readInt(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';
  const appUrl = (env.APP_URL?.trim() || `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(appUrl)) throw new ConfigError('APP_URL must start with http:// or https://');
  const fileStorage = (env.FILE_STORAGE?.trim().toLowerCase() ||
    (databaseUrl.startsWith('sqlite:') ? 'disk' : 'database')) as FileStorageKind;
  if (!FILE_STORAGE_KINDS.includes(fileStorage)) throw new ConfigError(`FILE_STORAGE must be one of ${FILE_STORAGE_KINDS.join(', ')}`);
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  const smsHttpUrl = env.SMS_HTTP_URL?.trim() || null;
  if (smsHttpUrl && !/^https?:\/\//.test(smsHttpUrl)) throw new ConfigError('SMS_HTTP_URL must start with http:// or https://');
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    databasePoolMax: readInt(env, 'DATABASE_POOL_MAX', 10, 1, 1000),
    databasePoolWaitMs: readInt(env, 'DATABASE_POOL_WAIT_MS', 5000, 0, 600_000),
    migrateOnStart: readBool(env, 'MIGRATE_ON_START', true),
    statementTimeoutMs: readInt(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 0, 3_600_000),
    preparedStatements: readInt(env, 'DATABASE_PREPARED_STATEMENTS', 200, 0, 10_000),
    exportWorkers: readInt(env, 'EXPORT_WORKERS', Math.min(4, os.availableParallelism()), 0, 16),
    exportSliceRows: readInt(env, 'EXPORT_SLICE_ROWS', 25_000, 100, 10_000_000),
    fileStorage,
    sessionIdleMinutes: readInt(env, 'SESSION_IDLE_MINUTES', SESSION_IDLE_MINUTES_DEFAULT, 1, 7 * 24 * 60),
    sessionMaxHours: readInt(env, 'SESSION_MAX_HOURS', 12, 1, 30 * 24),
    shutdownTimeoutSeconds: readInt(env, 'SHUTDOWN_TIMEOUT_SECONDS', 10, 1, 600),
    logLevel,
    metricsEnabled: readBool(env, 'METRICS_ENABLED', true),
    seedOnEmpty: readBool(env, 'SEED_ON_EMPTY', env.NODE_ENV?.trim() !== 'production'),
    demoTransactions: readInt(env, 'DEMO_TRANSACTIONS', DEMO_TRANSACTIONS_DEFAULT, 0, 10_000_000),
    webDist: path.resolve(cwd, env.WEB_DIST?.trim() || DEFAULT_WEB_DIST),
    trustProxy: readTrustProxy(env),
    appUrl,
    smtpUrl,
    smtpFrom: env.SMTP_FROM?.trim() || 'no-reply@merchant.local',
    websiteReviewEmail: env.WEBSITE_REVIEW_EMAIL?.trim() || 'website-review@merchant.local',
    smsHttpUrl,
    smsHttpToken: env.SMS_HTTP_TOKEN?.trim() || null,
    cardFingerprintKey: readSecretKey(env, 'CARD_FINGERPRINT_KEY'),
    webhookAllowLocal: readWebhookAllowLocal(env),
    webhookTimeoutMs: readInt(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
    reportLinkKey: readSecretKey(env, 'REPORT_LINK_KEY'),
    reportAttachMaxMb: readInt(env, 'REPORT_ATTACH_MAX_MB', 5, 0, 20),
  };
}
