import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers one request: a status, a redirect, or never (the sender must time out). */
export type Answer = number | { redirect: string } | 'hang';

/**
 * A real HTTP server standing in for an organization's webhook endpoint: it records every request
 * (headers and raw body) and answers each path by its plan (the next answer planned, else 200).
 */
export class WebhookReceiver {
  private server: Server | null = null;
  readonly received: Received[] = [];
  private readonly plans = new Map<string, Answer[]>();
  /** Answers for a path that never run out (an endpoint that is down). */
  private readonly always = new Map<string, Answer>();

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const answer = this.plans.get(path)?.shift() ?? this.always.get(path) ?? 200;
        if (answer === 'hang') return;
        if (typeof answer === 'object') {
          res.writeHead(302, { location: answer.redirect }).end();
          return;
        }
        res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : `error ${answer}`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  url(path: string, host = '127.0.0.1'): string {
    return `http://${host}:${this.port}${path}`;
  }

  /** The next answers to requests on `path`, in order. */
  plan(path: string, ...answers: Answer[]): void {
    this.plans.set(path, [...(this.plans.get(path) ?? []), ...answers]);
  }

  /** Every request on `path` gets this answer (null: back to the plan, then 200). */
  answerAlways(path: string, answer: Answer | null): void {
    if (answer === null) this.always.delete(path);
    else this.always.set(path, answer);
  }

  on(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}
