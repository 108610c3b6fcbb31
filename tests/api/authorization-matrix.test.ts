import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type Role, roles, type World } from '../support/world';
import { apiTokensArea } from './matrix/api-tokens';
import { applicationsArea } from './matrix/applications';
import { coreArea } from './matrix/core';
import { dataOutArea } from './matrix/data-out';
import { featuredArea } from './matrix/featured';
import { filesArea } from './matrix/files';
import type { MatrixArea, Row } from './matrix/helpers';
import { lateLinksArea } from './matrix/late-links';
import { lettersArea } from './matrix/letters';
import { mailArea } from './matrix/mail';
import { messagesArea } from './matrix/messages';
import { privacyArea } from './matrix/privacy';
import { readBack } from './matrix/read-back';
import { resultsArea } from './matrix/results';
import { reviewsArea } from './matrix/reviews';
import { scoringArea } from './matrix/scoring';
import { screeningArea } from './matrix/screening';
import { stagesArea } from './matrix/stages';
import { superArea } from './matrix/super';
import { webhooksArea } from './matrix/webhooks';

const areas: MatrixArea[] = [
  applicationsArea,
  filesArea,
  reviewsArea,
  scoringArea,
  resultsArea,
  superArea,
  featuredArea,
  dataOutArea,
  mailArea,
  apiTokensArea,
  webhooksArea,
  coreArea,
  privacyArea,
  messagesArea,
  screeningArea,
  lateLinksArea,
  lettersArea,
  stagesArea,
];
// Read-only and self-contained rows first; rows that change shared state last (core's onboarding at the very end).
const rows = [...areas.flatMap((a) => a.rows), ...areas.flatMap((a) => a.lastRows ?? [])];

let t: TestApp;
let world: World;
/** Each operation's query parameters, from the OpenAPI document. */
const queryOf = new Map<string, string[]>();
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  for (const area of areas) await area.prepare?.(t, world);
  const doc = (await t.json('GET', '/api/openapi.json')).body;
  for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths))
    for (const [method, op] of Object.entries<any>(ops))
      queryOf.set(
        `${method.toUpperCase()} ${path}`,
        (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name),
      );
}, 180_000);

/**
 * Who before what (DESIGN §5 rule 13): the same request with input no schema accepts: a body of the
 * wrong shape, every query parameter malformed, and (one at a time) every path id malformed.
 * A caller refused with good input is refused the same way with bad input (a malformed id: 403 or
 * 404 alike, it names nothing), never 400.
 */
function badInputs(
  row: Row,
  w: World,
): { label: string; path: string; body?: unknown; malformedId: boolean }[] {
  const [method, template] = row.route.split(' ');
  const path = row.path(w);
  const [pathname, search = ''] = path.split('?');
  const variants: { label: string; path: string; body?: unknown; malformedId: boolean }[] = [];
  if (method !== 'GET')
    variants.push({ label: 'bad body', path, body: [['not', 'this']], malformedId: false });
  const query = queryOf.get(row.route) ?? [];
  if (query.length > 0) {
    const params = new URLSearchParams(search);
    for (const q of query) params.set(q, `bad-${'x'.repeat(600)}`);
    variants.push({
      label: 'bad query',
      path: `${pathname}?${params}`,
      body: row.body?.(w),
      malformedId: false,
    });
  }
  const shape = template.split('/');
  const concrete = pathname.replace(/^\/api/, '').split('/');
  shape.forEach((part, i) => {
    if (!/^\{\w+\}$/.test(part) || part === '{slug}') return;
    const bad = [...concrete];
    bad[i] = 'not-an-id';
    variants.push({
      label: `malformed ${part}`,
      path: `/api${bad.join('/')}${search ? `?${search}` : ''}`,
      body: row.body?.(w),
      malformedId: true,
    });
  });
  return variants;
}
afterAll(() => t.close());
describe('authorization matrix', () => {
  it('has a row for every route in the OpenAPI document', async () => {
    const doc = (await t.json('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const covered = new Set(rows.map((r) => r.route));
    expect(documented.filter((r) => !covered.has(r))).toEqual([]);
    expect([...covered].filter((r) => !documented.includes(r))).toEqual([]);
  });

  it('names the table family of every write route', () => {
    const unnamed = rows.filter((r) => !r.route.startsWith('GET ') && r.writes === undefined);
    expect(unnamed.map((r) => r.route)).toEqual([]);
  });

  for (const row of rows) {
    it(row.route, async () => {
      const method = row.route.split(' ')[0];
      const got: Partial<Record<Role, number>> = {};
      // Refused callers whose request changed the route's tables all the same.
      const changedAnyway: string[] = [];
      // Whether an accepted call changed the family: else the read-back proves nothing for this route.
      let accepted = false;
      let changedWhenAccepted = false;
      for (const role of roles) {
        const before = row.writes ? await readBack(t.deps.db, row.writes) : null;
        const res = await t.request(method, row.path(world), {
          as: world.cookies[role],
          body: row.body?.(world),
        });
        got[role] = res.status;
        // Like a client that goes away: a download left unread would hold its slot (exports/limiter.ts).
        await res.body?.cancel();
        const changed = before !== null && row.writes && (await readBack(t.deps.db, row.writes)) !== before;
        if (res.status >= 400 && changed && !row.refusalWrites?.[role])
          changedAnyway.push(`${role} (${res.status})`);
        if (res.status < 300) {
          accepted = true;
          changedWhenAccepted ||= !!changed;
        }
      }
      expect(got).toEqual(row.expect);
      expect(changedAnyway).toEqual([]);
      if (row.writes && accepted)
        expect(changedWhenAccepted, `an accepted ${row.route} changed no ${row.writes} table`).toBe(true);

      // Who before what: every refused caller is refused the same way whatever it sends.
      const whoFirst: string[] = [];
      for (const role of roles) {
        const refused = row.expect[role];
        if (![401, 403, 404].includes(refused)) continue;
        const asks = row.refusedForWhatTheyAsk?.roles;
        const mayAsk = refused !== 401 && (asks === 'all' || asks?.includes(role));
        for (const v of badInputs(row, world)) {
          const res = await t.request(method, v.path, { as: world.cookies[role], body: v.body });
          await res.body?.cancel();
          const fine =
            (mayAsk && res.status === 400) ||
            (v.malformedId && refused !== 401 ? [403, 404].includes(res.status) : res.status === refused);
          if (!fine)
            whoFirst.push(`${role} ${v.label}: ${res.status} (refused with ${refused} for good input)`);
        }
      }
      expect(whoFirst).toEqual([]);
    });
  }
});
