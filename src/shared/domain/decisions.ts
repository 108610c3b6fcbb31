/**
 * Decision colours (spec 001 §4): the ten named decisions have fixed colours; any other value gets a
 * colour derived from its text (a stable hash into a palette), so the same decision always looks the
 * same. Every pair is a Tailwind 100 background with a 900 text (WCAG AA, checked by the unit test
 * against Tailwind's own colour values). The literal class names live here so the CSS build keeps them.
 */
export interface DecisionColor {
  /** Tailwind colour name of the background and text (e.g. 'green'). */
  hue: string;
  /** The badge classes: background, text and ring. */
  className: string;
}

const color = (hue: string, className: string): DecisionColor => ({ hue, className });

/** The ten named decisions. */
export const fixedDecisionColors: Record<string, DecisionColor> = {
  accept: color('green', 'bg-green-100 text-green-900 ring-green-300'),
  approved: color('emerald', 'bg-emerald-100 text-emerald-900 ring-emerald-300'),
  waitlist: color('amber', 'bg-amber-100 text-amber-900 ring-amber-300'),
  reject: color('red', 'bg-red-100 text-red-900 ring-red-300'),
  denied: color('rose', 'bg-rose-100 text-rose-900 ring-rose-300'),
  pending: color('sky', 'bg-sky-100 text-sky-900 ring-sky-300'),
  'on-hold': color('orange', 'bg-orange-100 text-orange-900 ring-orange-300'),
  conditional: color('violet', 'bg-violet-100 text-violet-900 ring-violet-300'),
  deferred: color('indigo', 'bg-indigo-100 text-indigo-900 ring-indigo-300'),
  withdrawn: color('slate', 'bg-slate-100 text-slate-900 ring-slate-300'),
};

/** Colours for every other decision: hues the named ones do not use. */
export const derivedDecisionPalette: DecisionColor[] = [
  color('cyan', 'bg-cyan-100 text-cyan-900 ring-cyan-300'),
  color('teal', 'bg-teal-100 text-teal-900 ring-teal-300'),
  color('lime', 'bg-lime-100 text-lime-900 ring-lime-300'),
  color('yellow', 'bg-yellow-100 text-yellow-900 ring-yellow-300'),
  color('blue', 'bg-blue-100 text-blue-900 ring-blue-300'),
  color('purple', 'bg-purple-100 text-purple-900 ring-purple-300'),
  color('fuchsia', 'bg-fuchsia-100 text-fuchsia-900 ring-fuchsia-300'),
  color('pink', 'bg-pink-100 text-pink-900 ring-pink-300'),
  color('stone', 'bg-stone-100 text-stone-900 ring-stone-300'),
  color('zinc', 'bg-zinc-100 text-zinc-900 ring-zinc-300'),
];

/** 'On Hold', 'on_hold' and ' on-hold ' are the same decision. */
export function normalizeDecision(decision: string): string {
  return decision
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/** FNV-1a over the UTF-16 code units: small, fast and the same in every browser and on the server. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function decisionColor(decision: string): DecisionColor {
  const key = normalizeDecision(decision);
  const fixed = Object.hasOwn(fixedDecisionColors, key) ? fixedDecisionColors[key] : undefined;
  if (fixed) return fixed;
  return derivedDecisionPalette[stableHash(key) % derivedDecisionPalette.length];
}

const decisionWords: Record<string, string> = {
  accept: 'Accepted',
  accepted: 'Accepted',
  approved: 'Accepted',
  waitlist: 'Waitlisted',
  waitlisted: 'Waitlisted',
  reject: 'Not selected',
  rejected: 'Not selected',
  denied: 'Not selected',
  declined: 'Not selected',
};

/**
 * How every screen names a decision (reviewers, admins and applicants alike): 'Accepted',
 * 'Waitlisted', 'Not selected' for the usual decisions; any other decision in sentence case
 * ('on-hold' → 'On hold'). The stored value stays as the reviewer form defines it.
 */
export function decisionLabel(decision: string): string {
  const key = decision
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  const known = decisionWords[key.replace(/ /g, '')];
  if (known) return known;
  return key ? key.charAt(0).toUpperCase() + key.slice(1) : decision;
}
