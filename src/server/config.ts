import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS } from './http/slow-clients';
import { type LogFormat, type LogLevel, logLevels } from './log/logger';
import { type MailConfig, MailConfigError, parseMailConfig } from './mail/settings';

export interface Config {
  nodeEnv: string;
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  /**
   * MIGRATION_DATABASE_URL: the role that owns the schema and runs the migrations at start; the
   * server itself then connects with DATABASE_URL, whose role is granted only SELECT, INSERT, UPDATE
   * and DELETE on the tables (decision 055). Null: DATABASE_URL's role migrates.
   */
  migrationDatabaseUrl?: string | null;
  /**
   * Server processes sharing the port (WORKERS; PostgreSQL only, since PGlite lives in one process).
   * Default on PostgreSQL: one per CPU, at most 4.
   */
  workers: number;
  /**
   * SHUTDOWN_DELAY (seconds): after SIGTERM, health answers 503 while everything else is served this
   * long, so a load balancer stops sending before the server stops accepting. Default 5 s in
   * production, 0 elsewhere.
   */
  shutdownDelayMs: number;
  /**
   * HEADERS_TIMEOUT (seconds, default 30): a request whose headers have not all arrived this long
   * after it began is answered 408 and its connection closed, in a worker handed the connection too
   * (decision 055).
   */
  headersTimeoutMs?: number;
  /**
   * KEEP_ALIVE_TIMEOUT (seconds, default 5, Node's own): how long an idle keep-alive connection stays
   * open. Behind a proxy that keeps its connections to the server open longer, set above its idle
   * timeout, or the proxy may send a request on a connection the server is closing.
   */
  keepAliveTimeoutMs?: number;
  /** DATABASE_PREPARE=0 turns off per-connection prepared statements (a pooler that cannot keep them). */
  prepareStatements: boolean;
  authSecret: string;
  google: { clientId: string; clientSecret: string } | null;
  /** Tests only: a local OIDC server standing in for Google under the same provider id. */
  oauthTestIssuer: { discoveryUrl: string; clientId: string; clientSecret: string } | null;
  demoMode: boolean;
  logRequests: boolean;
  /** LOG_LEVEL (default info). */
  logLevel: LogLevel;
  /** LOG_FORMAT: json (default in production and tests) or pretty (default in development). */
  logFormat: LogFormat;
  /**
   * Prometheus metrics (decision 039): off unless METRICS_TOKEN (a bearer token for `/metrics` on
   * the main port) or METRICS_PORT (`/metrics` on a port of its own, and not on the main one) is set.
   */
  metrics: { token: string | null; port: number | null };
  /**
   * TRUST_PROXY=1: the server sits behind a reverse proxy that sets X-Forwarded-For, so the client
   * address (for rate limits) is read from it. Off: the socket address, which a client cannot forge.
   */
  trustProxy?: boolean;
  /**
   * API_TOKEN_RATE_LIMIT: requests a minute one API token may make (bursts up to the same number);
   * default 600 (decision 040).
   */
  apiTokenRatePerMinute?: number;
  /** Requests a minute one client may make to reference letter links (decision 065); default 60. */
  letterLinkRatePerMinute?: number;
  /** S3-compatible object storage (S3_BUCKET set); null: files on local disk under DATA_DIR/files. */
  s3: S3Settings | null;
  /** SMTP_URL, MAIL_FROM and MAIL=off (decisions 034, 054). */
  mail: MailConfig;
  /** Webhook delivery (decision 045). */
  webhooks: WebhookSettings;
}

export interface WebhookSettings {
  /**
   * WEBHOOKS_ALLOW_PRIVATE=1: endpoints may be on loopback and private networks and use http://
   * (tests, local development). Off unless set, in every environment. Link-local and cloud metadata
   * addresses stay refused even then.
   */
  allowPrivate: boolean;
  /**
   * WEBHOOKS_PORTS: the ports webhook URLs may use, comma-separated (default `443,80`), or `any`.
   */
  ports: number[] | 'any';
  /** WEBHOOKS_TIMEOUT (seconds, default 10): one attempt's whole request, connect to last byte read. */
  timeoutMs: number;
}

export interface S3Settings {
  bucket: string;
  /** Custom endpoint (MinIO, R2, …); null: AWS. */
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

/** A wrong or missing setting: the server prints the one line and stops. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number between 0 and 65535, got "${value}".`);
  }
  return port;
}

export const DEFAULT_API_TOKEN_RATE = 600;

function parseTokenRate(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_API_TOKEN_RATE;
  const rate = Number(value);
  if (!Number.isInteger(rate) || rate < 1 || rate > 1_000_000) {
    throw new ConfigError(
      `API_TOKEN_RATE_LIMIT must be a whole number of requests a minute, got "${value}".`,
    );
  }
  return rate;
}

/** Most workers WORKERS accepts: each holds its own pool of database connections. */
export const MAX_WORKERS = 64;

function parseWorkers(value: string | undefined, postgres: boolean): number {
  if (value === undefined || value === '') return postgres ? Math.min(availableParallelism(), 4) : 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS) {
    throw new ConfigError(`WORKERS must be a whole number from 1 to ${MAX_WORKERS}, got "${value}".`);
  }
  if (n > 1 && !postgres) {
    throw new ConfigError('WORKERS above 1 needs DATABASE_URL: the embedded database lives in one process.');
  }
  return n;
}

/** Longest SHUTDOWN_DELAY: an orchestrator gives a stopping server 30 s by default, drain included. */
export const MAX_SHUTDOWN_DELAY_SECONDS = 60;

function parseShutdownDelay(value: string | undefined, production: boolean): number {
  if (value === undefined || value === '') return production ? 5_000 : 0;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_SHUTDOWN_DELAY_SECONDS) {
    throw new ConfigError(
      `SHUTDOWN_DELAY must be a number of seconds from 0 to ${MAX_SHUTDOWN_DELAY_SECONDS}, got "${value}".`,
    );
  }
  return Math.round(seconds * 1000);
}

/** A PostgreSQL connection string, or null when unset. */
export function parseDatabaseUrl(name: string, value: string | undefined): string | null {
  if (!value) return null;
  if (!/^postgres(ql)?:\/\//.test(value)) {
    throw new ConfigError(`${name} must start with postgres:// or postgresql://.`);
  }
  return value;
}

/** Longest HEADERS_TIMEOUT: Node's own default; a client's headers are a few hundred bytes. */
export const MAX_HEADERS_TIMEOUT_SECONDS = 60;

/** Longest KEEP_ALIVE_TIMEOUT: above the idle timeouts of common load balancers (Google Cloud's: 600 s). */
export const MAX_KEEP_ALIVE_TIMEOUT_SECONDS = 900;

/** A timeout given in seconds (above 0, at most `maxSeconds`), in milliseconds; `defaultMs` when unset. */
function parseTimeout(
  name: string,
  value: string | undefined,
  defaultMs: number,
  maxSeconds: number,
): number {
  if (value === undefined || value === '') return defaultMs;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > maxSeconds) {
    throw new ConfigError(
      `${name} must be a number of seconds above 0 and at most ${maxSeconds}, got "${value}".`,
    );
  }
  return Math.round(seconds * 1000);
}

function parseUrl(name: string, value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return url.origin;
  } catch {
    throw new ConfigError(
      `${name} must be an http(s) URL such as https://apply.example.org, got "${value}".`,
    );
  }
}

/** In demo mode the auth secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function demoSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function parseS3(env: Env): S3Settings | null {
  const bucket = env.S3_BUCKET || '';
  if (!bucket) return null;
  const endpoint = env.S3_ENDPOINT ? parseUrl('S3_ENDPOINT', env.S3_ENDPOINT) : null;
  const accessKeyId = env.S3_ACCESS_KEY_ID || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || null;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.');
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  if (pathStyle !== undefined && !['0', '1', 'true', 'false', ''].includes(pathStyle)) {
    throw new ConfigError(`S3_FORCE_PATH_STYLE must be 0 or 1, got "${pathStyle}".`);
  }
  return {
    bucket,
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    // Custom endpoints (MinIO and most self-hosted stores) usually need path-style addressing.
    forcePathStyle: pathStyle ? pathStyle === '1' || pathStyle === 'true' : endpoint !== null,
  };
}

function parseLogging(env: Env, nodeEnv: string): { logLevel: LogLevel; logFormat: LogFormat } {
  const level = env.LOG_LEVEL || 'info';
  if (!logLevels.includes(level as LogLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${level}".`);
  }
  const format = env.LOG_FORMAT || (nodeEnv === 'development' ? 'pretty' : 'json');
  if (format !== 'json' && format !== 'pretty') {
    throw new ConfigError(`LOG_FORMAT must be json or pretty, got "${format}".`);
  }
  return { logLevel: level as LogLevel, logFormat: format };
}

function parseMetrics(env: Env, port: number): Config['metrics'] {
  const token = env.METRICS_TOKEN || null;
  if (token !== null && token.length < 16) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters long.');
  }
  let metricsPort: number | null = null;
  if (env.METRICS_PORT) {
    metricsPort = Number(env.METRICS_PORT);
    if (!Number.isInteger(metricsPort) || metricsPort < 1 || metricsPort > 65535) {
      throw new ConfigError(
        `METRICS_PORT must be a whole number between 1 and 65535, got "${env.METRICS_PORT}".`,
      );
    }
    if (metricsPort === port) throw new ConfigError('METRICS_PORT must differ from PORT.');
  }
  return { token, port: metricsPort };
}

/** Longest WEBHOOKS_TIMEOUT: a delivery job must finish well within its queue timeout (60 s). */
export const MAX_WEBHOOK_TIMEOUT_SECONDS = 30;

function parseWebhooks(env: Env): WebhookSettings {
  const allow = env.WEBHOOKS_ALLOW_PRIVATE;
  if (allow !== undefined && !['0', '1', ''].includes(allow)) {
    throw new ConfigError(`WEBHOOKS_ALLOW_PRIVATE must be 0 or 1, got "${allow}".`);
  }
  let timeoutMs = 10_000;
  if (env.WEBHOOKS_TIMEOUT) {
    const seconds = Number(env.WEBHOOKS_TIMEOUT);
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_WEBHOOK_TIMEOUT_SECONDS) {
      throw new ConfigError(
        `WEBHOOKS_TIMEOUT must be a number of seconds above 0 and at most ${MAX_WEBHOOK_TIMEOUT_SECONDS}, got "${env.WEBHOOKS_TIMEOUT}".`,
      );
    }
    timeoutMs = Math.round(seconds * 1000);
  }
  let ports: number[] | 'any' = [443, 80];
  const listed = env.WEBHOOKS_PORTS?.trim();
  if (listed === 'any') ports = 'any';
  else if (listed) {
    ports = listed.split(',').map((p) => Number(p.trim()));
    if (ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65_535))
      throw new ConfigError(
        `WEBHOOKS_PORTS must be ports (1–65535) separated by commas, or "any", got "${env.WEBHOOKS_PORTS}".`,
      );
  }
  return { allowPrivate: allow === '1', ports, timeoutMs };
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV || 'development';
  const production = nodeEnv === 'production';
  const port = parsePort(env.PORT);
  const host = env.HOST || (production ? '0.0.0.0' : '127.0.0.1');
  const publicUrl = parseUrl('PUBLIC_URL', env.PUBLIC_URL || `http://localhost:${port}`);
  const dataDir = path.resolve(env.DATA_DIR || './data');

  const databaseUrl = parseDatabaseUrl('DATABASE_URL', env.DATABASE_URL);
  const migrationDatabaseUrl = parseDatabaseUrl('MIGRATION_DATABASE_URL', env.MIGRATION_DATABASE_URL);
  if (migrationDatabaseUrl && !databaseUrl) {
    throw new ConfigError('MIGRATION_DATABASE_URL needs DATABASE_URL (the role the server connects as).');
  }
  if (env.DATABASE_PREPARE !== undefined && !['0', '1', ''].includes(env.DATABASE_PREPARE)) {
    throw new ConfigError(`DATABASE_PREPARE must be 0 or 1, got "${env.DATABASE_PREPARE}".`);
  }
  const prepareStatements = env.DATABASE_PREPARE !== '0';
  const workers = parseWorkers(env.WORKERS, databaseUrl !== null);
  const shutdownDelayMs = parseShutdownDelay(env.SHUTDOWN_DELAY, production);

  const clientId = env.GOOGLE_CLIENT_ID || '';
  const clientSecret = env.GOOGLE_CLIENT_SECRET || '';
  if (Boolean(clientId) !== Boolean(clientSecret)) {
    throw new ConfigError('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together.');
  }
  const google = clientId ? { clientId, clientSecret } : null;
  const issuer = env.OAUTH_TEST_ISSUER;
  if (issuer && production)
    throw new ConfigError('OAUTH_TEST_ISSUER is for tests only, never with NODE_ENV=production.');
  const oauthTestIssuer = issuer
    ? {
        discoveryUrl: `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
        clientId: env.OAUTH_TEST_CLIENT_ID || 'applyhub-test',
        clientSecret: env.OAUTH_TEST_CLIENT_SECRET || 'applyhub-test-secret',
      }
    : null;

  if (env.DEMO_MODE !== undefined && !['0', '1', ''].includes(env.DEMO_MODE)) {
    throw new ConfigError(`DEMO_MODE must be 0 or 1, got "${env.DEMO_MODE}".`);
  }
  if (production && env.DEMO_MODE === '1') {
    throw new ConfigError('DEMO_MODE=1 is not allowed when NODE_ENV=production.');
  }
  const demoMode =
    !production && env.DEMO_MODE !== '0' && (env.DEMO_MODE === '1' || (!google && !oauthTestIssuer));

  if (production && !google) {
    throw new ConfigError('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are required when NODE_ENV=production.');
  }
  let authSecret = env.BETTER_AUTH_SECRET || '';
  if (!authSecret) {
    if (production) throw new ConfigError('BETTER_AUTH_SECRET is required when NODE_ENV=production.');
    authSecret = demoSecret(dataDir);
  } else if (authSecret.length < 32) {
    throw new ConfigError('BETTER_AUTH_SECRET must be at least 32 characters long.');
  }
  if (!demoMode && !google && !oauthTestIssuer) {
    throw new ConfigError(
      'DEMO_MODE=0 needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: otherwise nobody can sign in.',
    );
  }

  let mail: MailConfig;
  try {
    mail = parseMailConfig(env, publicUrl, { production, demoMode });
  } catch (err) {
    throw err instanceof MailConfigError ? new ConfigError(err.message) : err;
  }

  return {
    s3: parseS3(env),
    mail,
    webhooks: parseWebhooks(env),
    nodeEnv,
    production,
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl,
    migrationDatabaseUrl,
    prepareStatements,
    workers,
    shutdownDelayMs,
    headersTimeoutMs: parseTimeout(
      'HEADERS_TIMEOUT',
      env.HEADERS_TIMEOUT,
      HEADERS_TIMEOUT_MS,
      MAX_HEADERS_TIMEOUT_SECONDS,
    ),
    keepAliveTimeoutMs: parseTimeout(
      'KEEP_ALIVE_TIMEOUT',
      env.KEEP_ALIVE_TIMEOUT,
      KEEP_ALIVE_TIMEOUT_MS,
      MAX_KEEP_ALIVE_TIMEOUT_SECONDS,
    ),
    authSecret,
    google,
    oauthTestIssuer,
    demoMode,
    logRequests: env.LOG_REQUESTS !== '0' && nodeEnv !== 'test',
    ...parseLogging(env, nodeEnv),
    metrics: parseMetrics(env, port),
    trustProxy: env.TRUST_PROXY === '1',
    apiTokenRatePerMinute: parseTokenRate(env.API_TOKEN_RATE_LIMIT),
  };
}
