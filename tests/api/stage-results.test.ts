import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, notifications, publications, stageInvitations } from '../../src/server/db/schema';
import { type JobRunner, startJobs } from '../../src/server/jobs/runtime';
import { closeTransport } from '../../src/server/mail/transport';
import { NOT_PUBLISHED } from '../../src/server/results/service';
import { upsertAssignment } from '../../src/server/users/assignments';
import { stageResultMessages } from '../../src/shared/domain/results';
import type { Question } from '../../src/shared/schemas/forms';
import { publishedResultSchema, publishQueueSchema } from '../../src/shared/schemas/results';
import { reviewDetailSchema } from '../../src/shared/schemas/reviews';
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
import { type Received, TestSmtp } from '../support/smtp';
import { createTestApp, type TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { buildWorld, type World } from '../support/world';

/**
 * Results per stage and the previous stage on the review screen (issue 32 items 3 and 4, decision
 * 066): an applicant's result is that of the last stage they reached. Stage 1 publishes the
 * not-shortlisted outcome to the applicants not invited onward while stage 2 runs, and never emails,
 * notifies or shows a result to one invited onward; the last stage publishes as today. A later
 * stage's reviewers and the organization's admins read the previous stage beside the application.
 */
let smtp: TestSmtp;
let receiver: WebhookReceiver;
let t: TestApp;
let world: World;
let runner: JobRunner;
let admin: string;
let stage1 = '';
let stage2 = '';
let stageReviewer = '';
type Person = { cookie: string; id: string; app: string; email: string };
const people: Record<'ada' | 'bo' | 'cy' | 'dee', Person> = {} as never;
/** Ada's stage-2 application (she submits it). */
let ada2 = '';
const NAME = 'Community Arts Grant';
const STAGE = 'Full proposal';
const PRIVATE_COMMENT = 'Private-7c2: the panel chair knows this applicant.';
const NOT_SHORTLISTED = 'Thank you for applying: this year you were not shortlisted.';

const stage1Questions: Question[] = [
  { key: 'q_title', type: 'short_text', label: 'Project title', required: true },
  { key: 'q_sample', type: 'file', label: 'Work sample', required: false },
];
const stage2Questions: Question[] = [
  { key: 'q_title', type: 'short_text', label: 'Project title', required: true },
  { key: 'q_plan', type: 'long_text', label: 'Project plan', required: true },
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
    { name: NAME, type: 'scholarship' },
    { questions: stage1Questions },
  );
  for (const who of ['ada', 'bo', 'cy', 'dee'] as const) {
    const email = `${who}@stage-results.test`;
    const u = await onboardedUser(t, email);
    await completeProfile(t, u.cookie);
    const app = await startApplication(t, u.cookie, stage1);
    const answers: Record<string, unknown> = { q_title: `${who}'s mural` };
    if (who === 'ada')
      answers.q_sample = await uploadFile(t, u.cookie, 'answer', {
        applicationId: app,
        fieldKey: 'q_sample',
      });
    await submitApplication(t, u.cookie, app, answers);
    people[who] = { ...u, app, email };
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
  await reviewApplication(t, reviewer, people.dee.app, { score: 50, decision: 'reject' });

  // Stage 2, published, with its own reviewer form and a reviewer of its own.
  stage2 = (
    await okBody(
      t.json('POST', `/api/programs/${stage1}/stages`, {
        as: admin,
        body: { name: STAGE, show_previous_scores: true },
      }),
    )
  ).id;
  const editor = await okBody(t.json('GET', `/api/programs/${stage2}/editor`, { as: admin }));
  await okBody(
    t.json('POST', `/api/programs/${stage2}/publish`, {
      as: admin,
      body: { form: { ...editor.form, questions: stage2Questions }, version: editor.version, editor: 'org' },
    }),
  );
  await okBody(
    t.json('PUT', `/api/programs/${stage2}/review-form`, {
      as: admin,
      body: {
        show_score: true,
        show_comments: true,
        show_decision: true,
        decision_options: ['accept', 'reject'],
      },
    }),
  );
  const judge = await onboardedUser(t, 'stage2.judge@stage-results.test');
  await upsertAssignment(t.deps.db, {
    userId: judge.id,
    kind: 'reviewer',
    scopeType: 'program',
    scopeId: stage2,
  });
  stageReviewer = judge.cookie;
  const hook = await t.json('POST', `/api/orgs/${world.slugs.org}/webhooks`, {
    as: admin,
    body: { url: receiver.url('/results'), events: ['results.published'] },
  });
  expect(hook.status).toBe(201);

  // Ada and Bo are shortlisted; Ada submits stage 2.
  const invited = await okBody(
    t.json('POST', `/api/programs/${stage1}/invitations`, {
      as: admin,
      body: { application_ids: [people.ada.app, people.bo.app], message: 'Please send your proposal.' },
    }),
  );
  expect(invited.invited).toBe(2);
  const [draft] = await t.deps.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.programId, stage2), eq(applications.userId, people.ada.id)));
  ada2 = draft.id;
  const filled = await completeAnswers(t, people.ada.cookie, ada2, { q_plan: 'Paint the wall in May.' });
  await okBody(t.json('POST', `/api/applications/${ada2}/submit`, { as: people.ada.cookie, body: filled }));
  runner = await startJobs(t.deps, { pollingIntervalSeconds: 0.5 });
  await runner.drained();
}, 180_000);
afterAll(async () => {
  await runner?.stop();
  if (t) await closeTransport(t.deps.config);
  await smtp?.stop();
  await receiver?.stop();
  await t?.close();
});

/** The messages that arrived while `fn` ran (and its emails were delivered); earlier ones sent first. */
async function delivered(fn: () => Promise<unknown>): Promise<Received[]> {
  await runner.drained();
  const before = smtp.received.length;
  await fn();
  await runner.drained();
  return smtp.received.slice(before);
}
const hooksSince = async (n: number) => {
  await runner.drained();
  return receiver
    .on('/results')
    .slice(n)
    .map((r) => JSON.parse(r.body));
};
const queueOf = async (id: string) =>
  publishQueueSchema.parse(await okBody(t.json('GET', `/api/programs/${id}/publish-queue`, { as: admin })));
const publish = (id: string, body: unknown, as: string | null = admin) =>
  t.json<any>('POST', `/api/programs/${id}/publish-results`, { as, body });
const myResults = async (p: Person) =>
  (await okBody(t.json('GET', '/api/me/results', { as: p.cookie }))).items.map((i: unknown) =>
    publishedResultSchema.parse(i),
  );
const myCard = async (p: Person) =>
  (await okBody(t.json('GET', '/api/me/applications', { as: p.cookie }))).items.filter(
    (c: any) => c.program_id === stage1 || c.program_id === stage2,
  );
const review = (id: string, as: string | null) =>
  t.json<any>('GET', `/api/applications/${id}/review`, { as });

describe('the previous stage beside a later stage’s application', () => {
  it('is on the review detail for the stage’s reviewers and the organization’s admins, never its comments', async () => {
    const judged = await review(ada2, stageReviewer);
    expect(judged.status).toBe(200);
    const detail = reviewDetailSchema.parse(judged.body);
    expect(detail.previous_stage).toMatchObject({
      application_id: people.ada.app,
      program_id: stage1,
      program_name: NAME,
      stage_number: 1,
      answers: { q_title: "ada's mural" },
      scores: { score: 90, decision: 'shortlist' },
    });
    expect(detail.previous_stage?.form.questions.map((q) => q.key)).toEqual(['q_title', 'q_sample']);
    expect(JSON.stringify(judged.body)).not.toContain(PRIVATE_COMMENT);

    // The organization's admin gets it too, on the application and on the review screen.
    const asAdmin = await review(ada2, admin);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.can_admin).toBe(true);
    expect(asAdmin.body.previous_stage).toMatchObject({ application_id: people.ada.app, stage_number: 1 });
    expect(JSON.stringify(asAdmin.body)).not.toContain(PRIVATE_COMMENT);
    const app = await t.json<any>('GET', `/api/applications/${ada2}`, { as: admin });
    expect(app.status).toBe(200);
    expect(app.body.previous_stage).toMatchObject({ application_id: people.ada.app, scores: { score: 90 } });

    // Nobody else: another organization's reviewer, the applicant herself.
    expect((await review(ada2, world.cookies.otherReviewer)).status).toBe(404);
    expect([403, 404]).toContain((await review(ada2, people.ada.cookie)).status);
    expect((await review(ada2, null)).status).toBe(401);
    // A stage-1 application has no previous stage.
    expect((await review(people.cy.app, admin)).body.previous_stage).toBeNull();
  });

  it('hides the applicant’s identity from the later stage’s reviewers when stage 1 is blind, not from admins', async () => {
    const blind = (on: boolean, version: number) =>
      okBody(
        t.json('PUT', `/api/programs/${stage1}/scoring`, {
          as: admin,
          body: { mode: 'shared', blind: on, hidden_questions: [], version },
        }),
      );
    const set = await blind(true, 0);
    try {
      const file = (await review(ada2, stageReviewer)).body.previous_stage.answers.q_sample;
      expect(file.fileName).toBe('Attachment 1.pdf');
      expect(file.filePath).toMatch(/^ref:/);
      expect(file.uploadedBy).toBeUndefined();
      expect((await review(ada2, stageReviewer)).body.application.identity_hidden).toBe(false);
      // Still openable by the stage's reviewer, through the later application.
      const signed = await t.json('POST', '/api/files/sign', {
        as: stageReviewer,
        body: { path: file.filePath },
      });
      expect(signed.status).toBe(200);
      const mine = (await review(ada2, admin)).body.previous_stage.answers.q_sample;
      expect(mine.fileName).not.toBe('Attachment 1.pdf');
      expect(mine.filePath).not.toMatch(/^ref:/);
    } finally {
      await blind(false, set.version);
    }
  });
});

describe('results per stage', () => {
  it('leaves the applicants invited onward out of stage 1’s queue, and says where their result comes from', async () => {
    const q1 = await queueOf(stage1);
    expect(q1.items.map((i) => i.application_id).sort()).toEqual([people.cy.app, people.dee.app].sort());
    expect(q1.stage).toEqual({
      stage_number: 1,
      program_name: NAME,
      next: { id: stage2, name: STAGE },
      invited_onward: 2,
    });
    const q2 = await queueOf(stage2);
    expect(q2.stage).toEqual({ stage_number: 2, program_name: NAME, next: null, invited_onward: 0 });
    expect((await queueOf(world.ids.publishedProgram)).stage).toBeNull();
    const gallery = await okBody(
      t.json('GET', `/api/orgs/${world.slugs.org}/publish/programs`, { as: admin }),
    );
    const card = (id: string) => gallery.items.find((p: any) => p.id === id);
    expect(card(stage1)).toMatchObject({
      finalized_count: 2,
      stage: { stage_number: 1, program_name: NAME },
    });
    expect(card(stage2)).toMatchObject({
      finalized_count: 0,
      stage: { stage_number: 2, program_name: NAME },
    });
    expect(card(world.ids.publishedProgram).stage).toBeNull();
    // The confirmation's count and sample are of the same applicants.
    const preview = await okBody(
      t.json('POST', `/api/programs/${stage1}/publish-preview`, {
        as: admin,
        body: { mode: 'all_finalized' },
      }),
    );
    expect(preview.count).toBe(2);
    expect([people.cy.app, people.dee.app]).toContain(preview.application_id);
  });

  it('refuses a stage-1 result for an applicant invited onward, and anyone but the stage’s admins', async () => {
    const body = { mode: 'selected', application_ids: [people.cy.app, people.ada.app] };
    const refused = await publish(stage1, body);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(stageResultMessages.invitedOnward);
    expect((await publish(stage1, { mode: 'selected', application_ids: [people.bo.app] })).status).toBe(422);
    const ok = { mode: 'all_finalized' };
    expect((await publish(stage1, ok, null)).status).toBe(401);
    expect((await publish(stage1, ok, people.cy.cookie)).status).toBe(404);
    expect((await publish(stage1, ok, world.cookies.otherOrgAdmin)).status).toBe(404);
    expect((await publish(stage1, ok, world.cookies.reviewer)).status).toBe(403);
    expect((await publish(stage1, ok, stageReviewer)).status).toBe(404);
    expect(await t.deps.db.select().from(publications).where(eq(publications.programId, stage1))).toEqual([]);
  });

  it('publishes stage 1’s not-shortlisted outcome while stage 2 runs: only the uninvited hear of it', async () => {
    const hooks = receiver.on('/results').length;
    const got = await delivered(async () => {
      const res = await publish(stage1, {
        mode: 'all_finalized',
        visibility: { decision: true, score: false, comments: false, customMessage: NOT_SHORTLISTED },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ published: 2, message: 'Published 2 finalized result(s).' });
    });
    expect(got.map((r) => r.envelopeTo[0]).sort()).toEqual([people.cy.email, people.dee.email]);
    for (const r of got) {
      expect(r.mail.subject).toBe(`Your result for ${NAME}`);
      expect(r.mail.text).toContain(NOT_SHORTLISTED);
      expect(r.mail.text).not.toContain('Stage:');
    }
    const events = await hooksSince(hooks);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ program_id: stage1, stage_number: 1, published_count: 2 });
    expect(events[0].data.application_ids.sort()).toEqual([people.cy.app, people.dee.app].sort());

    const [cy] = await myResults(people.cy);
    expect(cy).toMatchObject({ program_name: NAME, stage: null, payload: { decision: 'reject' } });
    expect(cy.visibility.customMessage).toBe(NOT_SHORTLISTED);
    expect((await myCard(people.cy))[0].result).toMatchObject({ decision: 'reject' });
    // The invited applicants: no result, no notification, no email, and stage 2 goes on.
    for (const p of [people.ada, people.bo]) {
      expect(await myResults(p)).toEqual([]);
      expect((await myCard(p))[0].result).toBeNull();
      const told = await t.deps.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, p.id), eq(notifications.type, 'results_published')));
      expect(told).toEqual([]);
      expect(smtp.to(p.email).filter((r) => r.mail.subject?.startsWith('Your result'))).toEqual([]);
    }
    expect((await queueOf(stage2)).items.map((i) => i.application_id)).toEqual([]);
  });

  it('supersedes a stage-1 result when its applicant is invited onward afterwards', async () => {
    await okBody(
      t.json('POST', `/api/programs/${stage1}/invitations`, {
        as: admin,
        body: { application_ids: [people.dee.app] },
      }),
    );
    expect(await myResults(people.dee)).toEqual([]);
    expect((await myCard(people.dee))[0].result).toBeNull();
    expect((await queueOf(stage1)).items.map((i) => i.application_id)).toEqual([people.cy.app]);
    const got = await delivered(async () => {
      const fix = await t.json<any>('POST', `/api/programs/${stage1}/update-published-results`, {
        as: admin,
        body: { application_ids: [people.dee.app], visibility: { score: true } },
      });
      expect(fix.status).toBe(422);
      expect(fix.body.error.message).toBe(NOT_PUBLISHED);
      // Correcting all of stage 1 reaches Cy only.
      const all = await t.json<any>('POST', `/api/programs/${stage1}/update-published-results`, {
        as: admin,
        body: { visibility: { decision: true, customMessage: NOT_SHORTLISTED } },
      });
      expect(all.body.updated).toBe(1);
    });
    expect(got.map((r) => r.envelopeTo[0])).toEqual([people.cy.email]);
    // The results export and the gallery count the results stage 1 holds.
    await t.request('POST', '/api/me/personal-data-notice', { as: admin });
    const csv = await t.request('GET', `/api/programs/${stage1}/exports/results?format=csv`, { as: admin });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain(people.cy.app);
    expect(text).not.toContain(people.dee.app);
    const gallery = await okBody(
      t.json('GET', `/api/orgs/${world.slugs.org}/publish/programs`, { as: admin }),
    );
    expect(gallery.items.find((p: any) => p.id === stage1)).toMatchObject({
      finalized_count: 1,
      published_count: 1,
    });
  });

  it('counts an applicant whose invitation was withdrawn as stage 1’s', async () => {
    const withdrawOf = async (p: Person) => {
      const [row] = await t.deps.db
        .select({ id: stageInvitations.id })
        .from(stageInvitations)
        .where(eq(stageInvitations.fromApplicationId, p.app));
      await okBody(t.json('DELETE', `/api/invitations/${row.id}`, { as: admin }));
    };
    await withdrawOf(people.bo);
    expect((await queueOf(stage1)).items.map((i) => i.application_id).sort()).toEqual(
      [people.bo.app, people.cy.app].sort(),
    );
    const got = await delivered(async () => {
      const res = await publish(stage1, {
        mode: 'selected',
        application_ids: [people.bo.app],
        visibility: { decision: false, customMessage: NOT_SHORTLISTED },
      });
      expect(res.body.published).toBe(1);
    });
    expect(got.map((r) => r.envelopeTo[0])).toEqual([people.bo.email]);
    expect(await myResults(people.bo)).toEqual([
      expect.objectContaining({ program_name: NAME, stage: null }),
    ]);
    expect((await myCard(people.bo))[0].result).toMatchObject({ decision: null });
    // Dee's stage-1 result, superseded while she was invited, is hers again once that is withdrawn.
    await withdrawOf(people.dee);
    expect(await myResults(people.dee)).toEqual([
      expect.objectContaining({
        program_name: NAME,
        payload: expect.objectContaining({ decision: 'reject' }),
      }),
    ]);
  });

  it('publishes the last stage as today: the applicant’s one result, named by the program and the stage', async () => {
    await reviewApplication(t, stageReviewer, ada2, { score: 88, decision: 'accept' });
    expect((await queueOf(stage2)).items.map((i) => i.application_id)).toEqual([ada2]);
    const hooks = receiver.on('/results').length;
    const got = await delivered(async () => {
      const res = await publish(stage2, { mode: 'all_finalized', visibility: { decision: true } });
      expect(res.body.published).toBe(1);
    });
    expect(got.map((r) => r.envelopeTo[0])).toEqual([people.ada.email]);
    expect(got[0].mail.subject).toBe(`Your result for ${NAME}`);
    expect(got[0].mail.text).toContain(`Stage: ${STAGE}`);
    expect(got[0].mail.text).toContain('Decision: Accepted');
    const events = await hooksSince(hooks);
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ program_id: stage2, stage_number: 2, application_ids: [ada2] }),
    ]);
    const results = await myResults(people.ada);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      program_name: NAME,
      stage: { name: STAGE, stage_number: 2 },
      payload: { decision: 'accept' },
    });
    const cards = await myCard(people.ada);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ id: people.ada.app, result: { decision: 'accept' } });
  });
});
