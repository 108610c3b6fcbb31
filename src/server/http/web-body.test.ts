import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { webBody } from './web-body';

/** A producer that writes `total` chunks as fast as the stream takes them, counting what it wrote. */
function producer(total: number) {
  const stream = new PassThrough({ highWaterMark: 1024 });
  const state = { written: 0, stream };
  const pump = () => {
    while (state.written < total && !stream.destroyed) {
      state.written++;
      if (!stream.write(Buffer.alloc(512, 1))) return void stream.once('drain', pump);
    }
    if (state.written >= total) stream.end();
  };
  pump();
  return state;
}

const tick = () => new Promise((r) => setImmediate(r));

describe('webBody', () => {
  it('passes every byte through, in order', async () => {
    const text = Array.from({ length: 1000 }, (_, i) => `line ${i}\n`).join('');
    const body = webBody(Readable.from([Buffer.from(text.slice(0, 3000)), Buffer.from(text.slice(3000))]));
    expect(await new Response(body).text()).toBe(text);
  });

  it('reads nothing ahead of the reader: an unread body holds its producer back', async () => {
    const p = producer(1000);
    const body = webBody(p.stream);
    for (let i = 0; i < 20; i++) await tick();
    const before = p.written;
    expect(before).toBeLessThan(10);
    const reader = body.getReader();
    await reader.read();
    for (let i = 0; i < 20; i++) await tick();
    expect(p.written).toBeLessThan(before + 10);
    await reader.cancel();
  });

  it('destroys the stream when cancelled, read or not', async () => {
    for (const readFirst of [false, true]) {
      const p = producer(1000);
      const reader = webBody(p.stream).getReader();
      if (readFirst) await reader.read();
      const closed = new Promise((resolve) => p.stream.once('close', resolve));
      await reader.cancel();
      await closed;
      expect(p.stream.destroyed).toBe(true);
    }
  });

  it('fails the body when the stream fails', async () => {
    const stream = new PassThrough();
    const body = webBody(stream);
    setImmediate(() => stream.destroy(new Error('disk gone')));
    await expect(new Response(body).text()).rejects.toThrow();
  });

  it('destroys the stream when its reader asks for nothing for idleMs, read or not', async () => {
    for (const readFirst of [false, true]) {
      const p = producer(1000);
      const reader = webBody(p.stream, 20).getReader();
      if (readFirst) await reader.read();
      const closed = new Promise((resolve) => p.stream.once('close', resolve));
      await closed;
      expect(p.stream.destroyed).toBe(true);
      await expect(reader.read()).rejects.toThrow('asked for nothing');
    }
  });

  it('keeps a body whose reader keeps reading, however long the whole takes', async () => {
    const p = producer(40);
    const reader = webBody(p.stream, 20).getReader();
    let bytes = 0;
    for (;;) {
      // Each read within the idle time; together far longer than it.
      await new Promise((r) => setTimeout(r, 5));
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
    }
    expect(bytes).toBe(40 * 512);
  });
});
