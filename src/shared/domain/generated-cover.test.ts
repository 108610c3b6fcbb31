import { describe, expect, it } from 'vitest';
import { coverColors, coverInitials, generatedCover } from './generated-cover';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('generatedCover', () => {
  it('takes initials from the significant words', () => {
    expect(coverInitials('Riverside Arts Center')).toBe('RA');
    expect(coverInitials('The Metro Arts Coalition')).toBe('MA');
    expect(coverInitials('  jazz  ')).toBe('J');
    expect(coverInitials('École de Danse')).toBe('ÉD');
    expect(coverInitials('')).toBe('?');
  });

  it('is stable for a name and differs between names', () => {
    expect(generatedCover('Youth Orchestra')).toEqual(generatedCover('youth orchestra '));
    const names = [
      'Youth Orchestra',
      'Riverside Arts Center',
      'Metro Arts Coalition',
      'Summer Jazz',
      'Dance Lab',
    ];
    const colours = new Set(names.map((n) => generatedCover(n).background));
    expect(colours.size).toBeGreaterThan(2);
  });

  it('keeps white initials at WCAG AA contrast on every colour', () => {
    for (const c of coverColors) expect(contrast(c, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
