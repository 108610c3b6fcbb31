import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditLog, mailMessages, stageInvitations } from '../../src/server/db/schema';
import { type JobRunner, startJobs } from '../../src/server/jobs/runtime';
import { closeTransport } from '../../src/server/mail/transport';
import { upsertAssignment } from '../../src/server/users/assignments';
import { stageMessages } from '../../src/shared/domain/stages';
import type { Question } from '../../src/shared/schemas/forms';
import {
  completeAnswers,
  completeProfile,
  okBody,
  onboardedUser,
  programWithForm,
  reviewApplication,
  startApplication,
  submitApplication,
  uploadFile,
} from '../support/factory';
import { TestSmtp } from '../support/smtp';
import { createTestApp, type TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { buildWorld, type World } from '../support/world';

/**
 * Programs in stages (issue 32, decision 066), on the server: a later stage is a program reached by
 * invitation only; an invitation creates a prefilled draft, an email and a webhook, once; the earlier
 * stage becomes read-only; the later stage's reviewers read the earlier answers, never its reviews.
 */
let smtp: TestSmtp;
let receiver: WebhookReceiver;
let t: TestApp;
let world: World;
let runner: JobRunner | null = null;
let admin: string;
let stage1 = '';
let stage2 = '';
let stageReviewer = '';
type Person = { cookie: string; id: string; app: string };
const people: Record<'ada' | 'bo' | 'cy', Person> = {} as never;
const PRIVATE_COMMENT = 'Private: the panel chair knows this applicant.';

const stage1Questions: Question[] = [
  { key: 'q_title', type: 'short_text', label: 'Project title', required: true },
  { key: 'q_summary', type: 'long_text', label: 'Summary', required: true },
  { key: 'q_sample', type: 'file', label: 'Work sample', required: false },
];
const stage2Questions: Question[] = [
  // Same key and type: prefilled. Same key, another type: not. A file: never.
  { key: 'q_title', type: 'short_text', label: 'Project title', required: true },
  { key: 'q_summary', type: 'short_text', label: 'One-line summary', required: false },
  { key: 'q_plan', type: 'long_text', label: 'Project plan', required: true },
  { key: 'q_sample', type: 'file', label: 'Work sample', required: false },
];

beforeAll(async () => {
  smtp = await new TestSmtp().start();
  receiver = await new WebhookReceiver().start();
  t = await createTestApp({
    config: {
      mail: { smtpUrl: smtp.url, from: { name: 'ApplyHub', address: 'no-reply@applyhub.test' } },
      webhooks: { allowPrivate: true, ports: 'any', timeoutMs: 2_000 },
    },
  });
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  stage1 = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: 'Community Arts Grant', type: 'scholarship' },
    { questions: stage1Questions },
  );
  for (const who of ['ada', 'bo', 'cy'] as const) {
    const u = await onboardedUser(t, `${who}@stages.test`);
    await completeProfile(t, u.cookie);
    const app = await startApplication(t, u.cookie, stage1);
    const answers: Record<string, unknown> = { q_title: `${who}'s mural`, q_summary: `A mural by ${who}.` };
    if (who === 'ada')
      answers.q_sample = await uploadFile(t, u.cookie, 'answer', {
        applicationId: app,
        fieldKey: 'q_sample',
      });
    await submitApplication(t, u.cookie, app, answers);
    people[who] = { ...u, app };
  }
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
  const reviewer = world.cookies.reviewer as string;
  await reviewApplication(t, reviewer, people.ada.app, {
    score: 90,
    decision: 'shortlist',
    comments: PRIVATE_COMMENT,
  });
  await reviewApplication(t, reviewer, people.bo.app, { score: 80, decision: 'shortlist' });
  await reviewApplication(t, reviewer, people.cy.app, { score: 40, decision: 'reject' });
  const hook = await t.json('POST', `/api/orgs/${world.slugs.org}/webhooks`, {
    as: admin,
    body: { url: receiver.url('/stages'), events: ['application.invited', 'stage.submitted'] },
  });
  expect(hook.status).toBe(201);
}, 180_000);
afterAll(async () => {
  await runner?.stop();
  if (t) await closeTransport(t.deps.config);
  await smtp?.stop();
  await receiver?.stop();
  await t?.close();
});

async function drained() {
  runner ??= await startJobs(t.deps, { pollingIntervalSeconds: 0.5 });
  await runner.drained();
}
const stagesOf = (id: string, as: string | null) => t.json<any>('GET', `/api/programs/${id}/stages`, { as });
const addStage = (id: string, body: unknown, as: string | null = admin) =>
  t.json<any>('POST', `/api/programs/${id}/stages`, { as, body });
const invite = (id: string, body: unknown, as: string | null = admin) =>
  t.json<any>('POST', `/api/programs/${id}/invitations`, { as, body });
const appOf = (id: string, as: string) => t.json<any>('GET', `/api/applications/${id}`, { as });

describe('stages of a program', () => {
  it('refuses to add a stage to anyone but the organization’s admins', async () => {
    expect((await addStage(stage1, {}, null)).status).toBe(401);
    expect((await addStage(stage1, {}, world.cookies.applicant)).status).toBe(404);
    expect((await addStage(stage1, {}, world.cookies.otherOrgAdmin)).status).toBe(404);
    expect((await addStage(stage1, {}, world.cookies.reviewer)).status).toBe(403);
    expect((await addStage(stage1, {}, world.cookies.coalitionManager)).status).toBe(403);
    // Refused before the body is read (who before what).
    expect((await addStage(stage1, { name: 7 }, world.cookies.otherOrgAdmin)).status).toBe(404);
    expect((await stagesOf(stage1, admin)).body.items).toHaveLength(1);
  });

  it('adds the next stage as a draft that copies nothing but what was asked', async () => {
    const editor = await okBody(t.json('GET', `/api/programs/${stage1}/editor`, { as: admin }));
    const form = await okBody(t.json('GET', `/api/programs/${stage1}/review-form`, { as: admin }));
    expect(editor.published).toBe(true);
    const added = await addStage(stage1, {
      name: 'Full proposal',
      copy_reviewer_form: true,
      show_previous_scores: true,
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      name: 'Full proposal',
      review_status: 'draft',
      published: false,
      parent_program_id: stage1,
      stage_number: 2,
      open_at: null,
      close_at: null,
    });
    stage2 = added.body.id;
    const copy = await okBody(t.json('GET', `/api/programs/${stage2}/review-form`, { as: admin }));
    expect(copy).toEqual(form);
    const stage2Editor = await okBody(t.json('GET', `/api/programs/${stage2}/editor`, { as: admin }));
    expect(stage2Editor.form.questions).toEqual([]);
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stage.added'), eq(auditLog.targetId, stage2)));
    expect(audit.summary).toContain('stage 2 of Community Arts Grant');
  });

  it('needs a super admin’s approval to publish a stage when stage 1 does', async () => {
    const strict = await programWithForm(
      t,
      admin,
      world.slugs.org,
      { name: 'Strict Grant', type: 'scholarship' },
      { questions: stage1Questions },
    );
    await t.deps.db.execute(sql`update programs set requires_super_approval = true where id = ${strict}`);
    const next = await okBody(addStage(strict, { name: 'Strict proposal' }));
    expect(next.requires_super_approval).toBe(true);
    const editor = await okBody(t.json('GET', `/api/programs/${next.id}/editor`, { as: admin }));
    const sent = await okBody(
      t.json('POST', `/api/programs/${next.id}/publish`, {
        as: admin,
        body: {
          form: { ...editor.form, questions: stage2Questions },
          version: editor.version,
          editor: 'org',
        },
      }),
    );
    expect(sent.outcome).toBe('submitted');
    expect(sent.message).toBe(stageMessages.stageSubmitted);
    // Stage 1 stays as it was, live.
    expect((await okBody(t.json('GET', `/api/programs/${strict}/editor`, { as: admin }))).published).toBe(
      true,
    );
  });

  it('lists the chain to its admins, the reviewers of any stage and its coalition managers', async () => {
    const list = await stagesOf(stage2, admin);
    expect(list.status).toBe(200);
    expect(list.body.items.map((s: any) => [s.stage_number, s.name])).toEqual([
      [1, 'Community Arts Grant'],
      [2, 'Full proposal'],
    ]);
    expect((await stagesOf(stage1, world.cookies.reviewer)).status).toBe(200);
    expect((await stagesOf(stage1, world.cookies.coalitionManager)).status).toBe(200);
    expect((await stagesOf(stage1, world.cookies.superAdmin)).status).toBe(200);
    expect((await stagesOf(stage1, world.cookies.applicant)).status).toBe(404);
    expect((await stagesOf(stage1, world.cookies.otherOrgAdmin)).status).toBe(404);
    expect((await stagesOf(stage1, world.cookies.otherCoalitionManager)).status).toBe(404);
    expect((await stagesOf(stage1, null)).status).toBe(401);
  });

  it('refuses inviting to a stage that is not published yet', async () => {
    const early = await invite(stage1, { filter: { view: 'all' } });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(stageMessages.nextStageNotLive);
    // Build and publish the stage with the same builder as any program; a reviewer of stage 2 only.
    const editor = await okBody(t.json('GET', `/api/programs/${stage2}/editor`, { as: admin }));
    const published = await okBody(
      t.json('POST', `/api/programs/${stage2}/publish`, {
        as: admin,
        body: {
          form: { ...editor.form, questions: stage2Questions },
          version: editor.version,
          editor: 'org',
        },
      }),
    );
    expect(published.outcome).toBe('published');
    // Nobody finds a stage: the outcome says how applicants get there instead.
    expect(published.message).toBe(stageMessages.stagePublished);
    const reviewer = await onboardedUser(t, 'stage2.reviewer@stages.test');
    await upsertAssignment(t.deps.db, {
      userId: reviewer.id,
      kind: 'reviewer',
      scopeType: 'program',
      scopeId: stage2,
    });
    stageReviewer = reviewer.cookie;
    expect((await stagesOf(stage1, stageReviewer)).status).toBe(200);
    // Their review assignments name the stage by its program (two programs may each have a
    // "Full proposal").
    const caps = await okBody(t.json('GET', '/api/me/capabilities', { as: stageReviewer }));
    expect(caps.reviewer_programs).toEqual([
      expect.objectContaining({ id: stage2, stage: { number: 2, of: 'Community Arts Grant' } }),
    ]);
    const own = await okBody(t.json('GET', '/api/me/capabilities', { as: admin }));
    expect(own.reviewer_programs.find((p: { id: string }) => p.id === stage1)?.stage).toBeNull();
  });

  it('never lists, features or opens a later stage publicly', async () => {
    const search = await t.json<any>('GET', '/api/programs?search=Full%20proposal');
    expect(search.body.items.map((p: any) => p.id)).not.toContain(stage2);
    const org = await t.json<any>('GET', `/api/programs?org=${world.slugs.org}&limit=100`);
    expect(org.body.items.map((p: any) => p.id)).toContain(stage1);
    expect(org.body.items.map((p: any) => p.id)).not.toContain(stage2);
    expect((await t.json('GET', `/api/programs/${stage2}`)).status).toBe(404);
    expect((await t.json('GET', `/api/programs/${stage1}`)).status).toBe(200);
  });

  it('refuses an uninvited applicant the later stage: start 403, and nothing else reaches it', async () => {
    const start = await t.json<any>('POST', `/api/programs/${stage2}/applications`, { as: people.cy.cookie });
    expect(start.status).toBe(403);
    expect(start.body.error.message).toBe(stageMessages.invitationOnly);
    const screening = await t.json<any>('POST', `/api/programs/${stage2}/screening`, {
      as: people.cy.cookie,
      body: { answers: {} },
    });
    expect(screening.status).toBe(403);
    const none = await t.deps.db.select().from(applications).where(eq(applications.programId, stage2));
    expect(none).toEqual([]);
  });
});

describe('invitations', () => {
  it('refuses anyone but the previous stage’s admins, before reading the body', async () => {
    const body = { filter: { view: 'all' } };
    expect((await invite(stage1, body, null)).status).toBe(401);
    expect((await invite(stage1, body, world.cookies.applicant)).status).toBe(404);
    expect((await invite(stage1, body, world.cookies.otherOrgAdmin)).status).toBe(404);
    expect((await invite(stage1, body, world.cookies.reviewer)).status).toBe(403);
    expect((await invite(stage1, body, stageReviewer)).status).toBe(404);
    expect((await invite(stage1, { filter: 'x' }, world.cookies.reviewer)).status).toBe(403);
    expect((await invite(stage1, {})).status).toBe(400);
    const last = await invite(stage2, body);
    expect(last.status).toBe(409);
    expect(last.body.error.message).toBe(stageMessages.noNextStage);
  });

  it('invites a filtered selection once: a prefilled draft, an email and a webhook each', async () => {
    const body = { filter: { view: 'all', decision: 'shortlist', min_score: 75 }, message: 'Well done!' };
    const first = await invite(stage1, body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      stage: { id: stage2, name: 'Full proposal', stage_number: 2 },
      invited: 2,
      already_invited: 0,
      skipped: 0,
    });
    const again = await invite(stage1, body);
    expect(again.body).toMatchObject({ invited: 0, already_invited: 2, skipped: 0 });
    // Named: cy is not invited by this filter; a made-up id is skipped.
    const named = await invite(stage1, {
      application_ids: [people.ada.app, '00000000-0000-4000-8000-000000000000'],
    });
    expect(named.body).toMatchObject({ invited: 0, already_invited: 1, skipped: 1 });

    const drafts = await t.deps.db
      .select({ userId: applications.userId, status: applications.status, answers: applications.answers })
      .from(applications)
      .where(eq(applications.programId, stage2));
    expect(drafts).toHaveLength(2);
    const ada = drafts.find((d) => d.userId === people.ada.id)!;
    expect(ada.status).toBe('draft');
    // Same key and type only; never the file, never the summary that changed type.
    expect(ada.answers).toEqual({ q_title: "ada's mural" });

    await drained();
    const mails = smtp.received.filter((r) =>
      r.mail.subject?.startsWith('You are invited to the next stage'),
    );
    expect(mails.map((m) => m.envelopeTo[0]).sort()).toEqual(['ada@stages.test', 'bo@stages.test']);
    expect(mails[0].mail.text).toContain('Well done!');
    const hooks = receiver.on('/stages').map((r) => JSON.parse(r.body));
    expect(hooks.filter((h) => h.type === 'application.invited')).toHaveLength(2);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'stage.invited'));
    expect(audits).toHaveLength(1);
    expect(audits[0].summary).toContain('2 applicants of Community Arts Grant invited to Full proposal');
  });

  it('makes the invited applicant’s earlier stage read-only, and only theirs', async () => {
    const mine = await appOf(people.ada.app, people.ada.cookie);
    expect(mine.body).toMatchObject({ stage_locked: true, editable: false, previous_stage: null });
    const save = await t.json<any>('PUT', `/api/applications/${people.ada.app}/answers`, {
      as: people.ada.cookie,
      body: { answers: { ...mine.body.answers, q_title: 'Changed' }, version: mine.body.version },
    });
    expect(save.status).toBe(409);
    expect(save.body.error.message).toBe(stageMessages.lockedByStage);
    const submit = await t.json<any>('POST', `/api/applications/${people.ada.app}/submit`, {
      as: people.ada.cookie,
      body: { answers: mine.body.answers, version: mine.body.version },
    });
    expect(submit.status).toBe(409);
    const upload = await t.app.request(
      `http://localhost:3000/api/files?purpose=answer&application_id=${people.ada.app}&field_key=q_sample`,
      {
        method: 'POST',
        headers: {
          origin: 'http://localhost:3000',
          cookie: people.ada.cookie,
          'content-type': 'application/pdf',
          'x-file-name': 'late.pdf',
        },
        body: new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n')),
      },
    );
    expect(upload.status).toBe(409);
    const [stored] = await t.deps.db
      .select({ answers: applications.answers })
      .from(applications)
      .where(eq(applications.id, people.ada.app));
    expect(stored.answers.q_title).toBe("ada's mural");
    // Cy was not invited: their stage 1 stays theirs to change while it is open.
    const cy = await appOf(people.cy.app, people.cy.cookie);
    expect(cy.body.stage_locked).toBe(false);
    const cySave = await t.json('PUT', `/api/applications/${people.cy.app}/answers`, {
      as: people.cy.cookie,
      body: { answers: { ...cy.body.answers, q_title: 'Cy’s new mural' }, version: cy.body.version },
    });
    expect(cySave.status).toBe(200);
  });

  it('opens the invitation’s draft to its applicant, prefilled, and lets them submit it', async () => {
    const [draft] = await t.deps.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.programId, stage2), eq(applications.userId, people.ada.id)));
    const start = await okBody(
      t.json('POST', `/api/programs/${stage2}/applications`, { as: people.ada.cookie }),
    );
    expect(start.id).toBe(draft.id);
    const app = await appOf(draft.id, people.ada.cookie);
    expect(app.body).toMatchObject({ editable: true, answers: { q_title: "ada's mural" } });
    // Someone else's stage draft: not found, to read or to write.
    expect((await appOf(draft.id, people.cy.cookie)).status).toBe(404);
    const foreign = await t.json('PUT', `/api/applications/${draft.id}/answers`, {
      as: people.cy.cookie,
      body: { answers: {}, version: 1 },
    });
    expect(foreign.status).toBe(404);
    const filled = await completeAnswers(t, people.ada.cookie, draft.id, {
      q_plan: 'Paint the wall in May.',
    });
    const submitted = await t.json('POST', `/api/applications/${draft.id}/submit`, {
      as: people.ada.cookie,
      body: filled,
    });
    expect(submitted.status).toBe(200);
    await drained();
    const hooks = receiver.on('/stages').map((r) => JSON.parse(r.body));
    const stageHooks = hooks.filter((h) => h.type === 'stage.submitted');
    expect(stageHooks).toHaveLength(1);
    expect(stageHooks[0].data).toMatchObject({
      application_id: draft.id,
      program_id: stage2,
      stage_number: 2,
      from_application_id: people.ada.app,
    });
  });

  it('shows one card per program with its stages in My Submissions', async () => {
    const ada = await okBody(t.json('GET', '/api/me/applications', { as: people.ada.cookie }));
    const cards = ada.items.filter((c: any) => c.program_id === stage1 || c.program_id === stage2);
    expect(cards).toHaveLength(1);
    expect(cards[0].stages).toEqual([
      expect.objectContaining({
        name: 'Full proposal',
        stage_number: 2,
        status: 'submitted',
        program_id: stage2,
      }),
    ]);
    const bo = await okBody(t.json('GET', '/api/me/applications', { as: people.bo.cookie }));
    const boCard = bo.items.find((c: any) => c.program_id === stage1);
    expect(boCard.stages).toEqual([expect.objectContaining({ status: 'invited', due: null })]);
    const cy = await okBody(t.json('GET', '/api/me/applications', { as: people.cy.cookie }));
    expect(cy.items.find((c: any) => c.program_id === stage1).stages).toEqual([]);
  });
});

describe('the later stage’s reviewers', () => {
  it('read the previous stage’s answers and scores beside it, never its reviews or notes', async () => {
    const [draft] = await t.deps.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.programId, stage2), eq(applications.userId, people.ada.id)));
    const read = await appOf(draft.id, stageReviewer);
    expect(read.status).toBe(200);
    expect(read.body.previous_stage).toMatchObject({
      application_id: people.ada.app,
      program_id: stage1,
      program_name: 'Community Arts Grant',
      stage_number: 1,
      answers: { q_title: "ada's mural", q_summary: 'A mural by ada.' },
      scores: { score: 90, decision: 'shortlist' },
    });
    expect(JSON.stringify(read.body)).not.toContain(PRIVATE_COMMENT);
    // The earlier application itself, and its review, stay closed to them.
    expect((await appOf(people.ada.app, stageReviewer)).status).toBe(404);
    const review = await t.json('GET', `/api/applications/${people.ada.app}/review`, { as: stageReviewer });
    expect([403, 404]).toContain(review.status);
    // The earlier stage's answer file: through the later application it led to.
    const file = read.body.previous_stage.answers.q_sample;
    expect(file.filePath).toBeTruthy();
    const signed = await t.json('POST', '/api/files/sign', {
      as: stageReviewer,
      body: { path: file.filePath },
    });
    expect(signed.status).toBe(200);
    const stranger = await t.json('POST', '/api/files/sign', {
      as: world.cookies.otherReviewer,
      body: { path: file.filePath },
    });
    expect(stranger.status).toBe(404);
    // The applicant reads their own stage without the reviewers' view of the previous one.
    expect((await appOf(draft.id, people.ada.cookie)).body.previous_stage).toBeNull();
  });

  it('hide the previous scores unless the stage shows them (its org admins decide)', async () => {
    const settings = (show: boolean, as: string | null = admin, id = stage2) =>
      t.json<any>('PUT', `/api/programs/${id}/stage-settings`, { as, body: { show_previous_scores: show } });
    expect((await settings(false, null)).status).toBe(401);
    expect((await settings(false, people.ada.cookie)).status).toBe(404);
    expect((await settings(false, world.cookies.otherOrgAdmin)).status).toBe(404);
    expect((await settings(false, stageReviewer)).status).toBe(403);
    expect((await settings(false, admin, stage1)).status).toBe(409);
    const off = await settings(false);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: stage2, show_previous_scores: false });
    const [draft] = await t.deps.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.programId, stage2), eq(applications.userId, people.ada.id)));
    const read = await appOf(draft.id, stageReviewer);
    expect(read.body.previous_stage.scores).toBeNull();
    expect(read.body.previous_stage.answers.q_title).toBe("ada's mural");
    expect((await settings(true)).status).toBe(200);
    expect((await appOf(draft.id, stageReviewer)).body.previous_stage.scores).not.toBeNull();
  });
});

describe('withdrawing an invitation', () => {
  const withdraw = (id: string, as: string | null = admin) =>
    t.json<any>('DELETE', `/api/invitations/${id}`, { as });
  const invitationOf = async (userId: string) => {
    const [row] = await t.deps.db
      .select({ id: stageInvitations.id, applicationId: stageInvitations.applicationId })
      .from(stageInvitations)
      .innerJoin(applications, eq(applications.id, stageInvitations.fromApplicationId))
      .where(eq(applications.userId, userId));
    return row;
  };

  it('refuses others, and a stage already submitted', async () => {
    const ada = await invitationOf(people.ada.id);
    expect((await withdraw(ada.id, null)).status).toBe(401);
    expect((await withdraw(ada.id, people.ada.cookie)).status).toBe(404);
    expect((await withdraw(ada.id, world.cookies.otherOrgAdmin)).status).toBe(404);
    expect((await withdraw(ada.id, world.cookies.reviewer)).status).toBe(403);
    expect((await withdraw('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const late = await withdraw(ada.id);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(stageMessages.alreadySubmitted);
  });

  it('withdraws before submission: the draft is withdrawn, stage 1 writable again, the applicant told', async () => {
    const bo = await invitationOf(people.bo.id);
    const list = await okBody(t.json('GET', `/api/programs/${stage2}/invitations`, { as: admin }));
    expect(list.total).toBe(2);
    expect(list.items.map((i: any) => i.status).sort()).toEqual(['invited', 'submitted']);
    const done = await withdraw(bo.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: bo.id, status: 'withdrawn' });
    expect((await withdraw(bo.id)).status).toBe(409);
    const draft = await appOf(bo.applicationId, people.bo.cookie);
    expect(draft.body).toMatchObject({ status: 'withdrawn', editable: false });
    const first = await appOf(people.bo.app, people.bo.cookie);
    expect(first.body.stage_locked).toBe(false);
    await drained();
    const told = smtp.received.filter((r) => r.mail.subject === 'Invitation withdrawn: Community Arts Grant');
    expect(told.map((m) => m.envelopeTo[0])).toEqual(['bo@stages.test']);
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stage.invitation_withdrawn'), eq(auditLog.targetId, bo.applicationId)));
    expect(audit).toBeTruthy();
    const card = (await okBody(t.json('GET', '/api/me/applications', { as: people.bo.cookie }))).items.find(
      (c: any) => c.program_id === stage1,
    );
    expect(card.stages).toEqual([expect.objectContaining({ status: 'withdrawn' })]);
    // A withdrawn invitation is not renewed by inviting again.
    const again = await invite(stage1, { application_ids: [people.bo.app] });
    expect(again.body).toMatchObject({ invited: 0, already_invited: 1 });
  });
});

describe('bulk invitation', () => {
  it('invites 1,000 applicants once: exactly 1,000 drafts and 1,000 emails, also when repeated', async () => {
    const { generateSubmittedApplications } = await import('../../bench/generate');
    const big = await programWithForm(
      t,
      admin,
      world.slugs.org,
      { name: 'Open Call', type: 'scholarship' },
      { questions: stage1Questions },
    );
    const client = (t.database.pglite ?? t.database.pool)!;
    await generateSubmittedApplications(client, {
      programId: big,
      count: 1_000,
      emailPrefix: 'stages-bulk',
      answers: { q_title: 'A bulk mural', q_summary: 'Many murals.' },
    });
    const next = await okBody(addStage(big, { name: 'Interview' }));
    const editor = await okBody(t.json('GET', `/api/programs/${next.id}/editor`, { as: admin }));
    await okBody(
      t.json('POST', `/api/programs/${next.id}/publish`, {
        as: admin,
        body: {
          form: { ...editor.form, questions: stage2Questions },
          version: editor.version,
          editor: 'org',
        },
      }),
    );
    const ids = (
      await t.deps.db
        .select({ id: applications.id })
        .from(applications)
        .where(eq(applications.programId, big))
    ).map((r) => r.id);
    expect(ids).toHaveLength(1_000);
    const first = await okBody(invite(big, { application_ids: ids, message: 'See you soon.' }));
    expect(first).toMatchObject({ invited: 1_000, already_invited: 0, skipped: 0 });
    const again = await okBody(invite(big, { filter: { view: 'all' } }));
    expect(again).toMatchObject({ invited: 0, already_invited: 1_000 });
    const counted = async () => {
      const [row] = (
        (await t.deps.db.execute(sql`
          select (select count(*) from applications where program_id = ${next.id})::int as drafts,
                 (select count(*) from stage_invitations where stage_program_id = ${next.id})::int as invitations,
                 (select count(*) from mail_messages m where m.kind = 'stage_invitation'
                    and m.to_address like 'stages-bulk-%')::int as emails`)) as unknown as { rows: any[] }
      ).rows;
      return row;
    };
    expect(await counted()).toEqual({ drafts: 1_000, invitations: 1_000, emails: 1_000 });
    const prefilled = await t.deps.db
      .select({ answers: applications.answers })
      .from(applications)
      .where(eq(applications.programId, next.id))
      .limit(1);
    expect(prefilled[0].answers).toEqual({ q_title: 'A bulk mural' });
    const keys = await t.deps.db
      .select({ key: mailMessages.key })
      .from(mailMessages)
      .where(eq(mailMessages.kind, 'stage_invitation'))
      .limit(1);
    expect(keys[0].key).toMatch(/^stage_invitation:[0-9a-f-]+:invite:[0-9a-f-]+:v1$/);
  }, 120_000);
});
