/** Runs only the Lighthouse bench against the last build: `npx tsx bench/lighthouse-only.ts`. */
import path from 'node:path';
import { runLighthouseBench } from './lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const { DATABASE_URL: _unused, ...inherited } = process.env;
const env = (port: number, dataDir: string): NodeJS.ProcessEnv => ({
  ...inherited,
  NODE_ENV: 'development',
  DEMO_MODE: '1',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  LOG_REQUESTS: '0',
});
runLighthouseBench(root, env, console.log).then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
