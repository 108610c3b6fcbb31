import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PlanInput, planAssignments } from './assign-plan';

interface Instance {
  m: number;
  n: number;
  perApplication: number;
  cap: number | null;
  blocked: [number, number][];
  existing: [number, number][];
}

/** Random pools: up to 24 applications × 7 reviewers, random conflicts, existing assignments, caps. */
const instance = (opts: { maxM?: number; maxN?: number; capped?: boolean; conflicts?: boolean } = {}) =>
  fc
    .record({
      m: fc.integer({ min: 1, max: opts.maxM ?? 24 }),
      n: fc.integer({ min: 1, max: opts.maxN ?? 7 }),
      perApplication: fc.integer({ min: 1, max: 4 }),
      cap: opts.capped === false ? fc.constant(null) : fc.option(fc.integer({ min: 1, max: 8 })),
      blockRate: opts.conflicts === false ? fc.constant(0) : fc.double({ min: 0, max: 0.8, noNaN: true }),
      keepRate: fc.double({ min: 0, max: 0.3, noNaN: true }),
      seed: fc.integer(),
    })
    .map(({ m, n, perApplication, cap, blockRate, keepRate, seed }): Instance => {
      let x = seed >>> 0 || 1;
      const rand = () => {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        return (x >>> 0) / 2 ** 32;
      };
      const blocked: [number, number][] = [];
      const existing: [number, number][] = [];
      for (let a = 0; a < m; a++)
        for (let r = 0; r < n; r++) {
          const u = rand();
          if (u < blockRate) blocked.push([a, r]);
          else if (u < blockRate + keepRate) existing.push([a, r]);
        }
      return { m, n, perApplication, cap, blocked, existing };
    });

const run = (i: Instance) =>
  planAssignments({
    applications: i.m,
    reviewers: i.n,
    blocked: i.blocked,
    existing: i.existing,
    perApplication: i.perApplication,
    cap: i.cap,
  } satisfies PlanInput);

const key = (a: number, r: number) => `${a}:${r}`;

/** Reference maximum flow (Edmonds–Karp): the most new assignments any plan could make. */
function maxNewAssignments(i: Instance): number {
  const kept = new Set(i.existing.map(([a, r]) => key(a, r)));
  const blocked = new Set(i.blocked.map(([a, r]) => key(a, r)));
  const have = new Array(i.m).fill(0);
  const load = new Array(i.n).fill(0);
  for (const [a, r] of i.existing) {
    have[a]++;
    load[r]++;
  }
  const S = 0;
  const T = 1 + i.m + i.n;
  const size = T + 1;
  const cap = Array.from({ length: size }, () => new Array(size).fill(0));
  for (let a = 0; a < i.m; a++) {
    let free = 0;
    for (let r = 0; r < i.n; r++)
      if (!kept.has(key(a, r)) && !blocked.has(key(a, r))) {
        free++;
        cap[1 + a][1 + i.m + r] = 1;
      }
    cap[S][1 + a] = Math.max(0, Math.min(i.perApplication, have[a] + free) - have[a]);
  }
  for (let r = 0; r < i.n; r++) cap[1 + i.m + r][T] = i.cap === null ? i.m : Math.max(0, i.cap - load[r]);
  let flow = 0;
  for (;;) {
    const parent = new Array(size).fill(-1);
    parent[S] = S;
    const q = [S];
    while (q.length && parent[T] === -1) {
      const u = q.shift()!;
      for (let v = 0; v < size; v++)
        if (parent[v] === -1 && cap[u][v] > 0) {
          parent[v] = u;
          q.push(v);
        }
    }
    if (parent[T] === -1) return flow;
    for (let v = T; v !== S; v = parent[v]) {
      cap[parent[v]][v]--;
      cap[v][parent[v]]++;
    }
    flow++;
  }
}

/**
 * The decreasing-minimality certificate, checked independently of the planner: no reviewer s reaches
 * a reviewer t with load(t) ≤ load(s) − 2 (and room under the cap) by moving new assignments along
 * a chain of reviewers, or by dropping one and filling a short application elsewhere.
 */
function improvingPathExists(i: Instance, pairs: [number, number][], loads: number[], targets: number[]) {
  const state = new Map<string, 'blocked' | 'kept' | 'new'>();
  for (const [a, r] of i.blocked) state.set(key(a, r), 'blocked');
  for (const [a, r] of i.existing) state.set(key(a, r), 'kept');
  for (const [a, r] of pairs) state.set(key(a, r), 'new');
  const counts = new Array(i.m).fill(0);
  for (const [a] of [...i.existing, ...pairs]) counts[a]++;
  const free = (a: number, r: number) => !state.has(key(a, r));
  const roomFor = (t: number) => i.cap === null || loads[t] < i.cap;
  const short = [...Array(i.m).keys()].filter((a) => counts[a] < targets[a]);
  for (let s = 0; s < i.n; s++) {
    const reached = new Set([s]);
    const queue = [s];
    let hub = false;
    while (queue.length) {
      const r = queue.shift()!;
      const moves = pairs.filter(([, pr]) => pr === r).map(([a]) => a);
      for (const a of moves)
        for (let r2 = 0; r2 < i.n; r2++)
          if (!reached.has(r2) && free(a, r2)) {
            reached.add(r2);
            queue.push(r2);
          }
      if (!hub && moves.length && short.length) {
        hub = true;
        for (const a of short)
          for (let r2 = 0; r2 < i.n; r2++)
            if (!reached.has(r2) && free(a, r2)) {
              reached.add(r2);
              queue.push(r2);
            }
      }
    }
    for (const t of reached) if (t !== s && loads[t] <= loads[s] - 2 && roomFor(t)) return true;
  }
  return false;
}

describe('automatic assignment (property tests)', () => {
  it('never assigns a blocked pair, keeps every existing pair, respects caps and N', () => {
    fc.assert(
      fc.property(instance(), (i) => {
        const plan = run(i);
        const blocked = new Set(i.blocked.map(([a, r]) => key(a, r)));
        const kept = new Set(i.existing.map(([a, r]) => key(a, r)));
        const seen = new Set<string>();
        const existingLoad = new Array(i.n).fill(0);
        const existingCount = new Array(i.m).fill(0);
        for (const [a, r] of i.existing) {
          existingLoad[r]++;
          existingCount[a]++;
        }
        for (const [a, r] of plan.pairs) {
          expect(blocked.has(key(a, r))).toBe(false);
          expect(kept.has(key(a, r))).toBe(false);
          expect(seen.has(key(a, r))).toBe(false);
          seen.add(key(a, r));
        }
        const loads = new Array(i.n).fill(0);
        const counts = new Array(i.m).fill(0);
        for (const [a, r] of [...i.existing, ...plan.pairs]) {
          loads[r]++;
          counts[a]++;
        }
        expect(plan.loads).toEqual(loads);
        expect(plan.counts).toEqual(counts);
        for (let r = 0; r < i.n; r++)
          if (i.cap !== null) expect(loads[r]).toBeLessThanOrEqual(Math.max(i.cap, existingLoad[r]));
        for (let a = 0; a < i.m; a++)
          expect(counts[a]).toBeLessThanOrEqual(Math.max(i.perApplication, existingCount[a]));
      }),
      { numRuns: 300 },
    );
  });

  it('gives every application min(N, eligible) reviewers when no cap binds', () => {
    fc.assert(
      fc.property(instance({ capped: false }), (i) => {
        const plan = run(i);
        const blocked = new Set(i.blocked.map(([a, r]) => key(a, r)));
        for (let a = 0; a < i.m; a++) {
          let eligible = 0;
          for (let r = 0; r < i.n; r++) if (!blocked.has(key(a, r))) eligible++;
          const existing = i.existing.filter(([ea]) => ea === a).length;
          expect(plan.counts[a]).toBe(Math.max(existing, Math.min(i.perApplication, eligible)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('makes as many assignments as any plan could (maximum flow), caps included', () => {
    fc.assert(
      fc.property(fc.oneof(instance(), instance({ maxM: 6, maxN: 4 })), (i) => {
        expect(run(i).pairs.length).toBe(maxNewAssignments(i));
      }),
      { numRuns: 1000 },
    );
  });

  it('fills a place the greedy pass cannot, by moving another assignment (tight caps)', () => {
    // Found by searching: greedy alone makes 3 of the 4 possible assignments here.
    const i: Instance = {
      m: 4,
      n: 4,
      perApplication: 1,
      cap: 1,
      blocked: [
        [0, 1],
        [0, 2],
        [1, 0],
        [1, 1],
        [2, 1],
        [2, 3],
        [3, 0],
        [3, 3],
      ],
      existing: [],
    };
    expect(maxNewAssignments(i)).toBe(4);
    expect(run(i).pairs.length).toBe(4);
  });

  it('balances loads within one when there is no cap, conflict or earlier assignment', () => {
    fc.assert(
      fc.property(instance({ capped: false, conflicts: false, maxM: 60, maxN: 12 }), (i) => {
        const plan = run({ ...i, existing: [] });
        expect(Math.max(...plan.loads) - Math.min(...plan.loads)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves no improving path: loads are as even as conflicts and caps allow (decreasingly minimal)', () => {
    fc.assert(
      fc.property(instance(), (i) => {
        const plan = run(i);
        expect(improvingPathExists(i, plan.pairs, plan.loads, plan.targets)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('matches a brute-force search for the most even loads on tiny pools', () => {
    fc.assert(
      fc.property(instance({ maxM: 4, maxN: 3 }), (i) => {
        const plan = run(i);
        const best = bruteForce(i);
        expect(plan.pairs.length).toBe(best.count);
        expect([...plan.loads].sort((a, b) => b - a)).toEqual(best.loads);
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic: the same pool gives the same plan', () => {
    fc.assert(
      fc.property(instance(), (i) => {
        expect(run(i)).toEqual(run(i));
      }),
      { numRuns: 50 },
    );
  });

  it('plans 10,000 applications × 50 reviewers with 2% conflicts (the bench size) correctly', () => {
    const m = 10_000;
    const n = 50;
    let x = 12345;
    const rand = () => {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      return x / 2 ** 31;
    };
    const blocked: [number, number][] = [];
    for (let a = 0; a < m; a++) for (let r = 0; r < n; r++) if (rand() < 0.02) blocked.push([a, r]);
    const plan = planAssignments({ applications: m, reviewers: n, blocked, existing: [], perApplication: 2 });
    expect(plan.pairs.length).toBe(2 * m);
    expect(Math.max(...plan.loads) - Math.min(...plan.loads)).toBeLessThanOrEqual(1);
    const blockedSet = new Set(blocked.map(([a, r]) => a * n + r));
    expect(plan.pairs.some(([a, r]) => blockedSet.has(a * n + r))).toBe(false);
  });
});

/** Every plan on a tiny pool: the most new assignments, then the lexicographically smallest sorted loads. */
function bruteForce(i: Instance): { count: number; loads: number[] } {
  const blocked = new Set(i.blocked.map(([a, r]) => key(a, r)));
  const kept = new Set(i.existing.map(([a, r]) => key(a, r)));
  const baseLoad = new Array(i.n).fill(0);
  const have = new Array(i.m).fill(0);
  for (const [a, r] of i.existing) {
    baseLoad[r]++;
    have[a]++;
  }
  const options: number[][][] = [];
  for (let a = 0; a < i.m; a++) {
    const free = [...Array(i.n).keys()].filter((r) => !blocked.has(key(a, r)) && !kept.has(key(a, r)));
    const room = Math.max(0, i.perApplication - have[a]);
    const subsets: number[][] = [];
    for (let mask = 0; mask < 1 << free.length; mask++) {
      const set = free.filter((_, j) => mask & (1 << j));
      if (set.length <= room) subsets.push(set);
    }
    options.push(subsets);
  }
  let best: { count: number; loads: number[] } = { count: -1, loads: [] };
  const better = (count: number, loads: number[]) => {
    if (count !== best.count) return count > best.count;
    for (let k = 0; k < loads.length; k++) if (loads[k] !== best.loads[k]) return loads[k] < best.loads[k];
    return false;
  };
  const load = [...baseLoad];
  const walk = (a: number, count: number) => {
    if (a === i.m) {
      const sorted = [...load].sort((x, y) => y - x);
      if (better(count, sorted)) best = { count, loads: sorted };
      return;
    }
    for (const set of options[a]) {
      if (i.cap !== null && set.some((r) => load[r] + 1 > Math.max(i.cap!, baseLoad[r]) || load[r] >= i.cap!))
        continue;
      for (const r of set) load[r]++;
      walk(a + 1, count + set.length);
      for (const r of set) load[r]--;
    }
  };
  walk(0, 0);
  return best;
}
