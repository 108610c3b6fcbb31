import { describe, expect, it } from 'vitest';
import { formatDate, formatDay } from './format';

describe('formatDay', () => {
  it('runs west of Greenwich (the unit project sets TZ), where the bug it guards against shows', () => {
    expect(new Date(2008, 3, 17).getTimezoneOffset()).toBeGreaterThan(0);
  });

  it('shows a calendar day as that day, whatever the time zone', () => {
    const expected = formatDate(new Date(2008, 3, 17));
    expect(formatDay('2008-04-17')).toBe(expected);
    // Read as UTC midnight, the same string would be 16 April anywhere west of Greenwich.
    expect(formatDay('2008-04-17')).not.toBe(formatDate(new Date(2008, 3, 16)));
  });

  it('formats full timestamps like formatDate and leaves text it cannot read alone', () => {
    expect(formatDay('2026-09-12T10:00:00Z')).toBe(formatDate('2026-09-12T10:00:00Z'));
    expect(formatDay('sometime in May')).toBe('sometime in May');
  });
});
