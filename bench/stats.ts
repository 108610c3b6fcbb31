/** Numbers of the benches: percentiles, rounding, timing samples, closed loops. */

export interface Timing {
  p50Ms: number;
  p99Ms: number;
  n: number;
}

/** Nearest-rank percentile of an ascending array; NaN when it is empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/** A number of ms as printed in the tables: two decimals, `-` when there is none. */
export const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-');

export const sleep = (milliseconds: number) => new Promise((r) => setTimeout(r, milliseconds));

/** p50 and p99 (rounded to 0.01 ms) and the count of latency samples in ms. */
export function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50Ms: round(percentile(sorted, 50)), p99Ms: round(percentile(sorted, 99)), n: sorted.length };
}

/**
 * `workers` closed loops for `seconds`: each calls `step(worker)` again and again until the time is up.
 * Returns the time in ms of every step that resolved true (a step that failed resolves false).
 */
export async function closedLoop(
  workers: number,
  seconds: number,
  step: (worker: number) => Promise<boolean>,
): Promise<number[]> {
  const samples: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        if (await step(worker)) samples.push(performance.now() - t0);
      }
    }),
  );
  return samples;
}
