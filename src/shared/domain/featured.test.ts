import { describe, expect, it } from 'vitest';
import {
  daysUntilPurge,
  featuredMessages,
  purgeAt,
  purgeCountdownText,
  SCHEDULE_PRESETS,
  scheduleLabel,
  schedulePreset,
  scheduleProblem,
  scheduleState,
  sectionSlugCandidates,
} from './featured';

const now = new Date('2026-06-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const inDays = (d: number) => new Date(now.getTime() + d * DAY);
const ymd = (d: Date) => d.toISOString().slice(0, 10);

describe('sectionSlugCandidates', () => {
  it('tries the header slug, then suffixes -2 to -16 (16 tries in all)', () => {
    const slugs = sectionSlugCandidates('  Summer Spotlight!  ');
    expect(slugs).toHaveLength(16);
    expect(slugs[0]).toBe('summer-spotlight');
    expect(slugs[1]).toBe('summer-spotlight-2');
    expect(slugs[15]).toBe('summer-spotlight-16');
    expect(new Set(slugs).size).toBe(16);
  });
  it("falls back to 'section' for a header without letters or digits", () => {
    expect(sectionSlugCandidates('★ ★ ★')[0]).toBe('section');
    expect(sectionSlugCandidates('★')[2]).toBe('section-3');
  });
});

describe('scheduleProblem', () => {
  it('accepts no dates, one date, or an end after the start', () => {
    expect(scheduleProblem(null, null)).toBeNull();
    expect(scheduleProblem(inDays(1), null)).toBeNull();
    expect(scheduleProblem(null, inDays(-1))).toBeNull();
    expect(scheduleProblem(inDays(1), inDays(2).toISOString())).toBeNull();
  });
  it("refuses an end before or at the start with the spec's message", () => {
    expect(scheduleProblem(inDays(2), inDays(1))).toBe('End time must be after start time.');
    expect(scheduleProblem(inDays(2).toISOString(), inDays(2).toISOString())).toBe(
      featuredMessages.endBeforeStart,
    );
  });
});

describe('scheduleLabel', () => {
  it("labels a permanent item 'Always visible'", () => {
    expect(scheduleState(null, null, now)).toBe('permanent');
    expect(scheduleLabel(null, undefined, now, ymd)).toBe('Always visible');
  });
  it("labels an item that starts later 'Starts {date}'", () => {
    expect(scheduleLabel(inDays(3), inDays(10), now, ymd)).toBe('Starts 2026-06-04');
    expect(scheduleLabel(inDays(3).toISOString(), null, now, ymd)).toBe('Starts 2026-06-04');
  });
  it("labels an item that has ended 'Expired {date}'", () => {
    expect(scheduleLabel(inDays(-10), inDays(-1), now, ymd)).toBe('Expired 2026-05-31');
    expect(scheduleLabel(null, inDays(-2), now, ymd)).toBe('Expired 2026-05-30');
  });
  it("labels an item inside its window 'Scheduled', bounds included", () => {
    expect(scheduleLabel(inDays(-1), inDays(1), now, ymd)).toBe('Scheduled');
    expect(scheduleLabel(now, null, now, ymd)).toBe('Scheduled');
    expect(scheduleLabel(null, now, now, ymd)).toBe('Scheduled');
  });
  it('formats dates in the viewer locale by default', () => {
    expect(scheduleLabel(inDays(3), null, now)).toMatch(/^Starts .*2026/);
  });
});

describe('schedule presets and the purge countdown', () => {
  it('offers 7, 14 and 30 days from now', () => {
    expect(SCHEDULE_PRESETS).toEqual([7, 14, 30]);
    const p = schedulePreset(7, now);
    expect(p.startsAt.getTime()).toBe(now.getTime());
    expect(p.endsAt.getTime() - p.startsAt.getTime()).toBe(7 * DAY);
  });
  it('counts whole days to deletion, 30 days after hiding', () => {
    expect(purgeAt(now).getTime()).toBe(inDays(30).getTime());
    expect(daysUntilPurge(now, now)).toBe(30);
    // Hidden a moment after the viewer's clock reading: still 30, never 31.
    expect(daysUntilPurge(new Date(now.getTime() + 5000), now)).toBe(30);
    expect(daysUntilPurge(inDays(-5), now)).toBe(25);
    expect(daysUntilPurge(inDays(-29.5), now)).toBe(1);
    expect(daysUntilPurge(inDays(-31), now)).toBe(0);
    expect(purgeCountdownText(inDays(-29.5), now)).toBe('Permanently deleted in 1 day');
    expect(purgeCountdownText(inDays(-2), now)).toBe('Permanently deleted in 28 days');
    expect(purgeCountdownText(inDays(-40), now)).toBe('Permanently deleted within the hour');
  });
});
