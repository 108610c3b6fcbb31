import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { initPglite } from './pglite-initdb';

describe('initPglite: a new embedded database is created in a child process', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('creates the cluster, which the server then opens and uses', async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'applyhub-initdb-'));
    const dir = path.join(root, 'db');
    mkdirSync(dir);
    await initPglite(dir, { postgresqlconf: ['shared_buffers=16MB'] });
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    const database = await openPglite(root);
    try {
      const { rows } = await database.pglite!.query<{ n: number }>('select 1 as n');
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('leaves an existing cluster alone', async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'applyhub-initdb-'));
    writeFileSync(path.join(root, 'PG_VERSION'), '17\n');
    await initPglite(root, {});
    expect(existsSync(path.join(root, 'base'))).toBe(false);
  });

  it('says where it failed when the directory cannot be used', async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'applyhub-initdb-'));
    const blocked = path.join(root, 'a-file');
    writeFileSync(blocked, '');
    await expect(initPglite(path.join(blocked, 'db'), {})).rejects.toThrow(
      `Could not create the embedded database in ${path.join(blocked, 'db')}:`,
    );
  }, 60_000);
});
