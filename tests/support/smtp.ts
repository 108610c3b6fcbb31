import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it, parsed. */
export interface Received {
  envelopeTo: string[];
  mail: ParsedMail;
  raw: string;
}

/**
 * A real SMTP server for tests (smtp-server, messages parsed with mailparser). It can go down and
 * come back on the same port, and refuse chosen recipients with a permanent 550.
 */
export class TestSmtp {
  readonly received: Received[] = [];
  /** Recipients answered `550 No such user`. */
  readonly refuse = new Set<string>();
  /** Milliseconds between receiving a message and answering 250 (a slow server). */
  delayMs = 0;
  private server: SMTPServer | null = null;
  private waiters: { count: number; resolve: () => void }[] = [];
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Going down drops open (pooled) connections at once, as a crashed server would.
      closeTimeout: 50,
      size: 10 * 1024 * 1024,
      onRcptTo: (address, _session, callback) => {
        if (this.refuse.has(address.address.toLowerCase())) {
          const err = new Error('No such user here') as Error & { responseCode: number };
          err.responseCode = 550;
          return callback(err);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          try {
            const mail = await simpleParser(raw);
            this.received.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              mail,
              raw,
            });
            this.notify();
            if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
            callback();
          } catch (err) {
            callback(err as Error);
          }
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    server.on('error', () => {});
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Stops listening (connections refused) until {@link start} again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves once `count` messages in all have arrived (rejects after `ms`). */
  waitFor(count: number, ms = 20_000): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${this.received.length} of ${count} messages arrived within ${ms} ms`)),
        ms,
      );
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  to(address: string): Received[] {
    return this.received.filter((r) => r.envelopeTo.includes(address.toLowerCase()));
  }

  private notify() {
    this.waiters = this.waiters.filter((w) => {
      if (this.received.length < w.count) return true;
      w.resolve();
      return false;
    });
  }
}
