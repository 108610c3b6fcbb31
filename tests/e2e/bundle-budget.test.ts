import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeBundle, BUDGET_KB } from '../../bench/bundle';
import { ROOT } from './support/server';

// The built app is what the other e2e files serve; its landing page must stay within the JS budget.
describe('landing page JavaScript', () => {
  it(`stays within ${BUDGET_KB} KB gzip`, () => {
    const report = analyzeBundle(path.join(ROOT, 'dist/web'));
    console.log(`landing JS: ${report.landing.gzipKb} KB gzip (budget ${BUDGET_KB} KB)`);
    expect(report.landing.gzipKb).toBeGreaterThan(50);
    expect(report.landing.gzipKb).toBeLessThanOrEqual(BUDGET_KB);
  });
});
