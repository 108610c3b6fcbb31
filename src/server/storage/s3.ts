import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../config';
import { consoleLike, logger } from '../log/logger';
import { contentDisposition } from './disposition';
import {
  assertObjectPath,
  type Body,
  limited,
  type PutOptions,
  type Storage,
  StorageLimitExceeded,
  StorageUnavailable,
  type StoredObject,
} from './storage';

function notFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * An error of the SDK as StorageUnavailable, logged with the store's error name and status only (an
 * object key can hold a file name).
 */
function storageFault(err: unknown): unknown {
  if (err instanceof StorageUnavailable || err instanceof StorageLimitExceeded) return err;
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const reason = [e?.name, e?.code, e?.$metadata?.httpStatusCode].filter(Boolean).join(' ') || 'unknown';
  logger().warn({ component: 's3', reason }, 'file storage failed');
  return new StorageUnavailable(reason, { cause: err });
}

/** An S3-compatible bucket (AWS S3, MinIO, R2, …), chosen when S3_BUCKET is set. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // The SDK's own warnings go to our log.
      logger: { debug: () => {}, info: () => {}, ...consoleLike('s3') },
      // Plain bodies (no aws-chunked trailers): what every S3-compatible store accepts.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(objectPath: string, body: Body, options: PutOptions): Promise<{ size: number }> {
    assertObjectPath(objectPath);
    // The body's own failure (limit, a caller's check) wins over the SDK's wrapping of it, and ends
    // the request at once: a stream that fails half-way would otherwise leave it waiting for bytes.
    const abort = new AbortController();
    let sourceError: unknown = null;
    let size = 0;
    const source = async function* () {
      try {
        for await (const chunk of limited(body, options.maxBytes)) {
          size += chunk.byteLength;
          yield chunk;
        }
      } catch (err) {
        sourceError = err;
        abort.abort();
        throw err;
      }
    };
    let spooled: string | null = null;
    try {
      let length = options.size;
      let stream: Readable;
      if (length === undefined) {
        // Unknown length: spool to a temporary file (S3 needs the length up front), never to memory.
        spooled = path.join(tmpdir(), `applyhub-upload-${randomUUID()}`);
        await pipeline(Readable.from(source()), createWriteStream(spooled));
        length = size;
        stream = createReadStream(spooled);
      } else {
        stream = Readable.from(source());
      }
      // The failure is reported through sourceError; the stream's own 'error' must not go unheard.
      stream.on('error', () => {});
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: objectPath,
          Body: stream,
          ContentLength: length,
          ContentType: options.contentType,
        }),
        { abortSignal: abort.signal },
      );
      if (size !== length) throw new Error('The body ended before its declared length.');
      return { size };
    } catch (err) {
      throw sourceError ?? storageFault(err);
    } finally {
      if (spooled) await rm(spooled, { force: true });
    }
  }

  async get(objectPath: string): Promise<StoredObject | null> {
    assertObjectPath(objectPath);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectPath }));
      if (!out.Body) return null;
      return {
        body: out.Body as Readable,
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? 'application/octet-stream',
      };
    } catch (err) {
      if (notFound(err)) return null;
      throw storageFault(err);
    }
  }

  async delete(objectPath: string): Promise<void> {
    assertObjectPath(objectPath);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectPath })).catch((err) => {
      throw storageFault(err);
    });
  }

  async exists(objectPath: string): Promise<boolean> {
    assertObjectPath(objectPath);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectPath }));
      return true;
    } catch (err) {
      if (notFound(err)) return false;
      throw storageFault(err);
    }
  }

  presignGet(
    objectPath: string,
    seconds: number,
    options: { fileName: string; contentType: string },
  ): Promise<string> {
    assertObjectPath(objectPath);
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: objectPath,
        ResponseContentType: options.contentType,
        ResponseContentDisposition: contentDisposition(options.fileName),
        ResponseCacheControl: 'private, max-age=600',
      }),
      { expiresIn: seconds },
    );
  }
}
