import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskStorage } from './disk';
import { S3Storage } from './s3';
import { isValidObjectPath, type Storage, StorageLimitExceeded } from './storage';

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

/** A tiny fake of the S3 REST API (path-style PUT/GET/HEAD/DELETE object): the outside world, faked. */
class FakeS3 {
  objects = new Map<string, { body: Buffer; type: string }>();
  requests: string[] = [];
  server: Server = createServer((req, res) => void this.handle(req, res));
  url = '';

  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }

  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const key = decodeURIComponent(url.pathname.slice(1));
    this.requests.push(`${req.method} ${key}`);
    if (
      !req.headers.authorization?.startsWith('AWS4-HMAC-SHA256') &&
      !url.searchParams.has('X-Amz-Signature')
    ) {
      res.writeHead(403).end();
      return;
    }
    const notFound = () => {
      res.writeHead(404, { 'content-type': 'application/xml' });
      res.end(
        req.method === 'HEAD' ? undefined : '<?xml version="1.0"?><Error><Code>NoSuchKey</Code></Error>',
      );
    };
    if (req.method === 'PUT') {
      const parts: Buffer[] = [];
      try {
        for await (const c of req) parts.push(c as Buffer);
      } catch {
        return;
      }
      const body = Buffer.concat(parts);
      if (Number(req.headers['content-length']) !== body.length) {
        res.writeHead(400).end();
        return;
      }
      this.objects.set(key, { body, type: String(req.headers['content-type'] ?? 'binary/octet-stream') });
      res.writeHead(200, { etag: '"x"' }).end();
      return;
    }
    const obj = this.objects.get(key);
    if (req.method === 'DELETE') {
      this.objects.delete(key);
      res.writeHead(204).end();
      return;
    }
    if (!obj) return notFound();
    const headers = {
      'content-type': url.searchParams.get('response-content-type') ?? obj.type,
      'content-length': String(obj.body.length),
      ...(url.searchParams.get('response-content-disposition')
        ? { 'content-disposition': url.searchParams.get('response-content-disposition')! }
        : {}),
    };
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : obj.body);
  }
}

const fake = new FakeS3();
const s3 = () =>
  new S3Storage({
    bucket: 'applyhub',
    endpoint: fake.url,
    region: 'us-east-1',
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
    forcePathStyle: true,
  });

describe('S3Storage against a fake S3', () => {
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());

  contract('S3Storage', s3);

  it('addresses objects path-style in the bucket and presigns GETs with the file name', async () => {
    const storage = s3();
    await storage.put('profiles/u/profile/9_photo.png', chunks('png-bytes'), {
      contentType: 'image/png',
      maxBytes: 100,
      size: 9,
    });
    expect(fake.objects.get('applyhub/profiles/u/profile/9_photo.png')?.type).toBe('image/png');
    const url = await storage.presignGet('profiles/u/profile/9_photo.png', 600, {
      fileName: 'photo.png',
      contentType: 'image/png',
    });
    const parsed = new URL(url);
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe('600');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('png-bytes');
    expect(res.headers.get('content-disposition')).toContain('inline; filename="photo.png"');
  });
});
