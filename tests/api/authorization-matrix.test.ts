import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type Role, roles, type World } from '../support/world';
import { apiTokensArea } from './matrix/api-tokens';
import { applicationsArea } from './matrix/applications';
import { coreArea } from './matrix/core';
import { dataOutArea } from './matrix/data-out';
import { featuredArea } from './matrix/featured';
import { filesArea } from './matrix/files';
import type { MatrixArea } from './matrix/helpers';
import { mailArea } from './matrix/mail';
import { messagesArea } from './matrix/messages';
import { privacyArea } from './matrix/privacy';
import { readBack } from './matrix/read-back';
import { resultsArea } from './matrix/results';
import { reviewsArea } from './matrix/reviews';
import { scoringArea } from './matrix/scoring';
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
];
// Read-only and self-contained rows first; rows that change shared state last (core's onboarding at the very end).
const rows = [...areas.flatMap((a) => a.rows), ...areas.flatMap((a) => a.lastRows ?? [])];

let t: TestApp;
let world: World;
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  for (const area of areas) await area.prepare?.(t, world);
}, 180_000);
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
    });
  }
});
