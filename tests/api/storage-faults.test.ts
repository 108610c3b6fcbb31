import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/server/db/schema';
import { DiskStorage } from '../../src/server/storage';
import type { Body, PutOptions } from '../../src/server/storage/storage';
import { onboardedUser, PDF } from '../support/factory';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

/** The local disk, which can be made to fail as a read-only or full file system fails. */
class FailingDisk extends DiskStorage {
  fault: 'EROFS' | 'ENOSPC' | null = null;
  override async put(objectPath: string, body: Body, options: PutOptions) {
    if (this.fault) {
      const message = this.fault === 'EROFS' ? 'read-only file system' : 'no space left on device';
      throw Object.assign(new Error(`${this.fault}: ${message}, open '${objectPath}'`), { code: this.fault });
    }
    return super.put(objectPath, body, options);
  }
}

let t: TestApp;
let disk: FailingDisk;
let dir: string;
let cookie: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-storage-faults-'));
  disk = new FailingDisk(dir);
  t = await createTestApp({ storage: disk });
  ({ cookie } = await onboardedUser(t, 'storage.faults@example.test'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

function uploadResume() {
  return t.app.request(`${TEST_ORIGIN}/api/files?purpose=resume`, {
    method: 'POST',
    headers: {
      origin: TEST_ORIGIN,
      cookie,
      'content-type': 'application/pdf',
      'content-length': String(PDF.length),
      'x-file-name': 'cv.pdf',
    },
    body: new Uint8Array(PDF),
  });
}

describe('file storage faults', () => {
  it.each([
    ['EROFS', 503, 'unavailable'],
    ['ENOSPC', 507, 'insufficient_storage'],
  ] as const)('%s answers %i %s with a clear message and records nothing', async (fault, status, code) => {
    disk.fault = fault;
    try {
      const res = await uploadResume();
      expect(res.status).toBe(status);
      const body = await res.json();
      expect(body.error.code).toBe(code);
      expect(body.error.message).toMatch(/try again/);
      expect(body.error.message).not.toContain(fault);
      expect(await t.deps.db.select().from(files)).toEqual([]);
      const profile = await t.json('GET', '/api/me/profile', { as: cookie });
      expect(profile.body.resume_file).toBeNull();
    } finally {
      disk.fault = null;
    }
  });

  it('uploads again once the storage recovers', async () => {
    expect((await uploadResume()).status).toBe(200);
  });
});
