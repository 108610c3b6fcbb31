import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver } from '../../../tests/support/storage-under-test';
import { DiskStorage } from './disk';
import { isValidObjectPath, type Storage, StorageLimitExceeded, StorageUnavailable } from './storage';

async function* chunks(...parts: (string | Uint8Array)[]) {
  for (const p of parts) yield typeof p === 'string' ? new TextEncoder().encode(p) : p;
}

async function* failing(message: string) {
  yield new TextEncoder().encode('partial');
  throw new Error(message);
}

async function readAll(s: NodeJS.ReadableStream): Promise<string> {
  const out: Buffer[] = [];
  for await (const c of s) out.push(Buffer.from(c as Buffer));
  return Buffer.concat(out).toString('utf8');
}

describe('isValidObjectPath', () => {
  it('accepts the spec paths', () => {
    expect(isValidObjectPath('profiles/u1/resume/1700000000000_resume.pdf')).toBe(true);
    expect(isValidObjectPath('applications/a-1/q_file/17_take_2.mp3')).toBe(true);
  });

  it('refuses traversal, absolute, hidden, empty and odd paths', () => {
    for (const p of [
      '',
      '..',
      '../x',
      'a/../b',
      'a/./b',
      '/etc/passwd',
      'a//b',
      'a/b/',
      'a\\b',
      '.env',
      'a/.meta/b',
      'a/b..c',
      'a/b c',
      'a/%2e%2e/b',
      'a/b\u0000',
      `${'a/'.repeat(8)}b`,
    ])
      expect(isValidObjectPath(p), JSON.stringify(p)).toBe(false);
  });
});

/** The behaviour every Storage must have. */
function contract(name: string, make: () => Storage) {
  describe(name, () => {
    let storage: Storage;
    beforeAll(() => {
      storage = make();
    });

    it('puts, gets (with size and type), checks and deletes an object', async () => {
      const p = 'profiles/u1/resume/1_resume.txt';
      expect(await storage.exists(p)).toBe(false);
      expect(await storage.get(p)).toBeNull();
      const { size } = await storage.put(p, chunks('hello ', 'world'), {
        contentType: 'text/plain',
        maxBytes: 100,
        size: 11,
      });
      expect(size).toBe(11);
      expect(await storage.exists(p)).toBe(true);
      const got = await storage.get(p);
      expect(got).not.toBeNull();
      expect(got!.size).toBe(11);
      expect(got!.contentType).toBe('text/plain');
      expect(await readAll(got!.body)).toBe('hello world');
      await storage.delete(p);
      expect(await storage.exists(p)).toBe(false);
      await storage.delete(p); // deleting twice is fine
    });

    it('stores bodies of unknown length', async () => {
      const p = 'applications/a1/q/2_x.bin';
      const { size } = await storage.put(p, chunks('abc', new Uint8Array(1000)), {
        contentType: 'application/pdf',
        maxBytes: 10_000,
      });
      expect(size).toBe(1003);
      expect((await storage.get(p))!.size).toBe(1003);
    });

    it('refuses a body that reaches the limit, leaving nothing behind', async () => {
      const p = 'profiles/u1/profile/3_big.bin';
      await expect(
        storage.put(p, chunks('12345', '67890'), { contentType: 'text/plain', maxBytes: 10 }),
      ).rejects.toBeInstanceOf(StorageLimitExceeded);
      expect(await storage.exists(p)).toBe(false);
    });

    it("passes on the body's own failure and stores nothing", async () => {
      const p = 'profiles/u1/profile/4_fail.bin';
      await expect(
        storage.put(p, failing('bad bytes'), { contentType: 'text/plain', maxBytes: 100 }),
      ).rejects.toThrow('bad bytes');
      expect(await storage.exists(p)).toBe(false);
    });

    it('refuses invalid paths', async () => {
      await expect(
        storage.put('../escape', chunks('x'), { contentType: 'text/plain', maxBytes: 10 }),
      ).rejects.toThrow();
      await expect(storage.get('a/../../b')).rejects.toThrow();
    });
  });
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

contract('DiskStorage', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-storage-'));
  dirs.push(dir);
  return new DiskStorage(dir);
});

describe('DiskStorage layout', () => {
  it('keeps objects under the root and leaves no temporary files', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-storage-'));
    dirs.push(dir);
    const storage = new DiskStorage(dir);
    await storage.put('profiles/u/resume/1_resume.pdf', chunks('%PDF'), {
      contentType: 'application/pdf',
      maxBytes: 100,
    });
    await storage
      .put('profiles/u/resume/2_resume.pdf', chunks('%PDF-too-long'), {
        contentType: 'application/pdf',
        maxBytes: 5,
      })
      .catch(() => {});
    expect(readdirSync(path.join(dir, 'profiles/u/resume'))).toEqual(['1_resume.pdf']);
    expect(readdirSync(path.join(dir, '.tmp'))).toEqual([]);
  });
});

/** S3's REST API served by s3rver (a real S3-compatible server on local disk), started here. */
let s3rver: Awaited<ReturnType<typeof startS3rver>>;

describe('S3Storage against s3rver', () => {
  beforeAll(async () => {
    s3rver = await startS3rver('applyhub');
  });
  afterAll(() => s3rver.stop());

  contract('S3Storage', () => s3rver.storage());

  it('addresses objects path-style in the bucket and presigns GETs with the file name', async () => {
    const storage = s3rver.storage();
    await storage.put('profiles/u/profile/9_photo.png', chunks('png-bytes'), {
      contentType: 'image/png',
      maxBytes: 100,
      size: 9,
    });
    const url = await storage.presignGet('profiles/u/profile/9_photo.png', 600, {
      fileName: 'photo.png',
      contentType: 'image/png',
    });
    const parsed = new URL(url);
    expect(parsed.origin).toBe(s3rver.endpoint);
    expect(parsed.pathname).toBe('/applyhub/profiles/u/profile/9_photo.png');
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe('600');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('png-bytes');
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toContain('inline; filename="photo.png"');
  });

  it('ends the request at once when the body fails half-way (known length), storing nothing', async () => {
    const storage = s3rver.storage();
    const p = 'profiles/u1/profile/5_half.bin';
    await expect(
      storage.put(p, failing('checked: not text'), { contentType: 'text/plain', maxBytes: 100, size: 50 }),
    ).rejects.toThrow('checked: not text');
    expect(await storage.exists(p)).toBe(false);
  });

  it('reports a missing bucket or an unreachable server as StorageUnavailable', async () => {
    const missing = s3rver.storage('no-such-bucket');
    const put = missing.put('a/b', chunks('x'), { contentType: 'text/plain', maxBytes: 10, size: 1 });
    await expect(put).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(put).rejects.toThrow(/NoSuchBucket/);
    const down = await startS3rver('gone');
    const gone = down.storage();
    await down.stop();
    await expect(
      gone.put('a/b', chunks('x'), { contentType: 'text/plain', maxBytes: 10, size: 1 }),
    ).rejects.toBeInstanceOf(StorageUnavailable);
    await expect(gone.get('a/b')).rejects.toBeInstanceOf(StorageUnavailable);
  });
});
