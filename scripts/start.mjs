// npm start: build whatever is missing or stale, then run plain JavaScript.
// `node scripts/start.mjs migrate` (npm run db:migrate): only migrate the database (decision 055).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name === 'node_modules' || entry.name === 'routeTree.gen.ts') continue;
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const sourceTime = (dirs) =>
  Math.max(...dirs.map((d) => (existsSync(d) ? newest(d) : 0)), mtime('package.json'));

const migrateOnly = process.argv[2] === 'migrate';
if (
  !migrateOnly &&
  mtime('dist/web/index.html') <
    Math.max(sourceTime(['src/web', 'src/shared', 'public']), mtime('index.html'), mtime('vite.config.ts'))
) {
  execSync('npm run build:web', { stdio: 'inherit' });
}
if (mtime('dist/server/index.js') < sourceTime(['src/server', 'src/shared'])) {
  execSync('npm run build:server', { stdio: 'inherit' });
}
await import(path.resolve('dist/server/index.js')).then((m) =>
  (migrateOnly ? m.migrateOnly() : m.start()).catch((err) => {
    console.error(
      err?.constructor?.name === 'ConfigError'
        ? `Configuration error: ${err.message}`
        : `ApplyHub could not start: ${err?.message ?? err}`,
    );
    process.exit(1);
  }),
);
