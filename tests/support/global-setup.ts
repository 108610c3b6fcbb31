import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';
import { checkLogs } from './log-check';

/**
 * Every API test process logs (requests on, level debug) into a directory of this run; after the run
 * the log is searched for what must never be logged: the demo users' emails, the answer every factory
 * application contains, API tokens and session cookies (issue 22). A leak fails the run.
 */
function logCheckAfterRun(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-api-logs-'));
  project.provide('apiLogDir', dir);
  return () => {
    const result = checkLogs(dir);
    rmSync(dir, { recursive: true, force: true });
    if (result.leaks.length > 0) {
      const shown = result.leaks.map((l) => `  ${l.needle} in: ${l.line}`).join('\n');
      process.exitCode = 1;
      throw new Error(`Personal data in the API tests' log output (${result.leaks.length}):\n${shown}`);
    }
    console.log(
      `API log check: ${result.lines} lines (${result.requestLines} requests, ${result.withUser} with a user), no personal data.`,
    );
  };
}

/**
 * Migrate once per run. PGlite: dump the migrated data directory for every test file to load.
 * PostgreSQL (DATABASE_URL): a migrated template database each test file copies.
 */
export default async function setup(project: TestProject) {
  const checkLogsAfterRun = logCheckAfterRun(project);
  const url = process.env.DATABASE_URL;
  if (url) {
    // One template per run, so two runs on one cluster do not trip over each other.
    const TEMPLATE_DB = `applyhub_test_template_${process.pid}`;
    project.provide('postgresTemplate', TEMPLATE_DB);
    const admin = await openPostgres(url, 1);
    await admin.pool!.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.pool!.query(`create database ${TEMPLATE_DB}`);
    await admin.close();
    const template = await openPostgres(withDatabase(url, TEMPLATE_DB), 1);
    await migrate(template);
    await template.close();
    return async () => {
      const dropper = await openPostgres(url, 1);
      await dropper.pool!.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
      await dropper.close();
      checkLogsAfterRun();
    };
  }
  const database = await openPglite(null);
  await migrate(database);
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `applyhub-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return checkLogsAfterRun;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    /** Where each API test process writes its log lines (checked after the run). */
    apiLogDir: string;
  }
}
