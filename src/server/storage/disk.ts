import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertObjectPath,
  type Body,
  limited,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './storage';

/**
 * Files on local disk under `root` (default `<DATA_DIR>/files`). Writes go to a temporary file and are
 * renamed into place, so readers never see half a file. Content types live beside, under `.meta/`.
 */
export class DiskStorage implements Storage {
  readonly kind = 'disk' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute file of an object path, refusing anything that would land outside the root. */
  private resolve(objectPath: string, tree: 'objects' | 'meta' = 'objects'): string {
    assertObjectPath(objectPath);
    const base = tree === 'objects' ? this.root : path.join(this.root, '.meta');
    const full = path.resolve(base, tree === 'objects' ? objectPath : `${objectPath}.json`);
    if (!full.startsWith(base + path.sep)) throw new Error('Object path escapes the storage root.');
    return full;
  }

  async put(objectPath: string, body: Body, options: PutOptions): Promise<{ size: number }> {
    const target = this.resolve(objectPath);
    const meta = this.resolve(objectPath, 'meta');
    const tmpDir = path.join(this.root, '.tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    let size = 0;
    const counted = async function* (source: AsyncIterable<Uint8Array>) {
      for await (const chunk of source) {
        size += chunk.byteLength;
        yield chunk;
      }
    };
    try {
      await pipeline(
        Readable.from(counted(limited(body, options.maxBytes))),
        createWriteStream(tmp, { flags: 'wx' }),
      );
      await mkdir(path.dirname(target), { recursive: true });
      await mkdir(path.dirname(meta), { recursive: true });
      await writeFile(meta, JSON.stringify({ contentType: options.contentType, size }));
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return { size };
  }

  async get(objectPath: string): Promise<StoredObject | null> {
    const file = this.resolve(objectPath);
    let size: number;
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      size = s.size;
    } catch {
      return null;
    }
    let contentType = 'application/octet-stream';
    try {
      contentType =
        JSON.parse(await readFile(this.resolve(objectPath, 'meta'), 'utf8')).contentType ?? contentType;
    } catch {
      // No metadata: serve as bytes.
    }
    return { body: createReadStream(file), size, contentType };
  }

  async delete(objectPath: string): Promise<void> {
    await unlink(this.resolve(objectPath)).catch(() => {});
    await unlink(this.resolve(objectPath, 'meta')).catch(() => {});
  }

  async exists(objectPath: string): Promise<boolean> {
    try {
      return (await stat(this.resolve(objectPath))).isFile();
    } catch {
      return false;
    }
  }
}
