import type { Worker } from 'node:cluster';
import type { Server } from 'node:http';
import net from 'node:net';
import { closeListener } from './shutdown';

/**
 * Connections from a cluster's primary to its workers (decision 046), in place of node:cluster's own
 * round robin, which drops connections in two ways: a connection handed to a worker that dies before
 * taking it stays open in the primary (its client waits until it gives up), and connections queued in
 * the primary are destroyed when the workers close their servers (a SIGTERM resets them).
 *
 * Here the primary accepts each connection (paused, so nothing is read) and hands it to a worker that
 * is free, one at a time per worker, keeping its own copy until the worker says it has taken it. A
 * worker that dies first gives the connection back to the queue for another worker. Closing stops
 * accepting and resolves once every accepted connection is in a worker's hands.
 */

const READY = 'applyhub:ready';
const CONNECTION = 'applyhub:connection';
const TAKEN = 'applyhub:taken';

interface Message {
  type?: string;
  id?: number;
}

export class HandOff {
  private readonly server = net.createServer({ pauseOnConnect: true }, (socket) => this.accept(socket));
  private readonly queue: net.Socket[] = [];
  /** Workers ready for a connection, in the order they became so. */
  private readonly free = new Set<Worker>();
  /** The connection each worker has been handed and not yet taken. */
  private readonly handed = new Map<Worker, { id: number; socket: net.Socket }>();
  private lastId = 0;
  private closing = false;
  private settled: (() => void)[] = [];

  listen(port: number, host: string): Promise<net.AddressInfo> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => resolve(this.server.address() as net.AddressInfo));
    });
  }

  /** A new worker: it takes connections once it says its server is ready. */
  add(worker: Worker): void {
    worker.on('message', (m: Message) => {
      if (m?.type === READY) {
        this.free.add(worker);
      } else if (m?.type === TAKEN) {
        const handed = this.handed.get(worker);
        if (!handed || handed.id !== m.id) return;
        this.handed.delete(worker);
        handed.socket.destroy(); // the primary's copy only: the worker holds the connection now
        this.free.add(worker);
      } else return;
      this.pump();
    });
  }

  /** A worker that exited: what it was handed and had not taken goes to another worker. */
  remove(worker: Worker): void {
    this.free.delete(worker);
    const handed = this.handed.get(worker);
    this.handed.delete(worker);
    if (handed) this.queue.unshift(handed.socket);
    this.pump();
  }

  /**
   * Stops accepting (once no connection has come for a moment: closeListener); resolves once every
   * connection accepted has been taken by a worker.
   */
  async close(): Promise<void> {
    await closeListener(this.server);
    this.closing = true;
    return new Promise((resolve) => {
      this.settled.push(resolve);
      this.pump();
    });
  }

  private accept(socket: net.Socket): void {
    socket.on('error', () => {}); // a client that goes away while queued
    this.queue.push(socket);
    this.pump();
  }

  private pump(): void {
    while (this.queue.length > 0 && this.free.size > 0) {
      const socket = this.queue.shift() as net.Socket;
      if (socket.destroyed) continue;
      const [worker] = this.free;
      this.free.delete(worker);
      const id = ++this.lastId;
      this.handed.set(worker, { id, socket });
      worker.send({ type: CONNECTION, id }, socket, { keepOpen: true }, (err) => {
        // Not sent (the worker is going away): back to the queue, unless its exit did that already.
        if (err && this.handed.get(worker)?.id === id) this.remove(worker);
      });
    }
    if (this.closing && this.queue.length === 0 && this.handed.size === 0) {
      for (const resolve of this.settled.splice(0)) resolve();
    }
  }
}

/** In a worker: takes the connections the primary hands over, and says when it is ready for them. */
export function takeConnections(server: Server): void {
  // Node starts checking its request time limits (headersTimeout, requestTimeout) when a server
  // starts listening; this one never does (it is handed its connections), so it is told it did.
  // Without that, a client that never finishes its headers would keep its connection for good.
  server.emit('listening');
  process.on('message', (m: Message, socket?: net.Socket) => {
    if (m?.type !== CONNECTION) return;
    process.send?.({ type: TAKEN, id: m.id });
    if (!socket) return;
    server.emit('connection', socket);
    socket.resume();
  });
  process.send?.({ type: READY });
}
