import path from 'node:path';
import type { Config } from '../config';
import { DiskStorage } from './disk';
import { S3Storage } from './s3';
import type { Storage } from './storage';

export { DiskStorage } from './disk';
export { S3Storage } from './s3';
export * from './storage';

/** S3 when S3_BUCKET is set, otherwise local disk under `<DATA_DIR>/files`. */
export function createStorage(config: Config): Storage {
  if (config.s3) return new S3Storage(config.s3);
  return new DiskStorage(path.join(config.dataDir, 'files'));
}
