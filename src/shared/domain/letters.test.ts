import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Question, RecommenderQuestion } from '../schemas/forms';
import { missingRequiredLabels } from './answers';
import { formProblem, normalizeForm } from './forms';
import {
  DEFAULT_RATINGS,
  type LetterReminder,
  type LetterState,
  letterCloseAt,
  letterContentProblem,
  letterDeadline,
  letterFileProblem,
  letterLinkExpiry,
  letterQuestionIssue,
  letterQuestionProblem,
  letterReminderDue,
  letterSettings,
  lettersLacking,
  letterUpload,
  letterWords,
  nextResendAt,
  REMIND_AFTER_MS,
  REMIND_BEFORE_DEADLINE_MS,
  REMINDER_GAP_MS,
  requestCap,
  requestProblem,
  tokenExpiry,
} from './letters';

const q = (over: Partial<Question> = {}): Question => ({
  key: 'refs',
  type: 'reference_letter',
  label: 'References',
  required: false,
  ...over,
});
const form = (questions: Question[]) => ({
  questions,
  common: { applyhub: false, coalition: false },
  profile: { enabled: false, sections: {} },
});
const DAY = 86_400_000;

describe('reference letter settings', () => {
  it('defaults: 1 of up to 1, either, submit before letters; max never below min; cap 5', () => {
    expect(letterSettings(q())).toMatchObject({
      minLetters: 1,
      maxLetters: 1,
      provides: 'either',
      submitBeforeLetters: true,
    });
    expect(letterSettings(q({ minLetters: 3 })).maxLetters).toBe(3);
    expect(letterSettings(q({ minLetters: 2, maxLetters: 9 })).maxLetters).toBe(5);
  });

  it('the builder refuses more required than allowed, a late date without late letters, a rating without ratings', () => {
    expect(letterQuestionProblem(q({ minLetters: 3, maxLetters: 2 }), '"References"')).toMatch(/more than/);
    expect(formProblem(form([q({ minLetters: 3, maxLetters: 2 })]))).toMatch(/References/);
    expect(letterQuestionProblem(q({ lettersUntil: '2026-12-01T00:00:00Z' }), 'R')).toBe(
      'R: a date for late letters needs "Letters may arrive after the application closes".',
    );
    expect(
      letterQuestionProblem(
        q({
          recommenderQuestions: [
            { key: 'r', type: 'rating', label: 'Overall', required: false, options: ['A'] },
          ],
        }),
        'R',
      ),
    ).toMatch(/two ratings/);
    expect(letterQuestionProblem(q({ minLetters: 2, maxLetters: 3 }), 'R')).toBeNull();
  });

  it('the builder refuses letter counts outside 1 to 5, and says which field', () => {
    expect(letterQuestionIssue(q({ minLetters: 0 }), 'R')).toEqual({
      message: 'R: the letters required must be a whole number from 1 to 5.',
      at: { field: 'minLetters' },
    });
    expect(letterQuestionIssue(q({ maxLetters: 6 }), 'R')?.at).toEqual({ field: 'maxLetters' });
    expect(letterQuestionIssue(q({ minLetters: 1.5 }), 'R')?.at).toEqual({ field: 'minLetters' });
    expect(letterQuestionIssue(q({ minLetters: 3, maxLetters: 2 }), 'R')?.at).toEqual({
      field: 'maxLetters',
    });
    expect(letterQuestionIssue(q({ minLetters: 5, maxLetters: 5 }), 'R')).toBeNull();
  });

  describe('the recommender’s questions', () => {
    const rq = (over: Partial<RecommenderQuestion> = {}): RecommenderQuestion => ({
      key: 'r1',
      type: 'short_text',
      label: 'Known for',
      required: false,
      ...over,
    });
    const issue = (rqs: RecommenderQuestion[]) =>
      letterQuestionIssue(q({ recommenderQuestions: rqs }), '"References"');

    it('each needs a label and a key of its own (named by position when unlabelled)', () => {
      expect(issue([rq(), rq({ key: 'r2', label: '  ' })])).toEqual({
        message: '"References": recommender question 2 needs a label.',
        at: { field: 'label', index: 1 },
      });
      expect(issue([rq(), rq({ label: 'Other' })])).toEqual({
        message: '"References": "Other" has the same key as another.',
        at: { field: 'label', index: 1 },
      });
    });

    it('a rating needs 2 to 10 different ratings (blank lines dropped); text questions need none', () => {
      const rating = (options: string[]) => rq({ type: 'rating', label: 'Overall', options });
      expect(issue([rating(['Good', ' ', ''])])).toEqual({
        message: '"References": "Overall" needs at least two ratings.',
        at: { field: 'options', index: 0 },
      });
      expect(issue([rating(Array.from({ length: 11 }, (_, i) => `R${i}`))])?.message).toBe(
        '"References": "Overall" has more than 10 ratings.',
      );
      expect(issue([rating(['Good', 'good ', 'Fair'])])?.message).toBe(
        '"References": "Overall" lists a rating twice.',
      );
      expect(issue([rating(DEFAULT_RATINGS), rq({ key: 'r2', type: 'long_text' })])).toBeNull();
      // A text question keeps ratings typed before its kind changed; they are dropped when stored.
      expect(issue([rq({ options: ['x'] })])).toBeNull();
      const stored = normalizeForm(form([q({ recommenderQuestions: [rq({ options: ['x'] })] })]));
      expect(stored.questions[0].recommenderQuestions?.[0]).not.toHaveProperty('options');
    });

    it('at most five', () => {
      const six = Array.from({ length: 6 }, (_, i) => rq({ key: `r${i + 1}` }));
      expect(issue(six)).toEqual({
        message: '"References": at most 5 questions for the recommender.',
        at: { field: 'recommenderQuestions' },
      });
      expect(issue(six.slice(0, 5))).toBeNull();
    });
  });

  it('is never a required answer (its requirement is counted in letters), and keeps its settings when stored', () => {
    expect(missingRequiredLabels(form([q({ required: true })]), {})).toEqual([]);
    const stored = normalizeForm(
      form([q({ required: true, minLetters: 2, maxLetters: 3, instructions: ' Hi ' })]),
    );
    expect(stored.questions[0]).toMatchObject({
      required: false,
      minLetters: 2,
      maxLetters: 3,
      instructions: 'Hi',
    });
  });
});

describe('requests', () => {
  const base = { applicantEmail: 'ana@x.test', questionKey: 'refs', max: 5, cap: 3, existing: [] };
  it('refuses the applicant’s own email (any case) and the same person twice for a question', () => {
    expect(requestProblem({ ...base, email: ' ANA@x.test ' })).toBe(letterWords.ownEmail);
    expect(
      requestProblem({
        ...base,
        email: 'b@x.test',
        existing: [{ email: 'B@x.test', state: 'opened', questionKey: 'refs' }],
      }),
    ).toBe(letterWords.duplicate);
    // Asked again after a decline: allowed.
    expect(
      requestProblem({
        ...base,
        email: 'b@x.test',
        existing: [{ email: 'b@x.test', state: 'declined', questionKey: 'refs' }],
      }),
    ).toBeNull();
  });

  it('caps requests at maxLetters + 3 (cancelled ones do not count)', () => {
    expect(requestCap([q({ minLetters: 2, maxLetters: 3 })])).toBe(6);
    const three = ['a', 'b', 'c'].map((e) => ({
      email: `${e}@x.test`,
      state: 'requested' as const,
      questionKey: 'refs',
    }));
    expect(requestProblem({ ...base, email: 'd@x.test', existing: three })).toBe(letterWords.tooMany(3));
    const oneCancelled = [...three.slice(0, 2), { ...three[2], state: 'cancelled' as const }];
    expect(requestProblem({ ...base, email: 'd@x.test', existing: oneCancelled })).toBeNull();
  });

  it('takes no more live requests for a question than its maxLetters (declined, bounced and cancelled ones free a place)', () => {
    const two = ['a', 'b'].map((e) => ({
      email: `${e}@x.test`,
      state: 'opened' as const,
      questionKey: 'refs',
    }));
    const some = { ...base, max: 2, cap: 10, email: 'c@x.test' };
    expect(requestProblem({ ...some, existing: two })).toBe(letterWords.enough(2));
    expect(requestProblem({ ...some, existing: [two[0], { ...two[1], state: 'submitted' }] })).toBe(
      letterWords.enough(2),
    );
    for (const state of ['declined', 'bounced', 'cancelled'] as const)
      expect(requestProblem({ ...some, existing: [two[0], { ...two[1], state }] }), state).toBeNull();
    // Another question's requests count toward the cap only.
    expect(
      requestProblem({ ...some, existing: two.map((r) => ({ ...r, questionKey: 'other' })) }),
    ).toBeNull();
  });

  it('blocks a submit until each question has its requests (submitBeforeLetters) or its letters', () => {
    const before = q({ key: 'a', minLetters: 2, maxLetters: 3 });
    const after = q({ key: 'b', minLetters: 1, submitBeforeLetters: false });
    const r = (questionKey: string, state: LetterState) => ({ questionKey, state });
    const keys = (requests: { questionKey: string; state: LetterState }[]) =>
      lettersLacking([before, after, q({ key: 'c', type: 'short_text' })], requests).map((x) => x.key);
    expect(keys([])).toEqual(['a', 'b']);
    // Requests given up on do not count; a pending one is enough before the letters.
    expect(keys([r('a', 'requested'), r('a', 'declined'), r('a', 'bounced'), r('a', 'cancelled')])).toEqual([
      'a',
      'b',
    ]);
    expect(keys([r('a', 'requested'), r('a', 'opened'), r('b', 'opened')])).toEqual(['b']);
    expect(keys([r('a', 'requested'), r('a', 'submitted'), r('b', 'submitted')])).toEqual([]);
  });

  it('resends once a day', () => {
    const sent = new Date('2026-05-01T10:00:00Z');
    expect(nextResendAt(sent, new Date(sent.getTime() + DAY - 1))).toEqual(new Date(sent.getTime() + DAY));
    expect(nextResendAt(sent, new Date(sent.getTime() + DAY))).toBeNull();
  });
});

describe('deadline and link expiry', () => {
  const close = new Date('2026-06-01T00:00:00Z');
  it('the letter deadline is the close, or lettersUntil when late letters are allowed, or none', () => {
    expect(letterDeadline(q(), close)).toEqual(close);
    expect(
      letterDeadline(q({ lettersAfterClose: true, lettersUntil: '2026-06-15T00:00:00Z' }), close),
    ).toEqual(new Date('2026-06-15T00:00:00Z'));
    expect(letterDeadline(q({ lettersAfterClose: true }), close)).toBeNull();
    expect(letterDeadline(q(), null)).toBeNull();
  });

  it('the application’s close for its letters is its applicant’s last moment (personal deadline, grace, late link)', () => {
    const base = { openAt: null, closeAt: close };
    expect(letterCloseAt(base)).toEqual(close);
    expect(letterCloseAt({ ...base, graceMinutes: 60 })).toEqual(new Date(close.getTime() + 3_600_000));
    const later = new Date(close.getTime() + 3 * DAY);
    expect(letterCloseAt({ ...base, personalCloseAt: later })).toEqual(later);
    // A personal close time earlier than everyone's changes nothing.
    expect(letterCloseAt({ ...base, personalCloseAt: new Date(close.getTime() - DAY) })).toEqual(close);
    expect(letterCloseAt({ ...base, linkCloseAt: later })).toEqual(later);
    expect(letterCloseAt({ openAt: null, closeAt: null })).toBeNull();
    expect(letterDeadline(q(), letterCloseAt({ ...base, personalCloseAt: later }))).toEqual(later);
  });

  it('a link works until the deadline + 7 days (no deadline: 180 days after sending)', () => {
    expect(tokenExpiry(close, new Date('2026-05-01T00:00:00Z'))).toEqual(new Date(close.getTime() + 7 * DAY));
    const sent = new Date('2026-05-01T00:00:00Z');
    expect(tokenExpiry(null, sent)).toEqual(new Date(sent.getTime() + 180 * DAY));
  });

  it('a sent link keeps its stored expiry, or the later one of a deadline moved later', () => {
    const sent = new Date('2026-05-01T00:00:00Z');
    const stored = tokenExpiry(close, sent);
    expect(letterLinkExpiry(stored, close, sent)).toEqual(stored);
    const later = new Date(close.getTime() + 20 * DAY);
    expect(letterLinkExpiry(stored, later, sent)).toEqual(new Date(later.getTime() + 7 * DAY));
    // A deadline moved earlier does not cut a link short.
    expect(letterLinkExpiry(stored, new Date(close.getTime() - 5 * DAY), sent)).toEqual(stored);
    expect(letterLinkExpiry(stored, null, sent)).toEqual(new Date(sent.getTime() + 180 * DAY));
  });
});

describe('what counts as submitted', () => {
  it('needs content of the kind asked for and every required answer', () => {
    const known = { key: 'k', type: 'short_text' as const, label: 'Known for', required: true };
    expect(letterContentProblem(q(), { text: '  ', hasFile: false, answers: {} })).toBe(letterWords.empty);
    expect(letterContentProblem(q({ provides: 'text' }), { text: null, hasFile: true, answers: {} })).toBe(
      letterWords.textOnly,
    );
    expect(letterContentProblem(q({ provides: 'file' }), { text: 'x', hasFile: false, answers: {} })).toBe(
      letterWords.fileOnly,
    );
    expect(
      letterContentProblem(q({ recommenderQuestions: [known] }), { text: 'x', hasFile: false, answers: {} }),
    ).toBe(letterWords.answerRequired('Known for'));
    expect(
      letterContentProblem(q({ recommenderQuestions: [known] }), {
        text: null,
        hasFile: true,
        answers: { k: '3y' },
      }),
    ).toBeNull();
  });
});

const HOUR = 60 * 60 * 1000;
const t0 = new Date('2026-06-01T12:00:00Z').getTime();
const at = (days: number) => new Date(t0 + days * DAY);

const base = {
  lastSentAt: at(0),
  lastReminderAt: null as Date | null,
  afterRequestSent: false,
  beforeDeadlineSent: false,
  deadline: null as Date | null,
  tokenExpiresAt: at(180),
};

/**
 * What a job running every `everyHours` sends to one request between its request (day 0) and `untilDays`:
 * each reminder with the day it went. A resend on `resendDay` sends the request again.
 */
function simulate(opts: {
  deadlineDays: number | null;
  untilDays: number;
  everyHours?: number;
  resendDay?: number;
}): { kind: LetterReminder; day: number }[] {
  const deadline = opts.deadlineDays === null ? null : at(opts.deadlineDays);
  const r = {
    ...base,
    deadline,
    tokenExpiresAt: deadline ? new Date(deadline.getTime() + 7 * DAY) : at(180),
  };
  const sent: { kind: LetterReminder; day: number }[] = [];
  const step = (opts.everyHours ?? 1) * HOUR;
  for (let now = t0; now <= t0 + opts.untilDays * DAY; now += step) {
    if (opts.resendDay !== undefined && now === t0 + opts.resendDay * DAY) r.lastSentAt = new Date(now);
    const due = letterReminderDue({ ...r, now: new Date(now) });
    if (!due) continue;
    sent.push({ kind: due, day: (now - t0) / DAY });
    r.lastReminderAt = new Date(now);
    if (due === 'after_request') r.afterRequestSent = true;
    else r.beforeDeadlineSent = true;
  }
  return sent;
}

describe('letter reminder timing', () => {
  it('the defaults: 7 days after the request, 3 days before the deadline, 2 days apart at least', () => {
    expect(REMIND_AFTER_MS).toBe(7 * DAY);
    expect(REMIND_BEFORE_DEADLINE_MS).toBe(3 * DAY);
    expect(REMINDER_GAP_MS).toBe(2 * DAY);
  });

  it('without a deadline: one reminder, 7 days after the request', () => {
    expect(letterReminderDue({ ...base, now: new Date(at(7).getTime() - 1) })).toBeNull();
    expect(letterReminderDue({ ...base, now: at(7) })).toBe('after_request');
    expect(simulate({ deadlineDays: null, untilDays: 60 })).toEqual([{ kind: 'after_request', day: 7 }]);
  });

  it('with a deadline far enough: 7 days after, then 3 days before the deadline', () => {
    expect(simulate({ deadlineDays: 30, untilDays: 40 })).toEqual([
      { kind: 'after_request', day: 7 },
      { kind: 'before_deadline', day: 27 },
    ]);
    const r = { ...base, deadline: at(30), tokenExpiresAt: at(37) };
    expect(
      letterReminderDue({ ...r, afterRequestSent: true, now: new Date(at(27).getTime() - 1) }),
    ).toBeNull();
    expect(letterReminderDue({ ...r, afterRequestSent: true, now: at(27) })).toBe('before_deadline');
  });

  it('a 7-day reminder that would fall in the last 3 days is folded into the deadline one', () => {
    // Deadline on day 9: the last 3 days start on day 6; day 7 is inside them.
    expect(simulate({ deadlineDays: 9, untilDays: 20 })).toEqual([{ kind: 'before_deadline', day: 6 }]);
    expect(simulate({ deadlineDays: 10, untilDays: 20 })).toEqual([{ kind: 'before_deadline', day: 7 }]);
  });

  it('never two reminders within 2 days: the deadline one waits', () => {
    // Day 7 reminder, the deadline's on day 8 (deadline 11) would be a day later: it goes on day 9.
    expect(simulate({ deadlineDays: 11, untilDays: 20 })).toEqual([
      { kind: 'after_request', day: 7 },
      { kind: 'before_deadline', day: 9 },
    ]);
  });

  it('a request sent in the last days gets its one reminder 2 days after it, if before the deadline', () => {
    const late = (requestBefore: number) =>
      simulate({ deadlineDays: requestBefore, untilDays: requestBefore + 10 }).map((s) => s.day);
    expect(late(3)).toEqual([2]);
    expect(late(2)).toEqual([]);
    expect(late(1)).toEqual([]);
  });

  it('nothing after the deadline or once the link expired', () => {
    const r = { ...base, deadline: at(5), tokenExpiresAt: at(12) };
    expect(letterReminderDue({ ...r, now: at(5) })).toBeNull();
    expect(letterReminderDue({ ...r, now: at(8) })).toBeNull();
    expect(letterReminderDue({ ...base, tokenExpiresAt: at(7), now: at(7) })).toBeNull();
    expect(letterReminderDue({ ...base, tokenExpiresAt: at(7), now: at(8) })).toBeNull();
  });

  it('a resend before the 7-day reminder moves it to 7 days after the resend', () => {
    expect(simulate({ deadlineDays: null, untilDays: 30, resendDay: 4 })).toEqual([
      { kind: 'after_request', day: 11 },
    ]);
    expect(letterReminderDue({ ...base, lastSentAt: at(4), now: at(7) })).toBeNull();
  });

  it('a resend after the 7-day reminder brings no second one', () => {
    expect(simulate({ deadlineDays: null, untilDays: 60, resendDay: 9 })).toEqual([
      { kind: 'after_request', day: 7 },
    ]);
  });

  it('a resend just before the last days postpones the deadline reminder by the gap', () => {
    expect(simulate({ deadlineDays: 30, untilDays: 40, resendDay: 26 })).toEqual([
      { kind: 'after_request', day: 7 },
      { kind: 'before_deadline', day: 28 },
    ]);
  });

  it('whatever the deadline, resend and job interval: each reminder at most once, never within 2 days of another email, never after the deadline', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
        fc.constantFrom(1, 3, 6, 24),
        (deadlineDays, resendDay, everyHours) => {
          const sent = simulate({ deadlineDays, untilDays: 70, everyHours, resendDay });
          const kinds = sent.map((s) => s.kind);
          expect(new Set(kinds).size).toBe(kinds.length);
          const emails = [0, ...(resendDay !== undefined ? [resendDay] : []), ...sent.map((s) => s.day)].sort(
            (a, b) => a - b,
          );
          for (const s of sent) {
            const before = emails.filter((d) => d < s.day);
            expect(s.day - before[before.length - 1]).toBeGreaterThanOrEqual(2);
            if (deadlineDays !== null) expect(s.day).toBeLessThan(deadlineDays);
          }
          if (deadlineDays !== null)
            for (const s of sent.filter((x) => x.kind === 'after_request'))
              expect(s.day).toBeLessThan(deadlineDays - 3);
        },
      ),
    );
  });
});

describe('a letter’s file', () => {
  it('is a PDF under 50 MB (the answer files’ size rule), checked first on the page', () => {
    const pdf = { name: 'Letter.PDF', type: 'application/pdf', size: 1000 };
    expect(letterFileProblem(pdf)).toBeNull();
    expect(letterFileProblem({ ...pdf, type: '' })).toBeNull();
    expect(letterFileProblem({ ...pdf, type: 'image/png' })).toBe(letterUpload.typeMessage());
    expect(letterFileProblem({ ...pdf, name: 'letter.docx', type: '' })).toBe(letterUpload.typeMessage());
    expect(letterFileProblem({ ...pdf, size: letterUpload.maxBytes })).toBe(letterUpload.sizeMessage);
  });
});
