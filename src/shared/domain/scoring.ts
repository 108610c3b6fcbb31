/**
 * Independent scoring (issue 20): the rubric rules, one sheet's total and an application's aggregate.
 * The one place these numbers are defined: the server stores each submitted sheet's total computed
 * here, the aggregate SQL (server/scoring/aggregates.ts) follows `aggregateOf`, and exports reuse both.
 */

export const reviewModes = ['shared', 'independent'] as const;
export type ReviewMode = (typeof reviewModes)[number];

/** When a reviewer may read the other reviewers' score sheets. */
export const sheetVisibilities = ['never', 'after_submit', 'always'] as const;
export type SheetVisibility = (typeof sheetVisibilities)[number];

export const reviewModeLabels: Record<ReviewMode, string> = {
  shared: 'Shared review',
  independent: 'Independent scoring',
};

export const sheetVisibilityLabels: Record<SheetVisibility, string> = {
  never: 'Never',
  after_submit: 'After submitting their own',
  always: 'Always',
};

export const RUBRIC_LIMITS = {
  criteria: 20,
  name: 120,
  guidance: 2_000,
  /** Scale ends: whole numbers from 0 to 100, at least two points. */
  scaleMin: 0,
  scaleMax: 100,
  weightMax: 100,
  sheetText: 20_000,
} as const;

export interface Criterion {
  key: string;
  name: string;
  guidance?: string;
  min: number;
  max: number;
  weight: number;
  /** Counts toward the total (a non-scoring criterion is recorded but left out of the total). */
  counts: boolean;
}

/** A criterion's scale as people read it: "1–5". */
export const scaleText = (c: Pick<Criterion, 'min' | 'max'>) => `${c.min}\u2013${c.max}`;

/**
 * The rubric's problems, first one first (null when it is valid). Independent scoring needs at least
 * one criterion that counts toward the total.
 */
export function rubricProblem(criteria: Criterion[], mode: ReviewMode): string | null {
  const keys = new Set<string>();
  const names = new Set<string>();
  for (const [i, c] of criteria.entries()) {
    const label = c.name.trim() ? `"${c.name.trim()}"` : `Criterion ${i + 1}`;
    if (!c.name.trim()) return `${label} needs a name.`;
    if (keys.has(c.key)) return `${label} has the same key as another criterion.`;
    keys.add(c.key);
    const lower = c.name.trim().toLowerCase();
    if (names.has(lower)) return `Two criteria are called ${label}.`;
    names.add(lower);
    if (!Number.isInteger(c.min) || !Number.isInteger(c.max) || c.min >= c.max)
      return `${label} needs a scale whose lowest point is below its highest.`;
    if (!(c.weight > 0)) return `${label} needs a weight above 0.`;
  }
  if (mode === 'independent' && !criteria.some((c) => c.counts))
    return 'Add at least one criterion that counts toward the total.';
  return null;
}

/** The rubric as stored: names and guidance trimmed, empty guidance dropped. */
export function normalizeCriteria(criteria: Criterion[]): Criterion[] {
  return criteria.map((c) => {
    const out: Criterion = {
      key: c.key,
      name: c.name.trim(),
      min: c.min,
      max: c.max,
      weight: c.weight,
      counts: c.counts,
    };
    if (c.guidance?.trim()) out.guidance = c.guidance.trim();
    return out;
  });
}

/**
 * Whether two rubrics score the same way (keys, scales, weights and what counts, in any order):
 * only names and guidance may change once scores are saved.
 */
export function sameScoring(a: Criterion[], b: Criterion[]): boolean {
  if (a.length !== b.length) return false;
  const byKey = new Map(b.map((c) => [c.key, c]));
  return a.every((c) => {
    const o = byKey.get(c.key);
    return !!o && o.min === c.min && o.max === c.max && o.weight === c.weight && o.counts === c.counts;
  });
}

export type Scores = Record<string, number | null>;

/** The problem with a sheet's scores against the rubric, or null. `submit` also needs every counting criterion. */
export function scoresProblem(
  criteria: Criterion[],
  scores: Scores,
  { submit, abstain }: { submit: boolean; abstain: boolean },
): { field: string; message: string } | null {
  const byKey = new Map(criteria.map((c) => [c.key, c]));
  for (const [key, value] of Object.entries(scores)) {
    const c = byKey.get(key);
    if (!c) return { field: `scores.${key}`, message: 'This criterion is not in the rubric.' };
    if (value === null) continue;
    if (!Number.isInteger(value) || value < c.min || value > c.max)
      return {
        field: `scores.${key}`,
        message: `Score "${c.name}" with a whole number from ${c.min} to ${c.max}.`,
      };
  }
  if (submit && !abstain) {
    const missing = criteria.filter((c) => c.counts && (scores[c.key] ?? null) === null);
    if (missing.length)
      return {
        field: `scores.${missing[0].key}`,
        message: `Score every criterion that counts before submitting: ${missing.map((c) => c.name).join(', ')}.`,
      };
  }
  return null;
}

/** Scores are kept to two decimals (sheet totals and aggregates alike). */
export const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * One sheet's total on 0–100: each counting criterion's score as a share of its scale, weighted by
 * the criterion's weight, over the counting criteria scored. Null when nothing counting is scored
 * (and for an abstention).
 */
export function sheetTotal(criteria: Criterion[], scores: Scores, abstain = false): number | null {
  if (abstain) return null;
  let sum = 0;
  let weights = 0;
  for (const c of criteria) {
    const v = scores[c.key];
    if (!c.counts || v === null || v === undefined) continue;
    sum += c.weight * ((v - c.min) / (c.max - c.min)) * 100;
    weights += c.weight;
  }
  return weights === 0 ? null : round(sum / weights);
}

/** A spread (standard deviation) at or above this many points of 100 flags high disagreement. */
export const DISAGREEMENT_SPREAD = 20;

export const disagrees = (spread: number | null) => spread !== null && spread >= DISAGREEMENT_SPREAD;

export interface Aggregate {
  /** Submitted sheets (abstentions included) and sheets assigned in all. */
  sheets: number;
  assigned: number;
  /** Submitted sheets with a total (abstentions and sheets without a counting score are left out). */
  scored: number;
  mean: number | null;
  median: number | null;
  /** Sample standard deviation of the totals; null below two. */
  spread: number | null;
  disagreement: boolean;
}

/** The aggregate of an application's submitted sheet totals (null totals are abstentions). */
export function aggregateOf(totals: (number | null)[], assigned: number): Aggregate {
  const xs = totals.filter((t): t is number => t !== null).sort((a, b) => a - b);
  const n = xs.length;
  const mean = n ? xs.reduce((s, x) => s + x, 0) / n : null;
  const median = n ? (n % 2 ? xs[(n - 1) / 2] : (xs[n / 2 - 1] + xs[n / 2]) / 2) : null;
  const spread =
    n >= 2 && mean !== null ? Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1)) : null;
  return {
    sheets: totals.length,
    assigned,
    scored: n,
    mean: mean === null ? null : round(mean),
    median: median === null ? null : round(median),
    spread: spread === null ? null : round(spread),
    disagreement: disagrees(spread === null ? null : round(spread)),
  };
}

/** Competition ranks by mean, highest first (1, 2, 2, 4); applications without a mean get none. */
export function ranksOf(means: (number | null)[]): (number | null)[] {
  const sorted = means.filter((m): m is number => m !== null).sort((a, b) => b - a);
  return means.map((m) => (m === null ? null : sorted.indexOf(m) + 1));
}

/** "74.5" / "—" for a score on 0–100. */
export const scoreNumber = (n: number | null | undefined) =>
  n === null || n === undefined ? '\u2014' : String(round(n, 1));

/** Whether a reviewer may read the other reviewers' sheets of an application. */
export function mayReadOthers(visibility: SheetVisibility, ownSubmitted: boolean): boolean {
  return visibility === 'always' || (visibility === 'after_submit' && ownSubmitted);
}

export const scoringMessages = {
  modeLocked: 'Scores have been saved, so the review mode can no longer change.',
  rubricLocked:
    'Scores have been saved, so criteria, scales and weights can no longer change (names and guidance can).',
  notAssigned: 'This application is not assigned to you.',
  recused: 'You have a conflict of interest with this application.',
  sheetSubmitted: 'This score sheet has been submitted. Ask the program admin to reopen it.',
  sheetStale: 'This score sheet changed in another tab. The latest version is shown.',
  sharedOnly: 'This program uses independent scoring: each reviewer fills in their own score sheet.',
  independentOnly: 'This program uses the shared review.',
  othersHidden: 'Other reviewers\u2019 score sheets are not shown to reviewers in this program.',
  othersAfterSubmit: 'Other reviewers\u2019 score sheets show once you submit your own.',
  conflictSubmitted: 'This reviewer has submitted a score sheet for this application. Reopen it first.',
  recuseSubmitted: 'You have submitted your score sheet. Ask the program admin to reopen it first.',
  notInPool: 'Only reviewers of this program can be assigned.',
  planChanged: 'Assignments changed since the preview. Check the new preview before applying.',
} as const;
