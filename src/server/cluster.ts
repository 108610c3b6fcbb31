import cluster, { type Worker } from 'node:cluster';
import { HandOff } from './http/hand-off';
import { type RateBudget, type TakeToken, tokenBuckets } from './http/rate-limit';
import { logger } from './log/logger';

/**
 * Several server processes on one port (WORKERS, decision 031). The primary prepares the database
 * once, accepts the connections and hands them to the workers (http/hand-off.ts, decision 046), keeps
 * the rate-limit budgets every worker shares, replaces a worker that fails and, on SIGTERM, keeps
 * serving for SHUTDOWN_DELAY with health answering 503, then lets each worker drain before it exits.
 */

const RATE = 'applyhub:rate';
interface RateAsk {
  type: typeof RATE;
  id: number;
  name: string;
  budget: RateBudget;
  key: string;
  now: number;
}
interface RateAnswer {
  type: typeof RATE;
  id: number;
  retryAfter: number | null;
}

/** This worker's place (0 … WORKERS − 1, taken over by its replacement); null outside a cluster. */
export function workerIndex(): number | null {
  return cluster.isWorker ? Number(process.env.APPLYHUB_WORKER_INDEX ?? 0) : null;
}

let asked = 0;
let listening = false;
/** Questions sent to the primary: how to answer each, from the primary or (without it) here. */
const waiting = new Map<number, { answer: (retryAfter: number | null) => void; alone: () => void }>();

/** In a worker: a rate budget kept by the primary, so a client's budget is the same on every worker. */
export function primaryBudget(name: string, budget: RateBudget): TakeToken {
  if (!listening) {
    listening = true;
    process.on('message', (m: RateAnswer) => {
      if (m?.type !== RATE) return;
      waiting.get(m.id)?.answer(m.retryAfter);
      waiting.delete(m.id);
    });
    process.on('disconnect', () => {
      for (const question of waiting.values()) question.alone();
      waiting.clear();
    });
  }
  // Without the primary (it is gone, the worker is stopping) this worker's own budget answers.
  const own = tokenBuckets(budget);
  return (key, now) =>
    new Promise((resolve) => {
      const id = ++asked;
      const alone = () => {
        waiting.delete(id);
        resolve(own(key, now));
      };
      waiting.set(id, { answer: resolve, alone });
      const ask: RateAsk = { type: RATE, id, name, budget, key, now };
      if (
        !process.connected ||
        process.send?.(ask, undefined, undefined, (err) => err && alone()) === undefined
      ) {
        alone();
      }
    });
}

/** What the primary tells its workers on SIGTERM: health answers 503 now; drain and exit now. */
const STOPPING = 'applyhub:stopping';
const DRAIN = 'applyhub:drain';

interface Commands {
  stopping: () => void;
  drain: () => void;
}

/**
 * In a worker: listens for the primary's shutdown commands at once, and returns how to act on them
 * (a command that came while the worker was starting is acted on then).
 */
export function followPrimary(): (commands: Commands) => void {
  const heard = new Set<string>();
  let act: Commands | null = null;
  const run = (type: string) => {
    if (type === STOPPING) act?.stopping();
    if (type === DRAIN) act?.drain();
  };
  process.on('message', (m: { type?: string }) => {
    if (m?.type !== STOPPING && m?.type !== DRAIN) return;
    heard.add(m.type);
    run(m.type);
  });
  return (commands) => {
    act = commands;
    for (const type of heard) run(type);
  };
}

/** Delay before a failed worker is replaced, so a worker that cannot start does not spin. */
const RESTART_DELAY_MS = 1_000;

export interface PrimaryOptions {
  count: number;
  port: number;
  host: string;
  /** After SIGTERM, how long health answers 503 while connections are still accepted and served. */
  shutdownDelayMs: number;
  /** How long each worker may take to answer what it holds. */
  drainMs: number;
  /** Migrations and seed, once, before anything is served. */
  prepare: () => Promise<void>;
}

/**
 * The primary: `prepare` once, listen, then `count` workers. Resolves once they are started; the
 * process exits when they have all stopped after SIGTERM or SIGINT.
 */
export async function runPrimary({
  count,
  port,
  host,
  shutdownDelayMs,
  drainMs,
  prepare,
}: PrimaryOptions): Promise<void> {
  await prepare();
  const handOff = new HandOff();
  await handOff.listen(port, host);
  const budgets = new Map<string, ReturnType<typeof tokenBuckets>>();
  const places = new Map<Worker, number>();
  let stopping = false;
  let failed = false;

  const fork = (index: number) => {
    const worker = cluster.fork({ APPLYHUB_WORKER_INDEX: String(index) });
    places.set(worker, index);
    handOff.add(worker);
    worker.on('message', (m: RateAsk) => {
      if (m?.type !== RATE) return;
      let take = budgets.get(m.name);
      if (!take) {
        take = tokenBuckets(m.budget);
        budgets.set(m.name, take);
      }
      const answer: RateAnswer = { type: RATE, id: m.id, retryAfter: take(m.key, m.now) };
      if (worker.isConnected()) worker.send(answer);
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const index = places.get(worker);
    places.delete(worker);
    handOff.remove(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      if (places.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    // A worker exits 0 only when told to stop (a signal to the whole process group, e.g. Ctrl-C).
    if (index === undefined || code === 0) return;
    logger().error(`Worker ${index} stopped (${signal ?? `exit code ${code}`}); starting another.`);
    setTimeout(() => {
      if (!stopping) fork(index);
    }, RESTART_DELAY_MS).unref();
  });

  const tell = (type: string) => {
    for (const worker of places.keys()) if (worker.isConnected()) worker.send({ type });
  };
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const delay = shutdownDelayMs ? ` (still serving for ${shutdownDelayMs / 1000} s)` : '';
    logger().info(`${signal}: stopping ${places.size} workers${delay}…`);
    if (places.size === 0) process.exit(0);
    setTimeout(() => process.exit(1), shutdownDelayMs + drainMs + 10_000).unref();
    tell(STOPPING);
    await new Promise((resolve) => setTimeout(resolve, shutdownDelayMs));
    // Nothing accepted is dropped: every connection goes to a worker before they are told to drain.
    await handOff.close();
    tell(DRAIN);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  for (let i = 0; i < count; i++) fork(i);
}
