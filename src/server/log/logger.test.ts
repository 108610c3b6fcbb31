import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CENSOR, createLogger, inRequest } from './logger';

/** A logger at info writing JSON lines into `lines`. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { log: createLogger({ level: 'info', destination }), lines };
}

describe('redaction of logged fields', () => {
  it('censors sensitive fields at the top level and one level down, and cookies in headers', () => {
    const { log, lines } = capture();
    log.info(
      {
        email: 'a@b.example',
        user: { id: 'u1', email: 'a@b.example', fullName: 'Ada L', nested: { email: 'deep stays' } },
        headers: { cookie: 'c=1', 'set-cookie': 's=1', accept: 'json' },
        req: { headers: { authorization: 'Bearer x', 'set-cookie': 's=2', host: 'h' } },
        list: [{ email: 'a@b.example' }],
        status: 200,
      },
      'line',
    );
    expect(lines[0]).toMatchObject({
      email: CENSOR,
      user: { id: 'u1', email: CENSOR, fullName: CENSOR },
      headers: { cookie: CENSOR, 'set-cookie': CENSOR, accept: 'json' },
      req: { headers: { authorization: CENSOR, 'set-cookie': CENSOR, host: 'h' } },
      status: 200,
    });
    // Two levels down is outside the list (as pino's `*.field` paths were), arrays are not walked.
    expect((lines[0].user as { nested: unknown }).nested).toEqual({ email: 'deep stays' });
  });

  it("never changes the caller's objects", () => {
    const user = { id: 'u1', email: 'a@b.example', headers: { cookie: 'c=1' } };
    const fields = { user, email: 'x@y.example' };
    const { log, lines } = capture();
    log.info(fields, 'line');
    expect(lines[0]).toMatchObject({ user: { email: CENSOR, headers: { cookie: CENSOR } }, email: CENSOR });
    expect(fields).toEqual({
      user: { id: 'u1', email: 'a@b.example', headers: { cookie: 'c=1' } },
      email: 'x@y.example',
    });
  });

  it('scrubs emails and tokens in top-level strings and the message, and leaves errors to their serializer', () => {
    const { log, lines } = capture();
    const err = Object.assign(new Error('mail to someone@x.example failed'), { code: 'EAUTH' });
    log.warn({ err, note: 'from ahp_abcdefghijkl via Bearer abc' }, 'for other@x.example');
    expect(lines[0]).toMatchObject({
      err: { type: 'Error', code: 'EAUTH', message: 'mail to [email] failed' },
      note: 'from [token] via [token]',
      msg: 'for [email]',
    });
  });

  it('keeps the request id and user on a line written inside a request', () => {
    const { log, lines } = capture();
    inRequest({ requestId: 'r-1', userId: 'u-1' }, () =>
      log.info({ route: '/api/x/{id}', status: 200 }, 'request'),
    );
    expect(lines[0]).toMatchObject({ req_id: 'r-1', user_id: 'u-1', route: '/api/x/{id}', status: 200 });
  });
});

describe('standard output', () => {
  it('is written asynchronously, and nothing queued is lost when the process exits at once', async () => {
    // A process that logs a burst (more than one write takes at once) and exits in the same tick: the
    // lines are still queued then, and only the flush at exit saves them.
    const script = `
      import { logger } from ${JSON.stringify(fileURLToPath(new URL('./logger.ts', import.meta.url)))};
      import pino from 'pino';
      const stream = logger()[pino.symbols.streamSym];
      for (let i = 0; i < 5000; i++) logger().info({ i }, 'burst ' + 'x'.repeat(200));
      process.stderr.write(JSON.stringify({ sync: stream.sync, queued: stream._len }));
      process.exit(0);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, LOG_LEVEL: 'info' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stderr)).toEqual({ sync: false, queued: expect.any(Number) });
    expect(JSON.parse(stderr).queued).toBeGreaterThan(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { i: number });
    expect(lines.map((l) => l.i)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
  });
});
