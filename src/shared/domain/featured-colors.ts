/**
 * The 22 featured card colours (spec: red to stone, shade 600). The literal class names live here so
 * the Tailwind build includes them; a card without one of these uses the default blue gradient.
 */
export const featuredCardColors = [
  'bg-red-600',
  'bg-orange-600',
  'bg-amber-600',
  'bg-yellow-600',
  'bg-lime-600',
  'bg-green-600',
  'bg-emerald-600',
  'bg-teal-600',
  'bg-cyan-600',
  'bg-sky-600',
  'bg-blue-600',
  'bg-indigo-600',
  'bg-violet-600',
  'bg-purple-600',
  'bg-fuchsia-600',
  'bg-pink-600',
  'bg-rose-600',
  'bg-slate-600',
  'bg-gray-600',
  'bg-zinc-600',
  'bg-neutral-600',
  'bg-stone-600',
] as const;
export type FeaturedCardColor = (typeof featuredCardColors)[number];

/** The spec's default card: a blue gradient. */
export const featuredDefaultCard = 'bg-linear-to-br from-blue-600 to-indigo-700';

const known = new Set<string>(featuredCardColors);

/**
 * How to paint a card: one of the 22 classes, a CSS colour value as a style, or the default gradient
 * (also for an unknown bg- class, which the CSS build would not contain).
 */
export function featuredCardPaint(cardColor: string | null | undefined): {
  className: string;
  color?: string;
} {
  const value = cardColor?.trim();
  if (!value) return { className: featuredDefaultCard };
  if (known.has(value)) return { className: value };
  if (/^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla|oklch)\([^)]*\))$/i.test(value)) {
    return { className: '', color: value };
  }
  return { className: featuredDefaultCard };
}
