import { describe, expect, it } from 'vitest';
import {
  aggregateOf,
  type Criterion,
  DISAGREEMENT_SPREAD,
  mayReadOthers,
  normalizeCriteria,
  ranksOf,
  rubricProblem,
  sameScoring,
  scoresProblem,
  sheetTotal,
} from './scoring';

const c = (key: string, over: Partial<Criterion> = {}): Criterion => ({
  key,
  name: key,
  min: 1,
  max: 5,
  weight: 1,
  counts: true,
  ...over,
});

describe('sheet totals (0–100, weighted)', () => {
  it('takes each score as a share of its scale and weights it', () => {
    const rubric = [c('tone', { weight: 2 }), c('rhythm', { min: 0, max: 10 })];
    // tone 4 on 1–5 = 75 %, rhythm 5 on 0–10 = 50 %: (2·75 + 1·50) / 3 = 66.67
    expect(sheetTotal(rubric, { tone: 4, rhythm: 5 })).toBe(66.67);
    expect(sheetTotal(rubric, { tone: 5, rhythm: 10 })).toBe(100);
    expect(sheetTotal(rubric, { tone: 1, rhythm: 0 })).toBe(0);
  });

  it('leaves non-scoring criteria and blank scores out', () => {
    const rubric = [c('tone'), c('callback', { counts: false, min: 0, max: 1 })];
    expect(sheetTotal(rubric, { tone: 3, callback: 1 })).toBe(50);
    expect(sheetTotal(rubric, { tone: 3, callback: 0 })).toBe(50);
    expect(sheetTotal(rubric, { tone: null, callback: 1 })).toBeNull();
    expect(sheetTotal([c('a'), c('b')], { a: 5, b: null })).toBe(100);
  });

  it('gives an abstention no total', () => {
    expect(sheetTotal([c('a')], { a: 5 }, true)).toBeNull();
  });
});

describe('aggregates of an application', () => {
  it('averages, takes the median and the sample spread of the submitted totals', () => {
    const agg = aggregateOf([40, 80, 60], 3);
    expect(agg).toMatchObject({ sheets: 3, assigned: 3, scored: 3, mean: 60, median: 60, spread: 20 });
    expect(agg.disagreement).toBe(true);
    expect(aggregateOf([70, 80], 2)).toMatchObject({
      mean: 75,
      median: 75,
      spread: 7.07,
      disagreement: false,
    });
  });

  it('leaves abstentions out of the numbers but counts them as submitted sheets', () => {
    expect(aggregateOf([null, 90], 3)).toMatchObject({
      sheets: 2,
      assigned: 3,
      scored: 1,
      mean: 90,
      median: 90,
      spread: null,
      disagreement: false,
    });
    expect(aggregateOf([null], 1)).toMatchObject({ scored: 0, mean: null, median: null, spread: null });
    expect(aggregateOf([], 2)).toMatchObject({ sheets: 0, assigned: 2, mean: null });
  });

  it('takes the middle pair for an even count', () => {
    expect(aggregateOf([10, 20, 90, 100], 4).median).toBe(55);
  });

  it('flags disagreement at the threshold', () => {
    const d = DISAGREEMENT_SPREAD;
    // Two totals x ± s/√2 have sample spread s.
    expect(aggregateOf([50 - d / Math.SQRT2, 50 + d / Math.SQRT2], 2).disagreement).toBe(true);
    expect(aggregateOf([50 - (d - 1) / Math.SQRT2, 50 + (d - 1) / Math.SQRT2], 2).disagreement).toBe(false);
  });

  it('ranks by mean, highest first, ties sharing a rank', () => {
    expect(ranksOf([70, null, 90, 70, 10])).toEqual([2, null, 1, 2, 4]);
  });
});

describe('rubric rules', () => {
  it('needs names, distinct keys and names, a scale and a positive weight', () => {
    expect(rubricProblem([c('a', { name: ' ' })], 'independent')).toBe('Criterion 1 needs a name.');
    expect(rubricProblem([c('a'), c('a', { name: 'b' })], 'independent')).toMatch(/same key/);
    expect(rubricProblem([c('a', { name: 'Tone' }), c('b', { name: 'tone' })], 'independent')).toMatch(
      /Two criteria/,
    );
    expect(rubricProblem([c('a', { min: 5, max: 5 })], 'independent')).toMatch(/scale/);
    expect(rubricProblem([c('a', { weight: 0 })], 'independent')).toMatch(/weight/);
    expect(rubricProblem([c('a')], 'independent')).toBeNull();
  });

  it('needs a counting criterion in independent mode only', () => {
    expect(rubricProblem([c('a', { counts: false })], 'independent')).toBe(
      'Add at least one criterion that counts toward the total.',
    );
    expect(rubricProblem([], 'independent')).not.toBeNull();
    expect(rubricProblem([], 'shared')).toBeNull();
  });

  it('normalizes text and tells a scoring change from a wording change', () => {
    const [n] = normalizeCriteria([c('a', { name: ' Tone ', guidance: '  ' })]);
    expect(n).toEqual({ key: 'a', name: 'Tone', min: 1, max: 5, weight: 1, counts: true });
    expect(sameScoring([c('a'), c('b')], [c('b', { name: 'B' }), c('a', { guidance: 'x' })])).toBe(true);
    expect(sameScoring([c('a')], [c('a', { max: 10 })])).toBe(false);
    expect(sameScoring([c('a')], [c('a', { weight: 2 })])).toBe(false);
    expect(sameScoring([c('a')], [c('a', { counts: false })])).toBe(false);
    expect(sameScoring([c('a')], [c('a'), c('b')])).toBe(false);
  });

  it('checks scores against the rubric, and completeness on submit', () => {
    const rubric = [c('a'), c('b', { counts: false })];
    expect(scoresProblem(rubric, { a: 6 }, { submit: false, abstain: false })?.field).toBe('scores.a');
    expect(scoresProblem(rubric, { a: 2.5 }, { submit: false, abstain: false })).not.toBeNull();
    expect(scoresProblem(rubric, { z: 1 }, { submit: false, abstain: false })?.message).toMatch(/not in/);
    expect(scoresProblem(rubric, { a: null }, { submit: false, abstain: false })).toBeNull();
    expect(scoresProblem(rubric, {}, { submit: true, abstain: false })?.message).toMatch(/Score every/);
    expect(scoresProblem(rubric, { a: 3 }, { submit: true, abstain: false })).toBeNull();
    expect(scoresProblem(rubric, {}, { submit: true, abstain: true })).toBeNull();
  });
});

describe('independence', () => {
  it('lets a reviewer read others never, after their own submission, or always', () => {
    expect(mayReadOthers('never', true)).toBe(false);
    expect(mayReadOthers('after_submit', false)).toBe(false);
    expect(mayReadOthers('after_submit', true)).toBe(true);
    expect(mayReadOthers('always', false)).toBe(true);
  });
});
