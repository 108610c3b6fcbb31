import { describe, expect, it } from 'vitest';
import { coalitionLabel } from './coalition-label';
import { windowState } from './programs';
import { safeNextPath } from './redirect';
import { slugify } from './slug';

describe('slugify', () => {
  it('lowercases and turns runs of other characters into one hyphen', () => {
    expect(slugify('Riverside Arts & Music!')).toBe('riverside-arts-music');
    expect(slugify('  --Hello__World--  ')).toBe('hello-world');
    expect(slugify('Café Ünïcode')).toBe('caf-n-code');
  });
  it('keeps at most 60 characters and never ends with a hyphen', () => {
    const slug = slugify(`${'a'.repeat(59)} b`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('-')).toBe(false);
    expect(slugify('x'.repeat(80))).toHaveLength(60);
  });
  it('gives an empty slug for nothing usable', () => {
    expect(slugify('!!!')).toBe('');
  });
});

describe('coalitionLabel', () => {
  it('follows the spec rule', () => {
    expect(coalitionLabel([])).toBe('Independent');
    expect(coalitionLabel(['Metro'])).toBe('Metro');
    expect(coalitionLabel([null])).toBe('Unknown Coalition');
    expect(coalitionLabel(['Metro', 'Youth'])).toBe('Metro, Youth');
    expect(coalitionLabel(['Metro', 'Youth', 'Third'])).toBe('Metro, Youth');
    expect(coalitionLabel(['Metro', null, 'Third'])).toBe('Metro +2');
  });
});

describe('safeNextPath', () => {
  it('keeps same-site paths with query and hash', () => {
    expect(safeNextPath('/review/all?x=1#top')).toBe('/review/all?x=1#top');
  });
  it.each([
    'https://evil.test/',
    '//evil.test/x',
    '/\\evil.test',
    'javascript:alert(1)',
    'review',
    '/\t/evil.test',
    '',
    null,
    undefined,
  ])('rejects %s', (value) => {
    expect(safeNextPath(value as string)).toBe('/');
  });
});

describe('windowState', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  it('is open without dates', () => expect(windowState(null, null, now)).toBe('open'));
  it('is not open before open_at', () =>
    expect(windowState('2026-06-02T00:00:00Z', null, now)).toBe('not_open'));
  it('is closed after close_at', () => expect(windowState(null, '2026-05-31T00:00:00Z', now)).toBe('closed'));
  it('is open between', () =>
    expect(windowState('2026-05-01T00:00:00Z', '2026-07-01T00:00:00Z', now)).toBe('open'));
});
