/** Runs only the memory bench against the last build: `npx tsx bench/memory-only.ts`. */
import path from 'node:path';
import { runMemoryBench } from './memory';

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
runMemoryBench(root, env, console.log).then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
