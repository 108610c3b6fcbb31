import { execSync } from 'node:child_process';
import { chromiumPath } from './support/browser';
import { ROOT } from './support/server';

/**
 * Builds the app once for the whole e2e run (the servers run the built JavaScript, as `npm start` does).
 * Skipped with E2E_SKIP_BUILD=1, and under `npm run test:e2e`, whose script has just built.
 */
export default function setup() {
  chromiumPath(); // fail fast, with the install hint, before building anything
  if (process.env.E2E_SKIP_BUILD === '1') return;
  if (process.env.npm_lifecycle_event === 'test:e2e') return;
  // vitest sets NODE_ENV=test, which would make Vite ship React's development build.
  execSync('npm run build', { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
