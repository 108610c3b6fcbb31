import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';

/**
 * Migrate once per run. PGlite: dump the migrated data directory for every test file to load.
 * PostgreSQL (DATABASE_URL): a migrated template database each test file copies.
 */
export default async function setup(project: TestProject) {
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
    };
  }
  const database = await openPglite(null);
  await migrate(database);
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `applyhub-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
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
  }
}
