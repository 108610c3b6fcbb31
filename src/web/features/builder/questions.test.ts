import { describe, expect, it } from 'vitest';
import { newQuestion, newRecommenderQuestionKey } from './questions';

describe('new keys and questions of the builder', () => {
  it('a recommender question key is random (r_ and six letters or digits), never one in use', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const key = newRecommenderQuestionKey([...keys].map((key) => ({ key })));
      expect(key).toMatch(/^r_[a-z0-9]{6}$/);
      expect(keys.has(key)).toBe(false);
      keys.add(key);
    }
  });

  it('a new reference letter question asks for one letter, typed or uploaded', () => {
    expect(newQuestion('reference_letter', [])).toMatchObject({
      type: 'reference_letter',
      label: 'Reference letter',
      required: false,
      minLetters: 1,
      maxLetters: 1,
      provides: 'either',
    });
  });
});
