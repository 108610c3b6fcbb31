import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stageMessages } from '../../src/shared/domain/stages';
import type { Dashboard } from '../../src/shared/schemas/dashboard';
import type { Question } from '../../src/shared/schemas/forms';
import type { OrgReviewList } from '../../src/shared/schemas/reviews';
import {
  completeProfile,
  okBody,
  onboardedUser,
  programWithForm,
  reviewApplication,
  saveAnswers,
  startApplication,
  submitApplication,
} from '../support/factory';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/**
 * Programs in stages in the Applications Inbox, its downloads and the dashboard (issue 32, decision
 * 066): the inbox narrows by stage, minimum score and decision, and the invitation's filter narrows
 * the same way; rows and exports carry each application's stage and invitation state; the dashboard
 * counts a funnel per stage.
 */
let t: TestApp;
let world: World;
let admin: string;
let stage1 = '';
let stage2 = '';
const NAME = 'Riverside Commissions';
const STAGE = 'Full proposal';
type Person = { cookie: string; id: string; app: string };
const people: Record<'ada' | 'bo' | 'cy' | 'dee', Person> = {} as never;

const questions: Question[] = [{ key: 'q_title', type: 'short_text', label: 'Title', required: true }];

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  stage1 = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: NAME, type: 'competition' },
    { questions },
  );
  await okBody(
    t.json('PUT', `/api/programs/${stage1}/review-form`, {
      as: admin,
      body: {
        show_score: true,
        show_comments: true,
        show_decision: true,
        decision_options: ['shortlist', 'reject'],
      },
    }),
  );
  for (const who of ['ada', 'bo', 'cy', 'dee'] as const) {
    const u = await onboardedUser(
      t,
      `${who}@stage-inbox.test`,
      `${who[0].toUpperCase()}${who.slice(1)} Applicant`,
    );
    await completeProfile(t, u.cookie);
    const app = await startApplication(t, u.cookie, stage1);
    if (who === 'dee') await saveAnswers(t, u.cookie, app, { q_title: 'Half done' });
    else await submitApplication(t, u.cookie, app, { q_title: `${who}'s piece` });
    people[who] = { ...u, app };
  }
  await reviewApplication(t, admin, people.ada.app, { score: 90, decision: 'shortlist' });
  await reviewApplication(t, admin, people.bo.app, { score: 85, decision: 'shortlist' });
  await reviewApplication(t, admin, people.cy.app, { score: 40, decision: 'reject' });
  stage2 = (
    await okBody(t.json<any>('POST', `/api/programs/${stage1}/stages`, { as: admin, body: { name: STAGE } }))
  ).id;
  const editor = await okBody(t.json<any>('GET', `/api/programs/${stage2}/editor`, { as: admin }));
  const published = await okBody(
    t.json<any>('POST', `/api/programs/${stage2}/publish`, {
      as: admin,
      body: { form: { ...editor.form, questions }, version: editor.version, editor: 'org' },
    }),
  );
  expect(published.outcome).toBe('published');
  for (const who of [admin, world.cookies.coalitionManager as string])
    await t.request('POST', '/api/me/personal-data-notice', { as: who });
}, 180_000);
afterAll(() => t?.close());

const inbox = (query: string, as: string | null = admin) =>
  t.json<OrgReviewList>('GET', `/api/orgs/${world.slugs.org}/reviews?${query}`, { as });
const namesOf = (list: OrgReviewList) => list.items.map((i) => i.applicant_name).sort();
const invite = (body: unknown, as: string | null = admin) =>
  t.json<any>('POST', `/api/programs/${stage1}/invitations`, { as, body });

async function csv(path: string, as: string = admin) {
  const res = await t.request('GET', path, { as });
  expect(res.status, path).toBe(200);
  const rows = parse(Buffer.from(await res.arrayBuffer()), { bom: true }) as string[][];
  const [header, ...body] = rows;
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

describe('the inbox’s stage, score and decision filters', () => {
  it('narrows one program by minimum score and by decision (any case), counts included', async () => {
    const scored = await okBody(inbox(`program_id=${stage1}&min_score=80`));
    expect(namesOf(scored)).toEqual(['Ada Applicant', 'Bo Applicant']);
    expect(scored.counts.all).toBe(2);
    expect(scored.counts.started).toBe(2);
    const shortlisted = await okBody(inbox(`program_id=${stage1}&decision=SHORTLIST`));
    expect(namesOf(shortlisted)).toEqual(['Ada Applicant', 'Bo Applicant']);
    const both = await okBody(inbox(`program_id=${stage1}&min_score=88&decision=shortlist`));
    expect(namesOf(both)).toEqual(['Ada Applicant']);
    const all = await okBody(inbox(`program_id=${stage1}&status=started`));
    expect(all.items).toHaveLength(4);
    expect(all.items.every((i) => i.stage_number === 1 && i.invitation === null)).toBe(true);
  });

  it('refuses bad filters with 400, and callers without the right before reading them', async () => {
    for (const q of ['min_score=lots', 'min_score=-1', 'stage=0', 'stage=11', 'stage=1.5'])
      expect((await inbox(q)).status, q).toBe(400);
    expect((await inbox('stage=2&min_score=80', null)).status).toBe(401);
    for (const who of ['otherOrgAdmin', 'reviewer', 'coalitionManager', 'applicant'] as const) {
      expect((await inbox('stage=2&min_score=80', world.cookies[who])).status, who).toBe(403);
      expect((await inbox('min_score=lots', world.cookies[who])).status, who).toBe(403);
    }
  });
});

describe('inviting from the inbox', () => {
  it('invites all applications matching the inbox’s filter, once', async () => {
    const first = await okBody(
      invite({
        filter: { view: 'all', min_score: 80, decision: 'shortlist' },
        message: 'Send the full proposal.',
      }),
    );
    expect(first).toMatchObject({ invited: 2, already_invited: 0, skipped: 0 });
    expect(first.stage).toMatchObject({ id: stage2, name: STAGE, stage_number: 2 });
    const again = await okBody(invite({ filter: { view: 'all', min_score: 80, decision: 'shortlist' } }));
    expect(again).toMatchObject({ invited: 0, already_invited: 2, skipped: 0 });
  });

  it('counts drafts matched or named as skipped (not submitted)', async () => {
    expect(await okBody(invite({ filter: { view: 'unsubmitted' } }))).toMatchObject({
      invited: 0,
      already_invited: 0,
      skipped: 1,
    });
    expect(await okBody(invite({ application_ids: [people.dee.app, people.ada.app] }))).toMatchObject({
      invited: 0,
      already_invited: 1,
      skipped: 1,
    });
    // Submitted since a time after every submission: nothing matches.
    const later = new Date(t.clock.now().getTime() + 1000).toISOString();
    expect(await okBody(invite({ filter: { view: 'all', submitted_since: later } }))).toMatchObject({
      invited: 0,
      already_invited: 0,
      skipped: 0,
    });
    expect((await invite({ filter: { view: 'all', submitted_since: 'yesterday' } })).status).toBe(400);
  });

  it('shows each row’s invitation state, and the later stage’s rows by stage', async () => {
    const rows = await okBody(inbox(`program_id=${stage1}&status=started`));
    const by = new Map(rows.items.map((i) => [i.applicant_name, i]));
    expect(by.get('Ada Applicant')?.invitation).toMatchObject({
      stage_program_id: stage2,
      stage_name: STAGE,
      stage_number: 2,
      status: 'invited',
    });
    expect(by.get('Bo Applicant')?.invitation?.status).toBe('invited');
    expect(by.get('Cy Applicant')?.invitation).toBeNull();
    // The organization's inbox by stage number: stage 2's drafts, named with their stage-1 program.
    const later = await okBody(inbox('stage=2&status=started'));
    expect(namesOf(later)).toEqual(['Ada Applicant', 'Bo Applicant']);
    expect(later.items.every((i) => i.stage_number === 2 && i.parent_program_name === NAME)).toBe(true);
    expect(later.items.every((i) => i.program_id === stage2 && i.application_status === 'draft')).toBe(true);
    const first = await okBody(inbox('stage=1&status=started'));
    expect(first.items.some((i) => i.program_id === stage2)).toBe(false);
    expect(first.items.filter((i) => i.program_id === stage1)).toHaveLength(4);
  });

  it('withdraws from the row’s invitation; refuses once the stage is submitted, with the server’s words', async () => {
    const rows = await okBody(inbox(`program_id=${stage1}`));
    const bo = rows.items.find((i) => i.applicant_name === 'Bo Applicant')!;
    expect(
      (await t.json('DELETE', `/api/invitations/${bo.invitation!.id}`, { as: world.cookies.reviewer }))
        .status,
    ).toBe(403);
    expect(
      (await t.json('DELETE', `/api/invitations/${bo.invitation!.id}`, { as: world.cookies.otherOrgAdmin }))
        .status,
    ).toBe(404);
    expect((await t.json('DELETE', `/api/invitations/${bo.invitation!.id}`, { as: admin })).status).toBe(200);
    // Ada submits stage 2.
    const later = await okBody(inbox(`program_id=${stage2}&status=started`));
    const adaDraft = later.items.find((i) => i.applicant_name === 'Ada Applicant')!;
    await submitApplication(t, people.ada.cookie, adaDraft.application_id, { q_title: 'Ada’s full piece' });
    const after = await okBody(inbox(`program_id=${stage1}`));
    const state = new Map(after.items.map((i) => [i.applicant_name, i.invitation?.status ?? null]));
    expect(Object.fromEntries(state)).toEqual({
      'Ada Applicant': 'submitted',
      'Bo Applicant': 'withdrawn',
      'Cy Applicant': null,
    });
    // A withdrawn invitation's draft was never submitted: not in the later stage's All view.
    const laterAll = await okBody(inbox(`program_id=${stage2}`));
    expect(namesOf(laterAll)).toEqual(['Ada Applicant']);
    expect(laterAll.counts).toMatchObject({ all: 1, started: 2, unsubmitted: 0 });
    const ada = after.items.find((i) => i.applicant_name === 'Ada Applicant')!;
    const refused = await t.json<any>('DELETE', `/api/invitations/${ada.invitation!.id}`, { as: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(stageMessages.alreadySubmitted);
  });
});

describe('downloads with stages', () => {
  it('a program’s applications carry its stage and each invitation, filtered like the inbox', async () => {
    const rows = await csv(`/api/programs/${stage1}/exports/applications?format=csv&status=started`);
    expect(rows).toHaveLength(4);
    const by = new Map(rows.map((r) => [r.Applicant, r]));
    expect(by.get('Ada Applicant')).toMatchObject({
      Stage: '1',
      'Stage name': NAME,
      'Next stage invitation': `Submitted ${STAGE}`,
    });
    expect(by.get('Bo Applicant')?.['Next stage invitation']).toBe('Invitation withdrawn');
    expect(by.get('Cy Applicant')?.['Next stage invitation']).toBe('');
    const scored = await csv(
      `/api/programs/${stage1}/exports/applications?format=csv&min_score=80&decision=shortlist`,
    );
    expect(scored.map((r) => r.Applicant).sort()).toEqual(['Ada Applicant', 'Bo Applicant']);
    const later = await csv(`/api/programs/${stage2}/exports/applications?format=csv&status=started`);
    expect(later.map((r) => [r.Stage, r['Stage name'], r.Status]).sort()).toEqual([
      ['2', STAGE, 'submitted'],
      ['2', STAGE, 'withdrawn'],
    ]);
  });

  it('leaves the stage columns out of a program without stages', async () => {
    const rows = await csv(`/api/programs/${world.ids.publishedProgram}/exports/applications?format=csv`);
    expect(rows.length).toBeGreaterThan(0);
    expect(Object.keys(rows[0])).not.toContain('Stage');
    expect(Object.keys(rows[0])).not.toContain('Next stage invitation');
  });

  it('the organization’s inbox by stage number, with Stage columns on every row', async () => {
    const later = await csv(`/api/orgs/${world.slugs.org}/exports/inbox?format=csv&status=started&stage=2`);
    expect(later.map((r) => [r.Program, r.Stage, r['Stage name']])).toEqual([
      [NAME, '2', STAGE],
      [NAME, '2', STAGE],
    ]);
    const first = await csv(`/api/orgs/${world.slugs.org}/exports/inbox?format=csv&stage=1&min_score=80`);
    expect(
      first
        .filter((r) => r.Program === NAME)
        .map((r) => [r.Applicant, r['Next stage invitation']])
        .sort(),
    ).toEqual([
      ['Ada Applicant', `Submitted ${STAGE}`],
      ['Bo Applicant', 'Invitation withdrawn'],
    ]);
    expect(first.every((r) => r.Stage === '1')).toBe(true);
  });

  it('refuses the filtered downloads to those without the right, before reading the filter', async () => {
    const inboxPath = `/api/orgs/${world.slugs.org}/exports/inbox?format=csv&stage=2&min_score=lots`;
    expect((await t.request('GET', inboxPath, { as: admin })).status).toBe(400);
    expect((await t.request('GET', inboxPath, { as: null })).status).toBe(401);
    expect((await t.request('GET', inboxPath, { as: world.cookies.otherOrgAdmin })).status).toBe(403);
    expect((await t.request('GET', inboxPath, { as: world.cookies.reviewer })).status).toBe(403);
    const programPath = `/api/programs/${stage1}/exports/applications?format=csv&min_score=80`;
    expect((await t.request('GET', programPath, { as: world.cookies.reviewer })).status).toBe(403);
    expect((await t.request('GET', programPath, { as: world.cookies.otherOrgAdmin })).status).toBe(404);
    // The coalition's manager downloads it, stage columns included.
    const managed = await csv(programPath, world.cookies.coalitionManager as string);
    expect(managed.map((r) => r['Next stage invitation']).sort()).toEqual([
      'Invitation withdrawn',
      `Submitted ${STAGE}`,
    ]);
  });
});

describe('the funnel per stage', () => {
  const expected = () => [
    {
      program_id: stage1,
      stage_number: 1,
      name: NAME,
      published: true,
      invited: null,
      invitations_withdrawn: null,
      submitted: 3,
      decided: 3,
      advanced: 1,
    },
    {
      program_id: stage2,
      stage_number: 2,
      name: STAGE,
      published: true,
      invited: 1,
      invitations_withdrawn: 1,
      submitted: 1,
      decided: 0,
      advanced: null,
    },
  ];

  it('counts every stage on stage 1’s dashboard and on a later stage’s', async () => {
    for (const id of [stage1, stage2]) {
      const d = await okBody<Dashboard>(t.json('GET', `/api/programs/${id}/dashboard`, { as: admin }));
      expect(d.stages).toEqual(expected());
    }
    await okBody(
      t.json('PUT', `/api/programs/${stage2}/review-form`, {
        as: admin,
        body: { show_score: true, show_comments: true, show_decision: true },
      }),
    );
    const submitted = (await okBody(inbox(`program_id=${stage2}`))).items.find(
      (i) => i.application_status === 'submitted',
    )!;
    await reviewApplication(t, admin, submitted.application_id, {
      score: 70,
      decision: 'accept',
    });
    const d = await okBody<Dashboard>(t.json('GET', `/api/programs/${stage2}/dashboard`, { as: admin }));
    expect(d.stages?.[1].decided).toBe(1);
    // The stage's own funnel agrees: two drafts started, one submitted (the withdrawn one never was).
    expect(d.funnel).toMatchObject({ started: 2, submitted: 1, finalized: 1 });
  });

  it('is null for a program without stages', async () => {
    const d = await okBody<Dashboard>(
      t.json('GET', `/api/programs/${world.ids.publishedProgram}/dashboard`, { as: admin }),
    );
    expect(d.stages).toBeNull();
  });

  it('shows on the coalition’s read-only dashboard; refused to others', async () => {
    const path = `/api/coalitions/${world.slugs.coalition}/programs/${stage2}/dashboard`;
    const d = await okBody<Dashboard>(t.json('GET', path, { as: world.cookies.coalitionManager }));
    expect(d.stages?.map((s) => [s.stage_number, s.submitted, s.advanced])).toEqual([
      [1, 3, 1],
      [2, 1, null],
    ]);
    expect((await t.json('GET', path, { as: world.cookies.otherCoalitionManager })).status).toBe(403);
    expect((await t.json('GET', path, { as: admin })).status).toBe(403);
    const own = `/api/programs/${stage2}/dashboard`;
    expect((await t.json('GET', own, { as: world.cookies.reviewer })).status).toBe(403);
    expect((await t.json('GET', own, { as: world.cookies.otherOrgAdmin })).status).toBe(404);
    expect((await t.json('GET', own, { as: null })).status).toBe(401);
  });
});
