import { execSync } from 'node:child_process';
import { chromiumPath } from './support/browser';
import { makeTemplate, ROOT } from './support/server';

/**
 * Builds the app once for the whole e2e run (the servers run the built JavaScript, as `npm start` does).
 * Skipped with E2E_SKIP_BUILD=1, and under `npm run test:e2e`, whose script has just built. Then makes
 * the PGlite data directory that servers copy instead of initialising their own (not on PostgreSQL).
 */
export default async function setup() {
  chromiumPath(); // fail fast, with the install hint, before building anything
  const built = process.env.E2E_SKIP_BUILD === '1' || process.env.npm_lifecycle_event === 'test:e2e';
  // vitest sets NODE_ENV=test, which would make Vite ship React's development build.
  if (!built) {
    execSync('npm run build', {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  if (!process.env.DATABASE_URL) await makeTemplate();
}
