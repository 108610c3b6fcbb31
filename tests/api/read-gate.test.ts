import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { notifyTopic } from '../../src/server/realtime/notify';
import { scoringMessages } from '../../src/shared/domain/scoring';
import type { FileInfo } from '../../src/shared/schemas/files';
import {
  completeProfile,
  onboardedUser,
  PNG,
  startApplication,
  submitApplication,
  uploadFile,
} from '../support/factory';
import { assign, scoreSheet, setScoring } from '../support/scoring';
import { changeReader, changesUntil } from '../support/sse';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/**
 * One gate per thing that can be read (issue 33 items 1, 2 and 4; DESIGN.md §5 rule 12): in an
 * independent-scoring program a reviewer who is not assigned to an application, or who recused from
 * it, is refused its PDF and its answer and profile files as they are refused its JSON, and hears
 * nothing of it in realtime; a reviewer of another organization hears nothing of this one.
 */

const YOUTH = demoProgramId(1);

let t: TestApp;
let world: World;
let admin: string;
let applicationId = '';
let files: Record<'resume' | 'portfolio' | 'answer', FileInfo>;
const judges: Record<'assigned' | 'unassigned' | 'recused', { cookie: string; id: string }> = {} as never;

const later = () => t.clock.advance(3_000);

async function addReviewer(email: string) {
  later();
  const user = await onboardedUser(t, email);
  const res = await t.json('POST', `/api/programs/${YOUTH}/reviewers`, { as: admin, body: { email } });
  expect(res.status).toBe(200);
  await t.request('POST', '/api/me/personal-data-notice', { as: user.cookie });
  return user;
}

const pdfStatus = async (cookie: string) =>
  (await t.request('GET', `/api/applications/${applicationId}/pdf`, { as: cookie })).status;
const signStatus = async (path: string, cookie: string) =>
  (await t.json('POST', '/api/files/sign', { as: cookie, body: { path } })).status;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin!;
  await t.request('POST', '/api/me/personal-data-notice', { as: admin });
  await setScoring(t, admin, YOUTH);
  // Reviewers take part in message threads only when the admin allows it (decision 059): allowed
  // here, so the thread is one more read the gate must refuse to the unassigned and the recused.
  const allowed = await t.json('PUT', `/api/programs/${YOUTH}/message-settings`, {
    as: admin,
    body: { reviewers_may_write: true },
  });
  expect(allowed.status).toBe(200);
  judges.assigned = await addReviewer('gate.assigned@example.test');
  judges.unassigned = await addReviewer('gate.unassigned@example.test');
  judges.recused = await addReviewer('gate.recused@example.test');

  later();
  const applicant = await onboardedUser(t, 'gate.applicant@example.test', 'Gale Gatekeeper');
  const resume = await completeProfile(t, applicant.cookie);
  const portfolio = await uploadFile(t, applicant.cookie, 'portfolio', {
    body: PNG,
    type: 'image/png',
    name: 'Gale portrait.png',
  });
  applicationId = await startApplication(t, applicant.cookie, YOUTH);
  const answer = await uploadFile(t, applicant.cookie, 'answer', {
    applicationId,
    fieldKey: 'q_recording',
    name: 'Gale recording.pdf',
  });
  await submitApplication(t, applicant.cookie, applicationId, { q_recording: answer });
  files = { resume, portfolio, answer };
  await assign(t, admin, YOUTH, [applicationId], [judges.assigned.id, judges.recused.id]);
  const recused = await t.json('POST', `/api/applications/${applicationId}/recuse`, {
    as: judges.recused.cookie,
    body: { note: 'My neighbour' },
  });
  expect(recused.status).toBe(200);
}, 180_000);
afterAll(() => t.close());

describe('the application PDF goes through the reviewer gate (item 1)', () => {
  it('is refused to an unassigned and to a recused reviewer, as its JSON is', async () => {
    for (const who of ['unassigned', 'recused'] as const) {
      const json = await t.json('GET', `/api/applications/${applicationId}`, { as: judges[who].cookie });
      expect(json.status, who).toBe(403);
      const res = await t.request('GET', `/api/applications/${applicationId}/pdf`, {
        as: judges[who].cookie,
      });
      expect(res.status, who).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        who === 'recused' ? scoringMessages.recused : scoringMessages.notAssigned,
      );
    }
  });

  it('is served to the assigned reviewer, the admins and the coalition manager', async () => {
    expect(await pdfStatus(judges.assigned.cookie)).toBe(200);
    expect(await pdfStatus(admin)).toBe(200);
    await t.request('POST', '/api/me/personal-data-notice', { as: world.cookies.coalitionManager });
    expect(await pdfStatus(world.cookies.coalitionManager!)).toBe(200);
    expect(await pdfStatus(world.cookies.otherReviewer!)).toBe(404);
  });
});

describe('every read of one application (item 1)', () => {
  it('refuses every GET /applications/{id}… route to the unassigned and the recused reviewer', async () => {
    const doc = (await t.json('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const reads = Object.entries(doc.paths)
      .filter(([path, ops]) => path.startsWith('/applications/{id}') && 'get' in ops)
      .map(([path]) => path)
      // The signed-out link preview shows the program only, never the application.
      .filter((path) => path !== '/applications/{id}/preview')
      // The applicant's own letter requests (states only; staff read letters at /letters).
      .filter((path) => path !== '/applications/{id}/letter-requests');
    expect(reads).toEqual(expect.arrayContaining(['/applications/{id}', '/applications/{id}/pdf']));
    for (const path of reads) {
      // A letter's file also names a request (none here): the gate refuses before it is looked up.
      const url = `/api${path.replace('{id}', applicationId).replace('{requestId}', randomUUID())}`;
      if (!path.includes('{requestId}'))
        expect((await t.request('GET', url, { as: judges.assigned.cookie })).status, url).toBe(200);
      for (const who of ['unassigned', 'recused'] as const)
        expect((await t.request('GET', url, { as: judges[who].cookie })).status, `${url} ${who}`).toBe(403);
    }
  });
});

describe('profile and answer files go through the same gate (item 2)', () => {
  it('signs them for the assigned reviewer, refuses the unassigned and the recused one', async () => {
    for (const [kind, file] of Object.entries(files)) {
      expect(await signStatus(file.filePath, judges.assigned.cookie), kind).toBe(200);
      expect(await signStatus(file.filePath, admin), kind).toBe(200);
      for (const who of ['unassigned', 'recused'] as const)
        expect(await signStatus(file.filePath, judges[who].cookie), `${kind} ${who}`).toBe(403);
      expect(await signStatus(file.filePath, world.cookies.otherReviewer!), kind).toBe(404);
    }
  });

  it('ends when the reviewer is unassigned', async () => {
    // A second application of the same applicant would keep the résumé readable through it: none here.
    const removed = await t.json('POST', `/api/programs/${YOUTH}/score-assignments/remove`, {
      as: admin,
      body: { application_ids: [applicationId], reviewer_ids: [judges.assigned.id] },
    });
    expect(removed.body).toMatchObject({ removed: 1 });
    for (const [kind, file] of Object.entries(files))
      expect(await signStatus(file.filePath, judges.assigned.cookie), kind).toBe(403);
    expect(await pdfStatus(judges.assigned.cookie)).toBe(403);
    await assign(t, admin, YOUTH, [applicationId], [judges.assigned.id]);
    expect(await signStatus(files.resume.filePath, judges.assigned.cookie)).toBe(200);
  });
});

async function listen(cookie: string) {
  const res = await t.request('GET', '/api/events?topic=reviews', { as: cookie });
  expect(res.status).toBe(200);
  return res;
}

const announce = (data: Record<string, unknown>) =>
  t.deps.db.transaction((tx) => notifyTopic(tx, 'reviews', data));

describe('the reviews topic: a listener hears only what it may read (item 4)', () => {
  it("a reviewer of another organization hears nothing of this organization's programs", async () => {
    const otherProgram = world.ids.otherOrgProgram;
    const res = await listen(world.cookies.otherReviewer!);
    const heard = changesUntil(res, (d) => d.program_id === otherProgram);
    await new Promise((r) => setTimeout(r, 100));
    // Real changes in Riverside: an assignment and a sheet saved.
    await assign(t, admin, YOUTH, [applicationId], [judges.unassigned.id]);
    await scoreSheet(t, judges.unassigned.cookie, applicationId, { tone: 3 }, { submit: false });
    await announce({ program_id: YOUTH, application_id: applicationId });
    // Then one of their own program: everything before it has been delivered (one ordered channel).
    await announce({ program_id: otherProgram });
    expect(await heard).toEqual([{ program_id: otherProgram }]);
  });

  it("an unassigned and a recused reviewer hear the program's list changes, never a sheet of that application", async () => {
    await t.json('POST', `/api/programs/${YOUTH}/score-assignments/remove`, {
      as: admin,
      body: { application_ids: [applicationId], reviewer_ids: [judges.unassigned.id] },
    });
    for (const who of ['unassigned', 'recused'] as const) {
      const res = await listen(judges[who].cookie);
      const heard = changesUntil(res, (d) => d.application_id === undefined);
      await new Promise((r) => setTimeout(r, 100));
      await scoreSheet(t, judges.assigned.cookie, applicationId, { tone: 4 }, { submit: false });
      await announce({ program_id: YOUTH });
      expect(await heard, who).toEqual([{ program_id: YOUTH }]);
    }
    // The assigned reviewer does hear their application's sheet changes.
    const res = await listen(judges.assigned.cookie);
    const heard = changesUntil(res, (d) => d.application_id === applicationId);
    await new Promise((r) => setTimeout(r, 100));
    await scoreSheet(t, judges.assigned.cookie, applicationId, { tone: 5 }, { submit: false });
    expect(await heard).toEqual([{ application_id: applicationId, program_id: YOUTH }]);
  });

  it("stops sending one application's review events to a reviewer once unassigned from it", async () => {
    const res = await t.request('GET', `/api/events?topic=review:${applicationId}&topic=reviews`, {
      as: judges.assigned.cookie,
    });
    expect(res.status).toBe(200);
    const stream = changeReader(res);
    try {
      // Heard before the unassignment, not only sent: each event is checked when it is delivered.
      await t.deps.db.transaction((tx) => notifyTopic(tx, `review:${applicationId}`, { before: true }));
      expect(await stream.until((d) => d.before === true)).toContainEqual({ before: true });
      await t.json('POST', `/api/programs/${YOUTH}/score-assignments/remove`, {
        as: admin,
        body: { application_ids: [applicationId], reviewer_ids: [judges.assigned.id] },
      });
      await t.deps.db.transaction((tx) => notifyTopic(tx, `review:${applicationId}`, { after: true }));
      await announce({ program_id: YOUTH, sentinel: true });
      const events = await stream.until((d) => d.sentinel === true, { orClosed: true });
      expect(events).not.toContainEqual({ after: true });
    } finally {
      await stream.close();
    }
  });
});
