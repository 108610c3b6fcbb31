import net from 'node:net';

export type ProxyMode = 'pass' | 'refuse' | 'blackhole';

/**
 * A TCP proxy in front of PostgreSQL that can fail the way networks fail, without root:
 * `cut()` drops every open connection, 'refuse' closes new ones at once (an outage),
 * 'blackhole' accepts and forwards nothing (a hung network), `delayMs` slows every chunk.
 */
export class FaultProxy {
  mode: ProxyMode = 'pass';
  delayMs = 0;
  /** Chunks forwarded from the server to PostgreSQL (a sign that queries are running). */
  forwarded = 0;
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
    server: net.Server,
  ) {
    this.server = server;
  }

  static async start(target: { host: string; port: number }): Promise<FaultProxy> {
    let proxy!: FaultProxy;
    const server = net.createServer((client) => proxy.accept(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = new FaultProxy(target, (server.address() as net.AddressInfo).port, server);
    return proxy;
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
  }

  private accept(client: net.Socket) {
    this.track(client);
    if (this.mode === 'refuse') {
      client.destroy();
      return;
    }
    if (this.mode === 'blackhole') return; // held open, nothing answers
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    const pipe = (from: net.Socket, to: net.Socket, count: boolean) => {
      from.on('data', (chunk) => {
        if (this.mode === 'blackhole') return;
        if (count) this.forwarded++;
        if (this.delayMs > 0) setTimeout(() => to.write(chunk), this.delayMs);
        else to.write(chunk);
      });
      from.on('close', () => to.destroy());
    };
    pipe(client, upstream, true);
    pipe(upstream, client, false);
  }

  /** Drops every open connection (both sides), as a network failure or a database restart does. */
  cut() {
    for (const socket of this.sockets) socket.destroy();
  }

  async close() {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
