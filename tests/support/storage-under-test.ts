import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DiskStorage } from '../../src/server/storage';
import type { S3Storage } from '../../src/server/storage/s3';
import type { Storage } from '../../src/server/storage/storage';

/**
 * The file storage the file suite (tests/api/files-suite.ts) runs against: local disk
 * (files.test.ts) or a real S3-compatible server started inside the test (files-s3.test.ts).
 */
export interface StorageUnderTest {
  kind: 'disk' | 's3';
  start(): Promise<{ storage: Storage; stop(): Promise<void> }>;
}

export const diskStorage: StorageUnderTest = {
  kind: 'disk',
  async start() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-files-'));
    return { storage: new DiskStorage(dir), stop: async () => rmSync(dir, { recursive: true, force: true }) };
  },
};

let current: StorageUnderTest = diskStorage;

/** Chooses the storage of the suite imported after this call. */
export function chooseStorage(storage: StorageUnderTest): void {
  current = storage;
}

export function storageUnderTest(): StorageUnderTest {
  return current;
}

/** An s3rver (the `s3rver` package: S3's REST API on local disk) on a free port, with one bucket. */
export async function startS3rver(bucket = 'applyhub-test'): Promise<{
  endpoint: string;
  bucket: string;
  storage(bucketName?: string): S3Storage;
  stop(): Promise<void>;
}> {
  const { default: S3rver } = await import('s3rver');
  const { S3Storage } = await import('../../src/server/storage/s3');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let stopped = false;
  return {
    endpoint,
    bucket,
    storage: (bucketName = bucket) =>
      new S3Storage({
        bucket: bucketName,
        endpoint,
        region: 'us-east-1',
        // s3rver's built-in account
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The suite's storage as a real S3-compatible server. */
export const s3rverStorage: StorageUnderTest = {
  kind: 's3',
  async start() {
    const s3 = await startS3rver();
    return { storage: s3.storage(), stop: s3.stop };
  },
};
