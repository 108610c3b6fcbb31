import path from 'node:path';
import type { Config } from '../config';
import { DiskStorage } from './disk';
import type { Storage } from './storage';

export { DiskStorage } from './disk';
export * from './storage';

/**
 * S3 when S3_BUCKET is set, otherwise local disk under `<DATA_DIR>/files`. The AWS SDK (~25 MB of
 * resident memory) is loaded only when S3 is configured.
 */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.s3) {
    const { S3Storage } = await import('./s3');
    return new S3Storage(config.s3);
  }
  return new DiskStorage(path.join(config.dataDir, 'files'));
}
