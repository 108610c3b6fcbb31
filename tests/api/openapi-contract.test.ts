import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';

const run = promisify(execFile);

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}
interface Doc {
  servers?: { url: string }[];
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string; in?: string }> };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.json('GET', '/api/openapi.json')).body;
}, 60_000);
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.entries(methods).map(([m, op]) => ({ route: `${m.toUpperCase()} ${p}`, op })),
  );

describe('the OpenAPI document (issue 22 item 6, decision 040)', () => {
  it('gives every operation an operationId, a summary and its security', () => {
    const lacking = operations().flatMap(({ route, op }) => {
      const missing = [
        !op.operationId && 'operationId',
        !op.summary?.trim() && 'summary',
        !Array.isArray(op.security) && 'security',
      ].filter(Boolean);
      return missing.length
        ? [
            `${route} lacks ${missing.join(', ')}: declare it with apiRoute(operationId, access, {…}) from src/server/http/openapi.ts`,
          ]
        : [];
    });
    expect(lacking).toEqual([]);
  });

  it('has unique operationIds', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const { route, op } of operations()) {
      const id = op.operationId as string;
      if (seen.has(id)) clashes.push(`${id}: ${seen.get(id)} and ${route}`);
      seen.set(id, route);
    }
    expect(clashes).toEqual([]);
  });

  it('declares both security schemes, uses only them, and names its server', () => {
    expect(doc.components?.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie' },
      apiToken: { type: 'http', scheme: 'bearer' },
    });
    expect(doc.servers).toEqual([expect.objectContaining({ url: `${TEST_ORIGIN}/api` })]);
    const schemes = new Set(operations().flatMap(({ op }) => (op.security ?? []).flatMap(Object.keys)));
    expect([...schemes].sort()).toEqual(['apiToken', 'session']);
  });

  it('offers API tokens on org-admin work only: never super-admin, personal or token routes', () => {
    const tokenRoutes = operations()
      .filter(({ op }) => op.security?.some((s) => 'apiToken' in s))
      .map((o) => o.route);
    expect(tokenRoutes).toContain('GET /orgs/{slug}/settings');
    expect(tokenRoutes).toContain('POST /orgs/{slug}/programs');
    const forbidden = tokenRoutes.filter((r) => /^\w+ \/(super|me|demo)\b|api-tokens/.test(r));
    expect(forbidden).toEqual([]);
  });

  it('lists the 401 a token that is not valid gets on every operation, public ones too', async () => {
    const lacking = operations()
      .filter(({ op }) => !op.responses?.['401'])
      .map((o) => o.route);
    expect(lacking).toEqual([]);
    // What the document says is what a public route answers to a bad token (it serves no token as a visitor).
    for (const url of ['/api/featured', '/api/config', '/api/health']) {
      expect((await t.request('GET', url)).status, url).toBe(200);
      const res = await t.request('GET', url, { headers: { authorization: `Bearer ahp_${'x'.repeat(43)}` } });
      expect(res.status, url).toBe(401);
    }
  });

  it('passes redocly lint with the recommended rules and no errors', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'applyhub-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const bin = path.resolve('node_modules/.bin/redocly');
      const result = await run(
        bin,
        ['lint', file, '--config', path.resolve('redocly.yaml'), '--format', 'json'],
        { maxBuffer: 32 * 1024 * 1024 },
      ).catch((err: { stdout?: string; code?: number }) => ({ stdout: err.stdout ?? '', code: err.code }));
      const report = JSON.parse(result.stdout) as {
        totals: { errors: number };
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const errors = report.problems
        .filter((p) => p.severity === 'error')
        .map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
