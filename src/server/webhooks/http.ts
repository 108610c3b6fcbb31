import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_EXCERPT_BYTES, webhookMessages } from '../../shared/domain/webhooks';
import { addressAllowed, portAllowed, unmapped } from './address';

/** What one attempt gave. `refused`: stopped before connecting (an address no retry will change). */
export interface AttemptResult {
  ok: boolean;
  status: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
  refused: boolean;
}

export interface PostOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  /** The ports a webhook may use (WEBHOOKS_PORTS). */
  ports: readonly number[] | 'any';
  /** Name resolution (default: the system resolver, every address). */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

const systemResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/** A refusal that happens before any connection (bad address, name that does not resolve to one allowed). */
class Refused extends Error {}

/**
 * The address to connect to for `hostname`: an IP literal as is, a name through the resolver. Every
 * address the name resolves to must be allowed (one refused address refuses the name), so a name
 * cannot mix a public and a private answer; the connection then goes to the checked address itself,
 * never through a second resolution (a DNS rebind between check and connect cannot slip through).
 */
async function checkedAddress(
  hostname: string,
  options: PostOptions,
): Promise<{ address: string; family: 4 | 6 }> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  const found = literal
    ? [{ address: bare, family: literal }]
    : await (options.resolve ?? systemResolve)(bare).catch(() => {
        throw new Error(`The name ${bare} could not be resolved.`);
      });
  if (found.length === 0) throw new Error(`The name ${bare} could not be resolved.`);
  const bad = found.find((a) => !addressAllowed(a.address, options.allowPrivate));
  if (bad) {
    const shown = literal ? bare : `${bare} (${unmapped(bad.address)})`;
    throw new Refused(`Refused: ${shown}. ${webhookMessages.privateAddress}`);
  }
  return { address: found[0].address, family: found[0].family === 6 ? 6 : 4 };
}

/** A `lookup` that answers only the address already checked, whatever it is asked. */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (opts?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

/** The first bytes of an answer as text (invalid UTF-8 replaced), at most {@link WEBHOOK_EXCERPT_BYTES}. */
export function excerptOf(bytes: Buffer): string {
  let text = bytes.subarray(0, WEBHOOK_EXCERPT_BYTES).toString('utf8');
  // A character cut at the limit decodes as U+FFFD: drop it rather than keep half a character.
  while (Buffer.byteLength(text) > WEBHOOK_EXCERPT_BYTES) text = text.slice(0, -1);
  return text.replace(/\uFFFD$/, '');
}

/**
 * POSTs one signed webhook (decision 045): the address is checked after resolution and connected to
 * directly; the whole attempt (connect, send, answer) is bounded by `timeoutMs`; redirects are not
 * followed (a 3xx is a failed attempt); only the first kilobyte of the answer is read and kept.
 * Never throws: the outcome is in the result.
 */
export async function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<AttemptResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const fail = (error: string, refused = false, status: number | null = null): AttemptResult => ({
    ok: false,
    status,
    durationMs: took(),
    excerpt: null,
    error,
    refused,
  });

  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return fail(webhookMessages.urlInvalid, true);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowPrivate))
    return fail(webhookMessages.httpsOnly, true);
  if (!portAllowed(url, options.ports)) return fail(webhookMessages.portNotAllowed, true);

  const deadline = AbortSignal.timeout(options.timeoutMs);
  let pinned: { address: string; family: 4 | 6 };
  try {
    pinned = await Promise.race([
      checkedAddress(url.hostname, options),
      new Promise<never>((_, reject) =>
        deadline.addEventListener('abort', () => reject(new Error('timeout')), { once: true }),
      ),
    ]);
  } catch (err) {
    if (err instanceof Refused) return fail(err.message, true);
    const message = err instanceof Error ? err.message : String(err);
    return fail(message === 'timeout' ? timeoutText(options.timeoutMs) : message);
  }

  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'ApplyHub-Webhooks/1.0',
        },
        lookup: pinnedLookup(pinned.address, pinned.family),
        // One connection per attempt: nothing pooled outlives the check it was made under.
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const excerpt = size > 0 ? excerptOf(Buffer.concat(chunks)) : null;
          const ok = status >= 200 && status < 300;
          let error: string | null = null;
          if (status >= 300 && status < 400)
            error = `Answered ${status}: redirects are not followed${res.headers.location ? ` (to ${String(res.headers.location).slice(0, 200)})` : ''}.`;
          else if (!ok) error = `Answered ${status}.`;
          finish({ ok, status, durationMs: took(), excerpt, error, refused: false });
        };
        res.on('data', (chunk: Buffer) => {
          if (size < WEBHOOK_EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
          // Enough kept: the rest is never read.
          if (size >= WEBHOOK_EXCERPT_BYTES) done();
        });
        res.on('end', done);
        res.on('error', () => done());
      },
    );
    const timer = setTimeout(() => finish(fail(timeoutText(options.timeoutMs))), options.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => finish(fail(connectionError(err))));
    req.end(body);
  });
}

const timeoutText = (ms: number) => `No answer within ${ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`}.`;

function connectionError(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'Connection refused.';
    case 'ECONNRESET':
      return 'The connection was reset.';
    case 'ENOTFOUND':
      return 'The name could not be resolved.';
    default:
      return err.code ? `Connection failed (${err.code}).` : `Connection failed: ${err.message}`;
  }
}
