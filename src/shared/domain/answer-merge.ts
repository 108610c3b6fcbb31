/**
 * Autosave's pure rules (the page's save loop uses them; unit-tested beside them).
 *
 * Merge after a 409: the client knows the answers it last had from the server (`base`), its own
 * `local` answers, and the server's `current` ones. Keys the user changed since `base` win; every
 * other key takes the server's value. A key both sides changed to different values is a conflict:
 * the user's value is kept (it is what they see) and the key is reported so the page can say so.
 */
export function mergeAnswers(
  base: Record<string, unknown>,
  local: Record<string, unknown>,
  current: Record<string, unknown>,
): { answers: Record<string, unknown>; conflicts: string[] } {
  const answers: Record<string, unknown> = { ...current };
  const conflicts: string[] = [];
  for (const key of changedKeys(base, local)) {
    const mine = local[key];
    const theirs = current[key];
    if (!sameValue(base[key], theirs) && !sameValue(mine, theirs)) conflicts.push(key);
    if (mine === undefined || mine === null) delete answers[key];
    else answers[key] = mine;
  }
  return { answers, conflicts: conflicts.sort() };
}

/** Keys whose value differs between two answer maps (missing and null count as the same). */
export function changedKeys(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => !sameValue(a[k], b[k])).sort();
}

export function sameAnswers(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return changedKeys(a, b).length === 0;
}

/** Deep equality for JSON values; undefined and null are the same (both mean "no answer"). */
export function sameValue(a: unknown, b: unknown): boolean {
  if ((a === undefined || a === null) && (b === undefined || b === null)) return true;
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Retry delay after `attempt` failed saves (1, 2, …): exponential from `baseMs`, capped at `maxMs`,
 * with "full jitter" in its upper half so many clients failing together do not retry together.
 * `random` is injectable for tests (0 → half the delay, 1 → the whole delay).
 */
export function backoffDelay(
  attempt: number,
  {
    baseMs = 1000,
    maxMs = 30_000,
    random = Math.random,
  }: { baseMs?: number; maxMs?: number; random?: () => number } = {},
): number {
  const n = Math.max(1, Math.floor(attempt));
  const ceiling = Math.min(maxMs, baseMs * 2 ** (n - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * Math.min(1, Math.max(0, random())));
}

/** The autosave delay: 30 s after the last change (spec 001 §9). */
export const AUTOSAVE_DELAY_MS = 30_000;

/** What the page keeps in local storage until the server acknowledges it. */
export interface StoredAnswers {
  /** The answers on screen. */
  answers: Record<string, unknown>;
  /** The server's answers and version they were based on (for the merge). */
  base: Record<string, unknown>;
  baseVersion: number;
  savedAt: string;
}

export const storageKey = (applicationId: string) => `applyhub:unsaved-answers:${applicationId}`;

export function parseStored(raw: string | null): StoredAnswers | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<StoredAnswers>;
    if (
      !v ||
      typeof v !== 'object' ||
      typeof v.answers !== 'object' ||
      v.answers === null ||
      typeof v.base !== 'object' ||
      v.base === null ||
      typeof v.baseVersion !== 'number'
    )
      return null;
    return {
      answers: v.answers,
      base: v.base,
      baseVersion: v.baseVersion,
      savedAt: typeof v.savedAt === 'string' ? v.savedAt : '',
    };
  } catch {
    return null;
  }
}
