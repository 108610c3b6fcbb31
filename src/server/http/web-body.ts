import type { Readable } from 'node:stream';

/**
 * How long a body waits for its reader to ask for the next chunk before it gives up: as long as an
 * export's transaction may wait on PostgreSQL (rows.ts), so a client that stalls cannot hold a download
 * slot (or, on PGlite, anything) for ever.
 */
export const READER_IDLE_MS = 10 * 60_000;

/**
 * A Node stream as a response body, read only when the response asks for a chunk (no queue of its
 * own: the reader's pace holds the producer back); cancelling it (the client went away, or never
 * read) destroys `body`, so its producer stops and frees what it holds (a download slot, a cursor), and
 * so does a reader that asks for nothing for `idleMs`.
 * Not `Readable.toWeb`: on Node 20 its adapter listens for 'data', and a stream resumed just as the
 * response is cancelled emits into the closed controller, an uncaught "Controller is already closed"
 * that stops the process. Nor `ReadableStream.from`: cancelled before its first read, it leaves the
 * stream running.
 */
export function webBody(body: Readable, idleMs = READER_IDLE_MS): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  let idle: NodeJS.Timeout | undefined;
  const waitForReader = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    idle = setTimeout(() => {
      // Destroyed without an error: one with no 'error' listener yet (never read) would be uncaught.
      body.destroy();
      controller.error(new Error(`The reader asked for nothing for ${idleMs} ms.`));
    }, idleMs);
    idle.unref();
  };
  return new ReadableStream<Uint8Array>(
    {
      start: waitForReader,
      async pull(controller) {
        clearTimeout(idle);
        const next = await chunks.next();
        if (next.done) return controller.close();
        controller.enqueue(next.value);
        waitForReader(controller);
      },
      cancel() {
        clearTimeout(idle);
        body.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
