import type { Readable } from 'node:stream';

/** Bytes to store: a web stream (a request body) or any async iterable of chunks. */
export type Body = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface PutOptions {
  contentType: string;
  /** Refuse (StorageLimitExceeded) once this many bytes have been read: the object is not stored. */
  maxBytes: number;
  /** The declared length, when known (S3 needs it to stream without buffering). */
  size?: number;
}

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/**
 * Object storage for uploaded files, keyed by paths that name no one (`profiles/<random id>.pdf`,
 * `applications/{applicationId}/{fieldId}/<random id>.mp3`: files/names.ts, decision 051); objects
 * stored earlier keep their spec-shaped paths (`profiles/{userId}/resume/…`).
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Stores the whole body or nothing (a failed or refused write leaves no object). */
  put(path: string, body: Body, options: PutOptions): Promise<{ size: number }>;
  get(path: string): Promise<StoredObject | null>;
  delete(path: string): Promise<void>;
  exists(path: string): Promise<boolean>;
  /** S3 only: a presigned GET the browser may follow for `seconds`. */
  presignGet?(
    path: string,
    seconds: number,
    options: { fileName: string; contentType: string },
  ): Promise<string>;
}

/** Thrown while storing when the body reaches the byte limit. */
export class StorageLimitExceeded extends Error {
  constructor(readonly limit: number) {
    super(`The body reached the ${limit}-byte limit.`);
  }
}

/**
 * The object store cannot serve now (unreachable, the bucket missing, credentials refused, a 5xx):
 * answered as 503 with nothing recorded. `reason` names the store's error (never the object's key).
 */
export class StorageUnavailable extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`File storage is unavailable (${reason}).`, options);
  }
}

/** A path that is not a plain relative object path. */
export class InvalidObjectPath extends Error {}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * Object paths are relative, '/'-separated, at most 8 segments of letters, digits, '.', '_' and '-',
 * none starting with a dot (so no '..', no hidden files, no backslashes, no absolute paths).
 */
export function isValidObjectPath(path: string): boolean {
  if (typeof path !== 'string' || path.length === 0 || path.length > 1024) return false;
  const segments = path.split('/');
  return segments.length <= 8 && segments.every((s) => SEGMENT.test(s) && !s.includes('..'));
}

export function assertObjectPath(path: string): void {
  if (!isValidObjectPath(path)) throw new InvalidObjectPath(`Invalid object path: ${JSON.stringify(path)}`);
}

function isWebStream(body: Body): body is ReadableStream<Uint8Array> {
  return typeof (body as ReadableStream).getReader === 'function';
}

/** Iterates the body's chunks, refusing once `maxBytes` is reached. */
export async function* limited(body: Body, maxBytes: number): AsyncGenerator<Uint8Array> {
  let total = 0;
  const source: AsyncIterable<Uint8Array> = isWebStream(body) ? iterateWeb(body) : body;
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total >= maxBytes) throw new StorageLimitExceeded(maxBytes);
    yield chunk;
  }
}

async function* iterateWeb(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value) yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
