/**
 * Reads the `change` events of a Server-Sent Events response until `until` matches one (bounded). With
 * `orClosed`, the server closing the stream also ends the wait (its periodic recheck closes a stream whose
 * rights changed, which a slow run can reach before the awaited event).
 */
export async function changesUntil(
  res: Response,
  until: (data: Record<string, unknown>) => boolean,
  { orClosed = false } = {},
) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: Record<string, unknown>[] = [];
  let buffer = '';
  const deadline = Date.now() + 10_000;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<'timeout'>((resolve) =>
          setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now())),
        ),
      ]);
      if (chunk === 'timeout') break;
      if (chunk.done) {
        if (orClosed) return events;
        break;
      }
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!block.includes('event: change')) continue;
        const data = JSON.parse(
          block
            .split('\n')
            .find((l) => l.startsWith('data: '))!
            .slice(6),
        );
        events.push(data);
        if (until(data)) return events;
      }
    }
    throw new Error(`the awaited event never came; heard ${JSON.stringify(events)}`);
  } finally {
    await reader.cancel().catch(() => {});
  }
}
