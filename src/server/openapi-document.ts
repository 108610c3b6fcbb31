import { OpenAPIHono } from '@hono/zod-openapi';
import { apiRouters } from './app';
import type { AppEnv } from './context';
import { openApiDocument, securitySchemes } from './http/openapi';

/**
 * The OpenAPI document of every API router, built without a server or database (scripts: the typed
 * client's types, linting). The running server serves the same document at /api/openapi.json.
 */
export function buildOpenApiDocument(publicUrl = 'http://localhost:3000') {
  const api = new OpenAPIHono<AppEnv>();
  for (const routes of apiRouters) api.route('/', routes);
  for (const [name, scheme] of Object.entries(securitySchemes)) {
    api.openAPIRegistry.registerComponent('securitySchemes', name, scheme);
  }
  return api.getOpenAPI31Document(openApiDocument(publicUrl));
}
