/**
 * A cover for a featured card that has no colour of its own: initials and a colour picked from the
 * name, so two cards never share one identical placeholder. Every colour carries white text at
 * WCAG AA (≥ 4.5:1): the Tailwind 700 shades.
 */
export const coverColors = [
  '#b91c1c', // red-700
  '#c2410c', // orange-700
  '#b45309', // amber-700
  '#15803d', // green-700
  '#047857', // emerald-700
  '#0f766e', // teal-700
  '#0e7490', // cyan-700
  '#0369a1', // sky-700
  '#1d4ed8', // blue-700
  '#4338ca', // indigo-700
  '#6d28d9', // violet-700
  '#7e22ce', // purple-700
  '#a21caf', // fuchsia-700
  '#be185d', // pink-700
  '#be123c', // rose-700
  '#334155', // slate-700
] as const;

const minor = new Set(['of', 'the', 'and', 'for', 'a', 'an', 'at', 'in', 'on', '&']);

/** Up to two initials from the name's significant words ('Riverside Arts Center' → 'RA'). */
export function coverInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const significant = words.filter((w) => !minor.has(w.toLowerCase()));
  const letters = (significant.length > 0 ? significant : words)
    .map((w) => Array.from(w).find((c) => /\p{L}|\p{N}/u.test(c)))
    .filter((c): c is string => !!c);
  return letters.slice(0, 2).join('').toUpperCase() || '?';
}

/** FNV-1a: a stable small hash of the name (the same name always gets the same colour). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function generatedCover(name: string): { initials: string; background: string; foreground: string } {
  const key = name.trim().toLowerCase();
  return {
    initials: coverInitials(name),
    background: coverColors[hash(key) % coverColors.length] as string,
    foreground: '#ffffff',
  };
}
