import { describe, expect, it } from 'vitest';
import { applicantDeadline, applicantLastMoment, applicantWindow } from './deadlines';

const close = new Date('2026-05-01T12:00:00Z');
const min = (n: number) => new Date(close.getTime() + n * 60_000);

describe('applicantWindow', () => {
  it('program close: open until close (inclusive), closed after', () => {
    const p = { openAt: null, closeAt: close };
    expect(applicantWindow(p, min(-1))).toBe('open');
    expect(applicantWindow(p, close)).toBe('open');
    expect(applicantWindow(p, min(1))).toBe('closed');
    expect(applicantWindow({ openAt: min(10), closeAt: min(20) }, min(5))).toBe('not_open');
    expect(applicantWindow({ openAt: null, closeAt: null }, min(99999))).toBe('open');
  });

  it('a later personal deadline keeps that applicant open; an earlier one never shortens', () => {
    const p = { openAt: null, closeAt: close, personalCloseAt: min(60) };
    expect(applicantWindow(p, min(30))).toBe('open');
    expect(applicantWindow(p, min(61))).toBe('closed');
    expect(applicantDeadline(p)).toEqual({ closeAt: min(60), personal: true, graceUntil: null });
    const earlier = { openAt: null, closeAt: close, personalCloseAt: min(-60) };
    expect(applicantWindow(earlier, min(-30))).toBe('open');
    expect(applicantDeadline(earlier).personal).toBe(false);
  });

  it('grace: after close until close + minutes, then closed; off by default', () => {
    const p = { openAt: null, closeAt: close, graceMinutes: 15 };
    expect(applicantWindow(p, min(-1))).toBe('open');
    expect(applicantWindow(p, min(10))).toBe('grace');
    expect(applicantWindow(p, min(15))).toBe('grace');
    expect(applicantWindow(p, min(16))).toBe('closed');
    expect(applicantWindow({ openAt: null, closeAt: close, graceMinutes: 0 }, min(1))).toBe('closed');
    expect(applicantWindow({ openAt: null, closeAt: close }, min(1))).toBe('closed');
    expect(applicantDeadline(p).graceUntil).toEqual(min(15));
  });

  it('a personal deadline has no grace after it', () => {
    const p = { openAt: null, closeAt: close, personalCloseAt: min(60), graceMinutes: 15 };
    expect(applicantWindow(p, min(70))).toBe('closed');
    // A personal deadline inside the grace period: the later grace still applies.
    const inside = { openAt: null, closeAt: close, personalCloseAt: min(5), graceMinutes: 15 };
    expect(applicantWindow(inside, min(10))).toBe('grace');
    expect(applicantWindow(inside, min(16))).toBe('closed');
  });
});

describe('applicantWindow with a late-submission link (decision 064)', () => {
  it('after close, a draft may be saved and submitted until the link expires (late, like grace)', () => {
    const p = { openAt: null, closeAt: close, linkCloseAt: min(120) };
    expect(applicantWindow(p, min(-1))).toBe('open');
    expect(applicantWindow(p, min(60))).toBe('grace');
    expect(applicantWindow(p, min(120))).toBe('grace');
    expect(applicantWindow(p, min(121))).toBe('closed');
    expect(applicantDeadline(p)).toEqual({
      closeAt: close,
      personal: false,
      graceUntil: min(120),
      link: true,
    });
    expect(applicantLastMoment(applicantDeadline(p))).toEqual(min(120));
  });

  it('a link that expired before the deadline changes nothing', () => {
    const p = { openAt: null, closeAt: close, linkCloseAt: min(-30) };
    expect(applicantDeadline(p)).toEqual({ closeAt: close, personal: false, graceUntil: null });
    expect(applicantWindow(p, min(1))).toBe('closed');
    expect(applicantWindow({ openAt: null, closeAt: null, linkCloseAt: min(5) }, min(10))).toBe('open');
  });

  it('with a personal deadline: open until it, then late until the link expires; a shorter link does nothing', () => {
    const p = { openAt: null, closeAt: close, personalCloseAt: min(60), linkCloseAt: min(180) };
    expect(applicantWindow(p, min(30))).toBe('open');
    expect(applicantWindow(p, min(90))).toBe('grace');
    expect(applicantWindow(p, min(181))).toBe('closed');
    expect(applicantDeadline(p)).toMatchObject({ closeAt: min(60), personal: true, link: true });
    const shorter = { openAt: null, closeAt: close, personalCloseAt: min(60), linkCloseAt: min(30) };
    expect(applicantWindow(shorter, min(45))).toBe('open');
    expect(applicantWindow(shorter, min(61))).toBe('closed');
    expect(applicantDeadline(shorter).link).toBeUndefined();
  });

  it('with grace: the link reaches past grace; a link inside the grace period leaves grace as it is', () => {
    const p = { openAt: null, closeAt: close, graceMinutes: 15, linkCloseAt: min(60) };
    expect(applicantWindow(p, min(10))).toBe('grace');
    expect(applicantWindow(p, min(30))).toBe('grace');
    expect(applicantWindow(p, min(61))).toBe('closed');
    const inside = { openAt: null, closeAt: close, graceMinutes: 15, linkCloseAt: min(10) };
    expect(applicantDeadline(inside)).toEqual({ closeAt: close, personal: false, graceUntil: min(15) });
    expect(applicantWindow(inside, min(16))).toBe('closed');
  });
});
