import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/server/db/schema';
import { DiskStorage } from '../../src/server/storage';
import type { S3Storage } from '../../src/server/storage/s3';
import type { Body, PutOptions, Storage } from '../../src/server/storage/storage';
import { onboardedUser, PDF } from '../support/factory';
import { startS3rver } from '../support/storage-under-test';
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

/** The app's S3 storage, pointed at whichever real bucket or server the test wants next. */
class SwitchableS3 implements Storage {
  readonly kind = 's3' as const;
  constructor(public target: S3Storage) {}
  put(p: string, body: Body, options: PutOptions) {
    return this.target.put(p, body, options);
  }
  get(p: string) {
    return this.target.get(p);
  }
  delete(p: string) {
    return this.target.delete(p);
  }
  exists(p: string) {
    return this.target.exists(p);
  }
  presignGet(p: string, seconds: number, options: { fileName: string; contentType: string }) {
    return this.target.presignGet(p, seconds, options);
  }
}

describe('S3 storage faults (a real S3-compatible server)', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let storage: SwitchableS3;
  let app: TestApp;
  let who: string;
  beforeAll(async () => {
    s3 = await startS3rver();
    storage = new SwitchableS3(s3.storage());
    app = await createTestApp({ storage });
    ({ cookie: who } = await onboardedUser(app, 's3.faults@example.test'));
  });
  afterAll(async () => {
    await app.close();
    await s3.stop();
  });

  const uploadCv = () =>
    app.app.request(`${TEST_ORIGIN}/api/files?purpose=resume`, {
      method: 'POST',
      headers: {
        origin: TEST_ORIGIN,
        cookie: who,
        'content-type': 'application/pdf',
        'content-length': String(PDF.length),
        'x-file-name': 'cv.pdf',
      },
      body: new Uint8Array(PDF),
    });

  async function expect503RecordingNothing() {
    const res = await uploadCv();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect((await res.json()).error).toEqual({
      code: 'unavailable',
      message: 'File storage cannot be reached at the moment. Nothing was saved; please try again later.',
    });
    expect(await app.deps.db.select().from(files)).toEqual([]);
    expect((await app.json('GET', '/api/me/profile', { as: who })).body.resume_file).toBeNull();
  }

  it('a missing bucket answers 503 and records nothing', async () => {
    storage.target = s3.storage('no-such-bucket');
    await expect503RecordingNothing();
  });

  it('a server that is down answers 503 and records nothing', async () => {
    const other = await startS3rver();
    storage.target = other.storage();
    await other.stop();
    await expect503RecordingNothing();
  });

  it('uploads, records and serves once the bucket is reachable again', async () => {
    storage.target = s3.storage();
    const res = await uploadCv();
    expect(res.status).toBe(200);
    const info = await res.json();
    expect(await app.deps.db.select().from(files)).toHaveLength(1);
    expect(await s3.storage().exists(info.filePath)).toBe(true);
  });
});
