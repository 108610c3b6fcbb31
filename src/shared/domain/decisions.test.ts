import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  decisionColor,
  decisionLabel,
  derivedDecisionPalette,
  fixedDecisionColors,
  normalizeDecision,
  stableHash,
} from './decisions';

/** Tailwind's own colour values (oklch), so the contrast check measures what the browser paints. */
const theme = readFileSync(createRequire(import.meta.url).resolve('tailwindcss/theme.css'), 'utf8');

function oklchOf(name: string): [number, number, number] {
  const m = theme.match(new RegExp(`--color-${name}:\\s*oklch\\(([\\d.]+)%\\s+([\\d.]+)\\s+([\\d.]+)\\)`));
  if (!m) throw new Error(`no Tailwind colour ${name}`);
  return [Number(m[1]) / 100, Number(m[2]), Number(m[3])];
}

/** oklch → linear sRGB (Björn Ottosson's matrices), clipped to the gamut. */
function linearRgb([l, c, h]: [number, number, number]): [number, number, number] {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (v: number) => Math.min(1, Math.max(0, v));
  return [
    clip(4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_),
    clip(-1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_),
    clip(-0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_),
  ];
}

const luminance = (name: string) => {
  const [r, g, b] = linearRgb(oklchOf(name));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (fg: string, bg: string) => {
  const [hi, lo] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/** The background and text colours named by a badge's classes. */
function pair(className: string) {
  const bg = className.match(/\bbg-([a-z]+-\d+)\b/)?.[1];
  const fg = className.match(/\btext-([a-z]+-\d+)\b/)?.[1];
  if (!bg || !fg) throw new Error(`no bg/text in ${className}`);
  return { bg, fg };
}

describe('decision colours', () => {
  const named = [
    'accept',
    'waitlist',
    'reject',
    'approved',
    'denied',
    'pending',
    'on-hold',
    'conditional',
    'deferred',
    'withdrawn',
  ];

  it('gives each of the ten named decisions its own fixed colour', () => {
    expect(Object.keys(fixedDecisionColors).sort()).toEqual([...named].sort());
    const hues = named.map((d) => decisionColor(d).hue);
    expect(new Set(hues).size).toBe(10);
    expect(decisionColor('accept').hue).toBe('green');
    expect(decisionColor('reject').hue).toBe('red');
    expect(decisionColor('waitlist').hue).toBe('amber');
  });

  it('treats case, spacing and underscores alike', () => {
    expect(normalizeDecision('  On Hold ')).toBe('on-hold');
    expect(decisionColor('ON_HOLD')).toBe(fixedDecisionColors['on-hold']);
    expect(decisionColor('Accept')).toBe(fixedDecisionColors.accept);
  });

  it('derives other decisions from the text: stable, from the palette, not a named hue', () => {
    const others = ['maybe', 'shortlist', 'interview', 'Needs more info', 'second round', 'x', ''];
    const namedHues = new Set(Object.values(fixedDecisionColors).map((c) => c.hue));
    for (const d of others) {
      const c = decisionColor(d);
      expect(derivedDecisionPalette).toContain(c);
      expect(namedHues.has(c.hue)).toBe(false);
      expect(decisionColor(d)).toBe(c);
      expect(decisionColor(d.toUpperCase())).toBe(c);
    }
    // The hash spreads values over the palette (not all onto one colour).
    const spread = new Set(Array.from({ length: 50 }, (_, i) => decisionColor(`decision ${i}`).hue));
    expect(spread.size).toBeGreaterThan(5);
  });

  it('hashes the same text to the same number, different texts (usually) apart', () => {
    expect(stableHash('maybe')).toBe(stableHash('maybe'));
    expect(stableHash('maybe')).not.toBe(stableHash('maybf'));
    expect(stableHash('')).toBe(0x811c9dc5);
  });

  it('meets WCAG AA (4.5:1) for every colour', () => {
    for (const c of [...Object.values(fixedDecisionColors), ...derivedDecisionPalette]) {
      const { bg, fg } = pair(c.className);
      expect(bg.startsWith(`${c.hue}-`)).toBe(true);
      expect(fg.startsWith(`${c.hue}-`)).toBe(true);
      expect(contrast(fg, bg), c.className).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('the contrast check itself tells poor pairs from good ones', () => {
    expect(contrast('green-300', 'green-100')).toBeLessThan(4.5);
    expect(contrast('slate-900', 'slate-100')).toBeGreaterThan(12);
  });
});

describe('decisionLabel', () => {
  it('says Accepted / Waitlisted / Not selected for the usual decisions, in sentence case', () => {
    expect(decisionLabel('accept')).toBe('Accepted');
    expect(decisionLabel('Approved')).toBe('Accepted');
    expect(decisionLabel('waitlist')).toBe('Waitlisted');
    expect(decisionLabel('reject')).toBe('Not selected');
    expect(decisionLabel('denied')).toBe('Not selected');
  });
  it('puts any other decision in sentence case', () => {
    expect(decisionLabel('on-hold')).toBe('On hold');
    expect(decisionLabel('CALLBACK_ROUND')).toBe('Callback round');
  });
});
