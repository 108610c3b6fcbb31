/**
 * Reads the `change` events of a Server-Sent Events response, wait by wait, on one reader: `until`
 * returns the events heard since the last wait, up to the first that matches (bounded). With `orClosed`,
 * the server closing the stream also ends the wait (its periodic recheck closes a stream whose rights
 * changed, which a slow run can reach before the awaited event).
 */
export function changeReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let closed = false;
  // Events already parsed but not yet returned by a wait.
  const queued: Record<string, unknown>[] = [];

  async function until(match: (data: Record<string, unknown>) => boolean, { orClosed = false } = {}) {
    const events: Record<string, unknown>[] = [];
    const deadline = Date.now() + 10_000;
    for (;;) {
      while (queued.length > 0) {
        const data = queued.shift()!;
        events.push(data);
        if (match(data)) return events;
      }
      if (closed) {
        if (orClosed) return events;
        break;
      }
      if (Date.now() >= deadline) break;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<'timeout'>((resolve) =>
          setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now())),
        ),
      ]);
      if (chunk === 'timeout') break;
      if (chunk.done) {
        closed = true;
        continue;
      }
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!block.includes('event: change')) continue;
        const line = block.split('\n').find((l) => l.startsWith('data: '))!;
        queued.push(JSON.parse(line.slice(6)));
      }
    }
    throw new Error(`the awaited event never came; heard ${JSON.stringify(events)}`);
  }

  return { until, close: () => reader.cancel().catch(() => {}) };
}

/** The `change` events of a response up to the first that `until` matches; then stops reading. */
export async function changesUntil(
  res: Response,
  until: (data: Record<string, unknown>) => boolean,
  options: { orClosed?: boolean } = {},
) {
  const stream = changeReader(res);
  try {
    return await stream.until(until, options);
  } finally {
    await stream.close();
  }
}
