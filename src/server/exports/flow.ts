import type { Writable } from 'node:stream';

/** The reader went away (the download was cancelled): stop producing. */
export class Cancelled extends Error {}

/** Resolves when `target` wants more; rejects with Cancelled when it is closed first. */
export function room(target: Writable): Promise<void> {
  if (target.destroyed) return Promise.reject(new Cancelled());
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      target.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      target.off('drain', onDrain);
      reject(new Cancelled());
    };
    target.once('drain', onDrain);
    target.once('close', onClose);
  });
}

/**
 * Writes one chunk and waits while the reader is behind: the whole file is never in memory, only
 * what the network has not taken yet (a stream's high-water mark).
 */
export async function write(target: Writable, chunk: unknown): Promise<void> {
  if (target.destroyed) throw new Cancelled();
  if (!target.write(chunk)) await room(target);
}
