// Precompresses the built web app (dist/web) next to each file: name.br (brotli, quality 11) and
// name.gz (gzip, level 9), for text assets worth compressing. The server picks one by Accept-Encoding.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist/web';
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    // index.html is compressed by the server at start (it adds per-request hints to it).
    else if (COMPRESSIBLE.test(entry.name) && full !== path.join(root, 'index.html')) yield full;
  }
}

let raw = 0;
let br = 0;
let gz = 0;
for (const file of files(root)) {
  if (statSync(file).size < MIN_BYTES) continue;
  const data = readFileSync(file);
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gzip = gzipSync(data, { level: 9 });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzip);
  raw += data.length;
  br += brotli.length;
  gz += gzip.length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`precompressed ${root}: ${kb(raw)} → brotli ${kb(br)}, gzip ${kb(gz)}`);
