// Bundles the server into dist/server/index.js (Node 20 does not run TypeScript); packages stay external.
// Dynamic imports become chunks of their own, so what a deployment does not use is never loaded
// (pg on PGlite, PGlite on PostgreSQL, the AWS SDK without S3).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/index.ts'],
  outdir: 'dist/server',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('built dist/server/index.js');
