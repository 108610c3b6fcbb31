import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './lock';

describe('lockDataDir', () => {
  it('refuses a directory held by another live process, with a clear message', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      writeFileSync(path.join(dir, 'server.pid'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(/in use by another ApplyHub process/);
    } finally {
      other.kill();
    }
  });

  it('takes over a stale lock and releases it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-lock-'));
    writeFileSync(path.join(dir, 'server.pid'), '999999');
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'server.pid'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'server.pid'))).toBe(false);
  });
});
