import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/server/db/seed';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { reviewDetailSchema, reviewQueueSchema } from '../../src/shared/schemas/reviews';
import {
  completeProfile,
  onboardedUser,
  startApplication,
  submitApplication,
  uploadFile,
} from '../support/factory';
import { assign, auditionRubric, scoreSheet, scoringDetail, setScoring } from '../support/scoring';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Blind review (issue 20 item 6): a blind program's reviewers are sent no identity field at all. The
 * test walks the JSON of every reviewer-facing route and every realtime message they receive, and
 * checks that the same data does reach the org admin (so a check that finds nothing could fail).
 */

const YOUTH = demoProgramId(1);
const SCHOLARSHIP = demoProgramId(2);

let t: TestApp;
let admin: string;
let reviewer: { cookie: string; id: string };
let second: { cookie: string; id: string };
let applicationId = '';
/** Everything that identifies the applicant, as it would appear in a response. */
let needles: string[] = [];

const later = () => t.clock.advance(3_000);

async function addReviewer(programId: string, email: string) {
  later();
  const user = await onboardedUser(t, email);
  expect(
    (await t.json('POST', `/api/programs/${programId}/reviewers`, { as: admin, body: { email } })).status,
  ).toBe(200);
  return user;
}

function leaks(label: string, body: unknown): string[] {
  const text = JSON.stringify(body);
  return needles.filter((n) => text.includes(n)).map((n) => `${label}: ${n}`);
}

/** The `ref:` file links and real paths in a body. */
function filePaths(body: unknown): string[] {
  const found: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.filePath === 'string') found.push(o.filePath);
      Object.values(o).forEach(walk);
    }
  };
  walk(body);
  return found;
}

/** Reads Server-Sent Events from a response until `count` change events arrived (each wait bounded). */
async function changes(res: Response, count: number): Promise<unknown[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: unknown[] = [];
  const deadline = Date.now() + 10_000;
  while (events.length < count && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<{ done: true; value: undefined }>((resolve) =>
        setTimeout(() => resolve({ done: true, value: undefined }), Math.max(0, deadline - Date.now())),
      ),
    ]);
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.includes('event: change'))
        events.push(
          JSON.parse(
            block
              .split('\n')
              .find((l) => l.startsWith('data: '))!
              .slice(6),
          ),
        );
      end = buffer.indexOf('\n\n');
    }
  }
  await reader.cancel().catch(() => {});
  return events;
}

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
  admin = await t.signIn('admin@demo.test');
  await setScoring(t, admin, YOUTH, {
    criteria: auditionRubric,
    blind: true,
    hidden_questions: ['q_years_playing'],
  });
  reviewer = await addReviewer(YOUTH, 'blind.judge@example.test');
  second = await addReviewer(YOUTH, 'blind.second@example.test');

  later();
  const applicant = await onboardedUser(t, 'zelda.quinlan@example.test', 'Zelda Quinlan-Marsh');
  await completeProfile(t, applicant.cookie, {
    full_name: 'Zelda Quinlan-Marsh',
    phone_number: '555-0199',
    address_line1: '77 Hidden Lane',
    parent_guardian_name: 'Priscilla Quinlan',
    parent_guardian_email: 'priscilla.q@example.test',
  });
  applicationId = await startApplication(t, applicant.cookie, YOUTH);
  const recording = await uploadFile(t, applicant.cookie, 'answer', {
    applicationId,
    fieldKey: 'q_recording',
    name: 'Zelda-Quinlan-recording.pdf',
  });
  await submitApplication(t, applicant.cookie, applicationId, {
    q_recording: recording,
    q_years_playing: 'Nine years at Quinlan Academy',
  });
  needles = [
    'Zelda',
    'Quinlan',
    'zelda.quinlan@example.test',
    applicant.id,
    '555-0199',
    '77 Hidden Lane',
    'priscilla.q@example.test',
  ];
  await assign(t, admin, YOUTH, [applicationId], [reviewer.id, second.id]);
}, 120_000);
afterAll(() => t.close());

describe('a blind program', () => {
  it('sends its reviewers no identity field, in any reviewer-facing route or file link', async () => {
    const as = reviewer.cookie;
    // The reviewer saves, submits and asks to reopen: every answer they get is walked too.
    const saved = await scoreSheet(t, as, applicationId, { tone: 3 }, { submit: false, comments: 'Clean' });
    const submitted = await scoreSheet(t, as, applicationId, { tone: 3, rhythm: 7 });
    const reopen = await t.json('POST', `/api/score-sheets/${submitted.id}/reopen-request`, {
      as,
      body: { note: 'Check' },
    });
    const bodies: Record<string, unknown> = {
      'PUT score-sheet (draft)': saved,
      'PUT score-sheet (submit)': submitted,
      'POST reopen-request': reopen.body,
    };
    for (const path of [
      `/api/review/programs/${YOUTH}/queue`,
      `/api/review/programs/${YOUTH}/next`,
      '/api/review/pending-counts',
      '/api/reviews?limit=1000',
      `/api/reviews?limit=1000&program_id=${YOUTH}`,
      '/api/reviews?search=Zelda',
      '/api/reviews?search=Quinlan',
      `/api/applications/${applicationId}`,
      `/api/applications/${applicationId}/review`,
      `/api/applications/${applicationId}/scoring`,
      `/api/score-sheets/${submitted.id}`,
      '/api/me/capabilities',
      '/api/me',
    ]) {
      const res = await t.json('GET', path, { as });
      expect(res.status, path).toBe(200);
      bodies[`GET ${path}`] = res.body;
    }
    // Files: opaque links, signed and downloaded without a name.
    const paths = [...new Set(Object.values(bodies).flatMap(filePaths))];
    expect(paths.length).toBeGreaterThanOrEqual(2); // the recording and the resume
    expect(paths.every((p) => p.startsWith('ref:'))).toBe(true);
    for (const path of paths) {
      const signed = await t.json('POST', '/api/files/sign', { as, body: { path } });
      expect(signed.status).toBe(200);
      bodies[`POST /api/files/sign ${path}`] = signed.body;
      const file = await t.request('GET', signed.body.url, { as });
      expect(file.status).toBe(200);
      bodies[`download headers ${path}`] = Object.fromEntries(file.headers.entries());
    }
    expect(Object.entries(bodies).flatMap(([label, body]) => leaks(label, body))).toEqual([]);

    // The hidden question is not sent either (its label nor its answer).
    const detail = reviewDetailSchema.parse(bodies[`GET /api/applications/${applicationId}/review`]);
    expect(detail.application_schema.questions.map((q) => q.key)).not.toContain('q_years_playing');
    expect(detail.applicant_answers).not.toHaveProperty('q_years_playing');
    expect(JSON.stringify(bodies)).not.toContain('Nine years');
    // "Applicant #N" everywhere it is listed.
    const queue = reviewQueueSchema.parse(bodies[`GET /api/review/programs/${YOUTH}/queue`]);
    const row = queue.items.find((i) => i.application_id === applicationId)!;
    expect(row).toMatchObject({ identity_hidden: true, applicant_name: null, applicant_id: null });
    expect(row.applicant_number).toBeGreaterThan(0);
    expect(detail.application).toMatchObject({
      identity_hidden: true,
      applicant_number: row.applicant_number,
    });
    const all = bodies['GET /api/reviews?limit=1000'] as { items: { application_id: string }[] };
    expect(all.items.find((i) => i.application_id === applicationId)).toMatchObject({
      identity_hidden: true,
      applicant_number: row.applicant_number,
    });
    // Searching by the hidden name finds nothing.
    const searched = bodies['GET /api/reviews?search=Quinlan'] as { items: { application_id: string }[] };
    expect(searched.items.map((i) => i.application_id)).not.toContain(applicationId);
  });

  it('sends no identity in the realtime messages its reviewers receive', async () => {
    const res = await t.request('GET', `/api/events?topic=review:${applicationId}&topic=reviews`, {
      as: reviewer.cookie,
    });
    expect(res.status).toBe(200);
    const received = changes(res, 4);
    // Changes that reach the reviewer's topics: another sheet, an assignment, a decision, a reopen.
    await new Promise((r) => setTimeout(r, 200));
    await scoreSheet(t, second.cookie, applicationId, { tone: 4, rhythm: 4 }, { comments: 'Bright sound' });
    const detail = await scoringDetail(t, admin, applicationId);
    await t.json('POST', `/api/score-sheets/${detail.others[0].id}/reopen`, { as: admin });
    await t.json('PUT', `/api/applications/${applicationId}/final-decision`, {
      as: admin,
      body: { decision: 'accept', version: 0 },
    });
    const events = await received;
    expect(events.length).toBeGreaterThanOrEqual(4);
    expect(leaks('realtime', events)).toEqual([]);
  });

  it('shows everything to the org admin, the same routes', async () => {
    const detail = await t.json('GET', `/api/applications/${applicationId}/review`, { as: admin });
    expect(detail.body.application).toMatchObject({
      applicant_name: 'Zelda Quinlan-Marsh',
      identity_hidden: false,
    });
    const text = JSON.stringify(detail.body);
    for (const n of ['Zelda', '555-0199', '77 Hidden Lane', 'priscilla.q@example.test', 'Nine years'])
      expect(text).toContain(n);
    expect(filePaths(detail.body).some((p) => p.startsWith('applications/'))).toBe(true);
    const queue = reviewQueueSchema.parse(
      (await t.json('GET', `/api/review/programs/${YOUTH}/queue`, { as: admin })).body,
    );
    expect(queue.items.find((i) => i.application_id === applicationId)?.applicant_name).toBe(
      'Zelda Quinlan-Marsh',
    );
  });

  it('works in the shared review too: "Applicant #N" in the queue, hidden questions left out', async () => {
    await t.json('PUT', `/api/programs/${SCHOLARSHIP}/scoring`, {
      as: admin,
      body: { mode: 'shared', blind: true, hidden_questions: ['q_financial_need'], version: 0 },
    });
    const shared = await t.signIn('reviewer@demo.test');
    const queue = reviewQueueSchema.parse(
      (await t.json('GET', `/api/review/programs/${SCHOLARSHIP}/queue`, { as: shared })).body,
    );
    expect(queue.review_mode).toBe('shared');
    expect(queue.items.length).toBeGreaterThan(0);
    expect(queue.items.every((i) => i.identity_hidden && i.applicant_name === null)).toBe(true);
    const numbers = queue.items.map((i) => i.applicant_number);
    expect(new Set(numbers).size).toBe(numbers.length);
    const detail = reviewDetailSchema.parse(
      (await t.json('GET', `/api/applications/${queue.items[0].application_id}/review`, { as: shared })).body,
    );
    expect(detail.application.applicant_name).toBeNull();
    expect(detail.applicant_answers).not.toHaveProperty('q_financial_need');
    // The shared review itself still works for the reviewer.
    expect(detail.review_mode).toBe('shared');
  });
});
