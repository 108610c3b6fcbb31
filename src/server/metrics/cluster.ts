import cluster from 'node:cluster';
import client from 'prom-client';

/**
 * With WORKERS > 1 a scrape reads every worker: the primary gathers and adds up their registries
 * (prom-client's AggregatorRegistry). A worker asked for `/metrics` on the main port asks the primary
 * for that aggregate over IPC.
 */

const ASK = 'applyhub:metrics';
interface MetricsAsk {
  type: typeof ASK;
  id: number;
}
interface MetricsAnswer {
  type: typeof ASK;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary: answers workers' asks; returns the aggregate, for a METRICS_PORT served here. */
export function aggregateWorkers(): () => Promise<string> {
  const aggregator = new client.AggregatorRegistry();
  const text = () => aggregator.clusterMetrics();
  cluster.on('message', (worker, m: MetricsAsk) => {
    if (m?.type !== ASK) return;
    const answer = (a: Omit<MetricsAnswer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ASK, id: m.id, ...a } satisfies MetricsAnswer);
    };
    text().then(
      (t) => answer({ text: t }),
      (err: Error) => answer({ error: err.message }),
    );
  });
  return text;
}

/** In a worker: offers `registry` to the primary's aggregate; returns how to ask for the aggregate. */
export function joinAggregate(registry: client.Registry): () => Promise<string> {
  client.AggregatorRegistry.setRegistries([registry]);
  new client.AggregatorRegistry(); // answers the primary's requests from this worker
  let asked = 0;
  const waiting = new Map<number, (a: MetricsAnswer) => void>();
  process.on('message', (m: MetricsAnswer) => {
    if (m?.type === ASK) waiting.get(m.id)?.(m);
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = ++asked;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the primary did not answer'));
      }, 6_000);
      waiting.set(id, (a) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (a.text !== undefined) resolve(a.text);
        else reject(new Error(a.error ?? 'no metrics'));
      });
      if (!process.connected) {
        waiting.get(id)?.({ type: ASK, id, error: 'no primary' });
        return;
      }
      process.send?.({ type: ASK, id } satisfies MetricsAsk);
    });
}
