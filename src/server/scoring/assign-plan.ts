/**
 * Automatic assignment (decision 036): a pure function, no database. Every application gets up to
 * `perApplication` reviewers from the pool, never a blocked pair (conflict, or the applicant
 * themselves), existing assignments are kept, no reviewer goes over `cap`, and the reviewers' loads
 * are as even as the blocked pairs and caps allow:
 *
 * 1. greedy: the applications with the fewest eligible reviewers first, each to its least-loaded
 *    eligible reviewers;
 * 2. augmenting paths: an application left short because its eligible reviewers are full takes a
 *    place freed by moving another new assignment along a chain of reviewers to one with room
 *    (maximum flow: as many assignments as the caps allow);
 * 3. improving paths: while some reviewer with load L reaches a reviewer with load ≤ L − 2 along a
 *    chain of movable (new) assignments, move one along it. When none is left the load vector is
 *    decreasingly minimal (Frank & Murota): the largest load is as small as possible, then the next…,
 *    which means loads within one of each other whenever blocked pairs and caps do not force more.
 *    (A path that drops an assignment so a short application can take a place elsewhere is never
 *    needed after step 2: it would be an augmenting path, and step 2 left none.)
 */

/** Pair states: free and eligible, blocked (conflict or the applicant), kept (existing), new. */
export const FREE = 0;
export const BLOCKED = 1;
export const KEPT = 2;
export const NEW = 3;

export interface PlanInput {
  applications: number;
  reviewers: number;
  /** Pairs [application, reviewer] that may not be assigned. */
  blocked: Iterable<readonly [number, number]>;
  /** Pairs already assigned (kept as they are, counted in loads). */
  existing: Iterable<readonly [number, number]>;
  /** Assignments an application already has that count toward N but belong to no pool reviewer. */
  extraExisting?: ArrayLike<number>;
  perApplication: number;
  /** Most assignments a reviewer may hold in all (existing included); null or undefined: no cap. */
  cap?: number | null;
}

export interface Plan {
  /** New pairs [application, reviewer], by application then reviewer. */
  pairs: [number, number][];
  /** Each reviewer's load after the plan (existing + new). */
  loads: number[];
  /** Each application's number of reviewers after the plan. */
  counts: number[];
  /** Each application's target: min(perApplication, what it has + its free eligible reviewers). */
  targets: number[];
}

export function planAssignments(input: PlanInput): Plan {
  const m = input.applications;
  const n = input.reviewers;
  const cap = input.cap ?? Number.POSITIVE_INFINITY;
  const state = new Uint8Array(m * n);
  const load = new Int32Array(n);
  const have = new Int32Array(m);
  for (const [a, r] of input.blocked) state[a * n + r] = BLOCKED;
  for (const [a, r] of input.existing) {
    if (state[a * n + r] === KEPT) continue;
    state[a * n + r] = KEPT;
    load[r]++;
    have[a]++;
  }
  if (input.extraExisting) for (let a = 0; a < m; a++) have[a] += input.extraExisting[a] ?? 0;

  // Targets and the order: fewest free eligible reviewers first (counting sort, stable by index).
  const free = new Int32Array(m);
  const target = new Int32Array(m);
  const unmet = new Int32Array(m);
  for (let a = 0; a < m; a++) {
    let f = 0;
    for (let r = 0; r < n; r++) if (state[a * n + r] === FREE) f++;
    free[a] = f;
    target[a] = Math.max(have[a], Math.min(input.perApplication, have[a] + f));
  }
  const buckets: number[][] = Array.from({ length: n + 1 }, () => []);
  for (let a = 0; a < m; a++) buckets[free[a]].push(a);

  // Each reviewer's new (movable) assignments, with O(1) removal.
  const mine: number[][] = Array.from({ length: n }, () => []);
  const slot = new Int32Array(m * n);
  const addNew = (a: number, r: number) => {
    state[a * n + r] = NEW;
    slot[a * n + r] = mine[r].length;
    mine[r].push(a);
    load[r]++;
    have[a]++;
  };
  const removeNew = (a: number, r: number) => {
    const key = a * n + r;
    const i = slot[key];
    const list = mine[r];
    const last = list[list.length - 1];
    list[i] = last;
    slot[last * n + r] = i;
    list.pop();
    state[key] = FREE;
    load[r]--;
    have[a]--;
  };

  // 1. Greedy.
  const candidates: number[] = [];
  for (const bucket of buckets)
    for (const a of bucket) {
      let need = target[a] - have[a];
      if (need <= 0) continue;
      candidates.length = 0;
      for (let r = 0; r < n; r++) if (state[a * n + r] === FREE && load[r] < cap) candidates.push(r);
      // Least loaded first; among equals, a rotation by application so ties spread evenly.
      const turn = (r: number) => (r - (a % n) + n) % n;
      candidates.sort((x, y) => load[x] - load[y] || turn(x) - turn(y));
      for (const r of candidates) {
        if (need === 0) break;
        if (load[r] >= cap) continue;
        addNew(a, r);
        need--;
      }
      unmet[a] = need;
    }

  // Reviewer paths: prev[r] is the reviewer r takes an assignment from, via[r] that application.
  const prev = new Int32Array(n).fill(-1);
  const via = new Int32Array(n);
  const seen = new Uint8Array(n);
  const queue = new Int32Array(n);

  /** Breadth-first from `sources` over moves of new assignments; the first reviewer `accept`s, or -1. */
  function search(sources: number[], accept: (r: number) => boolean): number {
    seen.fill(0);
    let head = 0;
    let tail = 0;
    const visit = (r2: number, from: number, a: number) => {
      seen[r2] = 1;
      prev[r2] = from;
      via[r2] = a;
      queue[tail++] = r2;
    };
    for (const s of sources) visit(s, -1, -1);
    while (head < tail) {
      const r = queue[head++];
      if (prev[r] !== -1 && accept(r)) return r;
      const list = mine[r];
      for (let i = 0; i < list.length && tail < n; i++) {
        const a = list[i];
        for (let r2 = 0; r2 < n; r2++) if (!seen[r2] && state[a * n + r2] === FREE) visit(r2, r, a);
      }
    }
    return -1;
  }

  /** Moves one assignment along each step of the path ending at `t`, from its end back to its start. */
  function apply(t: number) {
    for (let cur = t; prev[cur] !== -1; cur = prev[cur]) {
      removeNew(via[cur], prev[cur]);
      addNew(via[cur], cur);
    }
  }

  // 2. Augmenting paths for short applications whose eligible reviewers are all full.
  if (Number.isFinite(cap))
    for (let a = 0; a < m; a++)
      while (unmet[a] > 0) {
        const sources: number[] = [];
        for (let r = 0; r < n; r++) if (state[a * n + r] === FREE) sources.push(r);
        if (sources.length === 0) break;
        const room = sources.find((r) => load[r] < cap);
        if (room !== undefined) {
          addNew(a, room);
          unmet[a]--;
          continue;
        }
        const t = search(sources, (r) => load[r] < cap);
        if (t === -1) break;
        apply(t);
        // The first source on the path gave up a place: `a` takes it.
        let s = t;
        while (prev[s] !== -1) s = prev[s];
        addNew(a, s);
        unmet[a]--;
      }

  // 3. Improving paths, from the most loaded reviewers down.
  for (;;) {
    const order = Array.from({ length: n }, (_, r) => r).sort((x, y) => load[y] - load[x] || x - y);
    const lowest = Math.min(...Array.from(load));
    let moved = false;
    for (const s of order) {
      const top = load[s];
      if (top - lowest < 2) break;
      if (mine[s].length === 0) continue;
      const t = search([s], (r) => load[r] <= top - 2 && load[r] < cap);
      if (t === -1) continue;
      apply(t);
      moved = true;
      break;
    }
    if (!moved) break;
  }

  const pairs: [number, number][] = [];
  for (let a = 0; a < m; a++) for (let r = 0; r < n; r++) if (state[a * n + r] === NEW) pairs.push([a, r]);
  return { pairs, loads: Array.from(load), counts: Array.from(have), targets: Array.from(target) };
}
