import type { Readable } from 'node:stream';

/**
 * A Node stream as a response body, read only when the response asks for a chunk (no queue of its
 * own: the reader's pace holds the producer back); cancelling it (the client went away, or never
 * read) destroys `body`, so its producer stops and frees what it holds (a download slot, a cursor).
 * Not `Readable.toWeb`: on Node 20 its adapter listens for 'data', and a stream resumed just as the
 * response is cancelled emits into the closed controller, an uncaught "Controller is already closed"
 * that stops the process. Nor `ReadableStream.from`: cancelled before its first read, it leaves the
 * stream running.
 */
export function webBody(body: Readable): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel() {
        body.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
