/**
 * The API contract from the code (decision 040):
 *   tsx scripts/openapi.ts doc <file>   writes the OpenAPI document (what /api/openapi.json serves)
 *   tsx scripts/openapi.ts types        regenerates the typed client's types (openapi-typescript 6)
 * `npm run lint:openapi` lints the document with redocly's recommended rules;
 * `npm run openapi:types` refreshes tests/support/openapi/api-types.gen.ts after a route changes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from '../src/server/openapi-document';
import { generateApiTypes, TYPES_FILE } from '../tests/support/openapi/generate';

const [command, file] = process.argv.slice(2);
const doc = buildOpenApiDocument();
if (command === 'doc' && file) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(doc, null, 2));
} else if (command === 'types') {
  writeFileSync(TYPES_FILE, await generateApiTypes(doc));
  console.log(`wrote ${TYPES_FILE}`);
} else {
  console.error('usage: tsx scripts/openapi.ts doc <file> | types');
  process.exit(2);
}
process.exit(0);
