import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = path.join(os.tmpdir(), `applyhub-config-test-${process.pid}`);
const secret = 's'.repeat(40);

describe('loadConfig', () => {
  it('runs in demo mode with no configuration', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.demoMode).toBe(true);
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.prepareStatements).toBe(true);
    expect(config.workers).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_PREPARE: '0' }).prepareStatements).toBe(false);
    expect(config.authSecret.length).toBeGreaterThan(20);
    // The generated secret is kept, so sessions survive a restart.
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(config.authSecret);
  });

  it('turns demo mode off with Google credentials or DEMO_MODE=0', () => {
    const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', DATA_DIR: dataDir };
    expect(loadConfig(google).demoMode).toBe(false);
    expect(loadConfig({ ...google, DEMO_MODE: '0' }).demoMode).toBe(false);
  });

  it('runs one worker per CPU (at most 4) on PostgreSQL unless WORKERS says otherwise', () => {
    const postgres = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://x/y' };
    expect(loadConfig(postgres).workers).toBe(Math.min(os.availableParallelism(), 4));
    expect(loadConfig({ ...postgres, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ DATA_DIR: dataDir, WORKERS: '1' }).workers).toBe(1);
  });

  it('keeps serving SHUTDOWN_DELAY seconds after SIGTERM: 5 s in production, none elsewhere', () => {
    const prod = {
      NODE_ENV: 'production',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      BETTER_AUTH_SECRET: secret,
      SMTP_URL: 'smtp://mail.example.org:587',
    };
    expect(loadConfig(prod).shutdownDelayMs).toBe(5_000);
    expect(loadConfig({ DATA_DIR: dataDir }).shutdownDelayMs).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, SHUTDOWN_DELAY: '1.5' }).shutdownDelayMs).toBe(1_500);
    expect(loadConfig({ ...prod, SHUTDOWN_DELAY: '0' }).shutdownDelayMs).toBe(0);
  });

  it("keeps idle connections KEEP_ALIVE_TIMEOUT seconds (Node's 5 s unless set) and HEADERS_TIMEOUT for headers", () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      keepAliveTimeoutMs: 5_000,
      headersTimeoutMs: 30_000,
    });
    expect(loadConfig({ DATA_DIR: dataDir, KEEP_ALIVE_TIMEOUT: '65', HEADERS_TIMEOUT: '2.5' })).toMatchObject(
      {
        keepAliveTimeoutMs: 65_000,
        headersTimeoutMs: 2_500,
      },
    );
  });

  it('never has demo mode in production', () => {
    const prod = {
      NODE_ENV: 'production',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      BETTER_AUTH_SECRET: secret,
      DATABASE_URL: 'postgres://x/y',
      MAIL: 'off',
    };
    expect(loadConfig(prod).demoMode).toBe(false);
    expect(() => loadConfig({ ...prod, DEMO_MODE: '1' })).toThrow(ConfigError);
  });

  it('mail (issue 33 item 8): production needs SMTP_URL or MAIL=off; outside demo mode no SMTP_URL is off', () => {
    const prod = {
      NODE_ENV: 'production',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      BETTER_AUTH_SECRET: secret,
    };
    expect(() => loadConfig(prod)).toThrow(
      'SMTP_URL is required when NODE_ENV=production; set MAIL=off to run without sending any email.',
    );
    expect(loadConfig({ ...prod, MAIL: 'off' }).mail.off).toBe(true);
    const smtp = loadConfig({ ...prod, SMTP_URL: 'smtps://u:p@mail.example.org:465' }).mail;
    expect(smtp.off).toBe(false);
    expect(smtp.smtpUrl).toBe('smtps://u:p@mail.example.org:465');
    // MAIL=off wins over SMTP_URL (mail turned off for a while without losing the setting).
    expect(loadConfig({ ...prod, SMTP_URL: 'smtp://mail.example.org', MAIL: 'off' }).mail.off).toBe(true);
    // Demo mode: the built-in mailbox, not off.
    expect(loadConfig({ DATA_DIR: dataDir }).mail.off).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, MAIL: 'off' }).mail.off).toBe(true);
    // Outside demo mode without SMTP_URL (development with Google): off, never recorded as sent.
    const google = { DATA_DIR: dataDir, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig(google).mail.off).toBe(true);
    expect(loadConfig({ ...google, SMTP_URL: 'smtp://mail.example.org' }).mail.off).toBe(false);
  });

  it.each([
    [{ MAIL: 'on' }, /MAIL must be off/],
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ DATABASE_PREPARE: 'off' }, /DATABASE_PREPARE must be 0 or 1/],
    [{ MIGRATION_DATABASE_URL: 'postgres://owner@x/y' }, /MIGRATION_DATABASE_URL needs DATABASE_URL/],
    [{ MIGRATION_DATABASE_URL: 'mysql://x', DATABASE_URL: 'postgres://x/y' }, /MIGRATION_DATABASE_URL must/],
    [{ SHUTDOWN_DELAY: '-1' }, /SHUTDOWN_DELAY must be a number of seconds/],
    [{ SHUTDOWN_DELAY: '5s' }, /SHUTDOWN_DELAY must be a number of seconds/],
    [{ SHUTDOWN_DELAY: '61' }, /SHUTDOWN_DELAY must be a number of seconds/],
    [{ HEADERS_TIMEOUT: '0' }, /HEADERS_TIMEOUT must be a number of seconds/],
    [{ HEADERS_TIMEOUT: '61' }, /HEADERS_TIMEOUT must be a number of seconds/],
    [{ KEEP_ALIVE_TIMEOUT: '0' }, /KEEP_ALIVE_TIMEOUT must be a number of seconds above 0 and at most 900/],
    [{ KEEP_ALIVE_TIMEOUT: '65s' }, /KEEP_ALIVE_TIMEOUT must be a number of seconds/],
    [{ KEEP_ALIVE_TIMEOUT: '901' }, /KEEP_ALIVE_TIMEOUT must be a number of seconds/],
    [{ WORKERS: '0', DATABASE_URL: 'postgres://x/y' }, /WORKERS must be a whole number/],
    [{ WORKERS: '1.5', DATABASE_URL: 'postgres://x/y' }, /WORKERS must be a whole number/],
    [{ WORKERS: '2' }, /WORKERS above 1 needs DATABASE_URL/],
    [{ GOOGLE_CLIENT_ID: 'only-id' }, /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/],
    [{ DEMO_MODE: 'yes' }, /DEMO_MODE/],
    [{ DEMO_MODE: '0' }, /nobody can sign in/],
    [{ BETTER_AUTH_SECRET: 'short' }, /at least 32/],
    [{ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret }, /GOOGLE_CLIENT_ID/],
    [{ NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'i', GOOGLE_CLIENT_SECRET: 's' }, /BETTER_AUTH_SECRET/],
    [{ NODE_ENV: 'production', OAUTH_TEST_ISSUER: 'http://127.0.0.1:1' }, /tests only/],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(message);
  });
});

describe('loadConfig: S3 storage', () => {
  it('uses local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).s3).toBeNull();
  });

  it('reads the S3 settings, path-style by default with a custom endpoint', () => {
    const s3 = loadConfig({
      DATA_DIR: dataDir,
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).s3;
    expect(s3).toEqual({
      bucket: 'files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'b', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      endpoint: null,
      region: 'eu-west-1',
      forcePathStyle: false,
    });
  });

  it('refuses half the credentials, a bad endpoint or a bad path-style flag', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      ConfigError,
    );
  });
});

describe('logging and metrics settings', () => {
  it('logs readable lines in development, JSON otherwise, at LOG_LEVEL', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ logFormat: 'pretty', logLevel: 'info' });
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: 'json', LOG_LEVEL: 'debug' })).toMatchObject({
      logFormat: 'json',
      logLevel: 'debug',
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: 'xml' })).toThrow(ConfigError);
  });

  it('keeps metrics off unless METRICS_TOKEN or METRICS_PORT is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).metrics).toEqual({ token: null, port: null });
    const token = 't'.repeat(24);
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: token }).metrics).toEqual({ token, port: null });
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_PORT: '9464' }).metrics).toEqual({
      token: null,
      port: 9464,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_PORT: 'x' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_PORT: '3000' })).toThrow(ConfigError);
  });

  it('reads the API token rate limit (decision 040)', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).apiTokenRatePerMinute).toBe(600);
    expect(loadConfig({ DATA_DIR: dataDir, API_TOKEN_RATE_LIMIT: '60' }).apiTokenRatePerMinute).toBe(60);
    expect(() => loadConfig({ DATA_DIR: dataDir, API_TOKEN_RATE_LIMIT: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, API_TOKEN_RATE_LIMIT: 'lots' })).toThrow(ConfigError);
  });

  it('keeps webhooks off private networks unless WEBHOOKS_ALLOW_PRIVATE=1; bounds WEBHOOKS_TIMEOUT', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).webhooks).toEqual({
      allowPrivate: false,
      ports: [443, 80],
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOKS_TIMEOUT: '2.5' }).webhooks,
    ).toEqual({ allowPrivate: true, ports: [443, 80], timeoutMs: 2_500 });
    expect(loadConfig({ DATA_DIR: dataDir, WEBHOOKS_PORTS: '443, 8443' }).webhooks.ports).toEqual([
      443, 8443,
    ]);
    expect(loadConfig({ DATA_DIR: dataDir, WEBHOOKS_PORTS: 'any' }).webhooks.ports).toBe('any');
    for (const bad of ['0', '443,x', '70000', ','])
      expect(() => loadConfig({ DATA_DIR: dataDir, WEBHOOKS_PORTS: bad })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, WEBHOOKS_ALLOW_PRIVATE: 'yes' })).toThrow(ConfigError);
    for (const bad of ['0', '-1', '31', 'ten'])
      expect(() => loadConfig({ DATA_DIR: dataDir, WEBHOOKS_TIMEOUT: bad })).toThrow(ConfigError);
  });
});
