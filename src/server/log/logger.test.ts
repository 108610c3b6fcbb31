import { Writable } from 'node:stream';
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
