import { describe, expect, it } from 'vitest';
import { byDeadline, deadlineText, inScheduleWindow, opensText, programChip } from './discovery';
import { featuredCardColors, featuredCardPaint, featuredDefaultCard } from './featured-colors';

const now = new Date('2026-06-01T12:00:00Z');
const inDays = (d: number) => new Date(now.getTime() + d * 24 * 60 * 60 * 1000);
const iso = (d: Date) => d.toISOString().slice(0, 10);

describe('deadlineText', () => {
  it('says when there is no deadline or it has passed', () => {
    expect(deadlineText(null, now)).toBe('No deadline set');
    expect(deadlineText(undefined, now)).toBe('No deadline set');
    expect(deadlineText(inDays(-0.01), now)).toBe('Deadline passed');
    expect(deadlineText(inDays(-30).toISOString(), now)).toBe('Deadline passed');
  });
  it("says 'Due tomorrow' within a day and 'Due in N days' up to 7", () => {
    expect(deadlineText(now, now)).toBe('Due tomorrow');
    expect(deadlineText(inDays(0.5), now)).toBe('Due tomorrow');
    expect(deadlineText(inDays(1), now)).toBe('Due tomorrow');
    expect(deadlineText(inDays(2), now)).toBe('Due in 2 days');
    expect(deadlineText(inDays(1.2), now)).toBe('Due in 2 days');
    expect(deadlineText(inDays(7), now)).toBe('Due in 7 days');
  });
  it('gives the full date after 7 days', () => {
    expect(deadlineText(inDays(7.5), now, iso)).toBe('2026-06-09');
    expect(deadlineText(inDays(30).toISOString(), now, iso)).toBe('2026-07-01');
    expect(deadlineText(inDays(30), now)).toMatch(/2026/);
  });
});

describe('opensText', () => {
  it('says when there is no open date, when it is open, and the date otherwise', () => {
    expect(opensText(null, now)).toBe('No open date set');
    expect(opensText(inDays(-3), now)).toBe('Application is open');
    expect(opensText(now, now)).toBe('Application is open');
    expect(opensText(inDays(3).toISOString(), now, iso)).toBe('2026-06-04');
  });
});

describe('inScheduleWindow', () => {
  it('shows unscheduled items always', () => {
    expect(inScheduleWindow(null, null, now)).toBe(true);
  });
  it('hides future and expired items, inclusive at both ends', () => {
    expect(inScheduleWindow(inDays(1), null, now)).toBe(false);
    expect(inScheduleWindow(null, inDays(-1), now)).toBe(false);
    expect(inScheduleWindow(inDays(-1), inDays(1), now)).toBe(true);
    expect(inScheduleWindow(now, now, now)).toBe(true);
    expect(inScheduleWindow(inDays(-2).toISOString(), inDays(-1).toISOString(), now)).toBe(false);
    expect(inScheduleWindow(inDays(-2), undefined, now)).toBe(true);
  });
});

describe('featuredCardPaint', () => {
  it('has the 22 spec colours, red to stone', () => {
    expect(featuredCardColors).toHaveLength(22);
    expect(featuredCardColors[0]).toBe('bg-red-600');
    expect(featuredCardColors[21]).toBe('bg-stone-600');
  });
  it('uses a known class, a colour value, or the default gradient', () => {
    expect(featuredCardPaint('bg-emerald-600')).toEqual({ className: 'bg-emerald-600' });
    expect(featuredCardPaint(null)).toEqual({ className: featuredDefaultCard });
    expect(featuredCardPaint('bg-sky-700')).toEqual({ className: featuredDefaultCard });
    expect(featuredCardPaint('#123456')).toEqual({ className: '', color: '#123456' });
    expect(featuredCardPaint('url(x)')).toEqual({ className: featuredDefaultCard });
  });
});

describe('programChip', () => {
  const fmt = (d: Date) => `D${iso(d)}`;
  it("says 'Opens {date}' before the window, never 'Closed'", () => {
    expect(programChip(inDays(3), inDays(30), now, fmt)).toEqual({
      state: 'not_open',
      label: `Opens D${iso(inDays(3))}`,
      tone: 'info',
    });
  });
  it("counts down the last week, 'Open' before it, 'Closed' after", () => {
    expect(programChip(null, inDays(3), now).label).toBe('Closes in 3 days');
    expect(programChip(inDays(-1), inDays(0.5), now).label).toBe('Closes tomorrow');
    expect(programChip(null, inDays(30), now)).toMatchObject({ label: 'Open', tone: 'success' });
    expect(programChip(null, null, now).label).toBe('Open');
    expect(programChip(inDays(-9), inDays(-1), now)).toMatchObject({ state: 'closed', label: 'Closed' });
  });
  it('uses a short month and day by default (Opens Dec 2)', () => {
    const chip = programChip('2026-12-02T12:00:00Z', null, now);
    expect(chip.label).toBe(
      `Opens ${new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' }).format(new Date('2026-12-02T12:00:00Z'))}`,
    );
  });
});

describe('byDeadline', () => {
  it('sorts soonest deadline first, no deadline after, closed ones last', () => {
    const p = (name: string, close: Date | null) => ({ name, close_at: close ? close.toISOString() : null });
    const list = [
      p('closed long ago', inDays(-30)),
      p('no deadline', null),
      p('next month', inDays(30)),
      p('closed yesterday', inDays(-1)),
      p('in 3 days', inDays(3)),
    ];
    expect(list.sort(byDeadline(now)).map((x) => x.name)).toEqual([
      'in 3 days',
      'next month',
      'no deadline',
      'closed yesterday',
      'closed long ago',
    ]);
  });
});
