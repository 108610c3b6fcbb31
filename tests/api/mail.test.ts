import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, organizations, programs } from '../../src/server/db/schema';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { type JobRunner, startJobs } from '../../src/server/jobs/runtime';
import { unsubscribeToken } from '../../src/server/mail/keys';
import { closeTransport } from '../../src/server/mail/transport';
import { UNSUBSCRIBE_LINK_DAYS, unsubscribeMessages } from '../../src/shared/domain/unsubscribe';
import { mailDeliverySchema, publishPreviewSchema } from '../../src/shared/schemas/mail';
import { onboardedUser, orgRequest, reviewApplication, submittedApplication } from '../support/factory';
import { type Received, TestSmtp } from '../support/smtp';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/**
 * Each kind of email, caused the way people cause it (through the API), delivered to a real SMTP
 * server started here (smtp-server, parsed with mailparser): recipient, subject, links, fields.
 */
let smtp: TestSmtp;
let t: TestApp;
let world: World;
let runner: JobRunner;
let admin: string;
let reviewer: string;
let superAdmin: string;
const FROM = 'no-reply@applyhub.test';
/** Youth Orchestra Auditions (riverside-arts, open): reviewers score, comment and decide. */
const program = demoProgramId(1);
let programName = '';

beforeAll(async () => {
  smtp = await new TestSmtp().start();
  t = await createTestApp({
    config: { mail: { smtpUrl: smtp.url, from: { name: 'ApplyHub Platform', address: FROM } } },
  });
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  reviewer = world.cookies.reviewer as string;
  superAdmin = world.cookies.superAdmin as string;
  const res = await t.json('PUT', `/api/orgs/${world.slugs.org}/settings`, {
    as: admin,
    body: {
      name: 'Riverside Arts Center',
      contact_email: 'Hello@Riverside.test',
      website: 'https://riverside.test',
    },
  });
  expect(res.status).toBe(200);
  const [p] = await t.deps.db.select({ name: programs.name }).from(programs).where(eq(programs.id, program));
  programName = p.name;
  runner = await startJobs(t.deps, { pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await runner?.stop();
  await closeTransport(t.deps.config);
  await smtp?.stop();
  await t?.close();
});

/** The messages that arrived for `email` while `fn` ran (and its emails were delivered). */
async function delivered(fn: () => Promise<unknown>): Promise<Received[]> {
  const before = smtp.received.length;
  await fn();
  await runner.drained();
  return smtp.received.slice(before);
}
/** The header block, folded lines unfolded. */
const headersOf = (r: Received) => r.raw.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ');
function hasLink(r: Received, path: string) {
  expect(r.mail.html).toContain(`href="${TEST_ORIGIN}${path}"`);
  expect(r.mail.text).toContain(`${TEST_ORIGIN}${path}`);
}

describe('submission receipt', () => {
  it('goes to the applicant once, from the organization, with program, time and a link to the submission', async () => {
    let app: { id: string } = { id: '' };
    const got = await delivered(async () => {
      app = await submittedApplication(t, 'receipt@mail.test', program, { name: 'Rita Receipt' });
    });
    expect(got).toHaveLength(1);
    const [r] = got;
    expect(r.envelopeTo).toEqual(['receipt@mail.test']);
    expect(r.mail.subject).toBe(`Application received: ${programName}`);
    expect(r.mail.from?.value[0]).toEqual({ name: 'Riverside Arts Center', address: FROM });
    expect(r.mail.replyTo?.value[0].address).toBe('hello@riverside.test');
    expect(r.mail.text).toContain('Hello Rita Receipt,');
    expect(r.mail.text).toContain('Organization: Riverside Arts Center');
    expect(r.mail.text).toContain('Submitted: Monday, June 1, 2026 at 12:00 UTC');
    hasLink(r, `/applications/${app.id}`);
  });
});

describe('results', () => {
  const apps: Record<string, string> = {};
  beforeAll(async () => {
    for (const who of ['ana', 'ben']) {
      apps[who] = (
        await submittedApplication(t, `${who}@results.mail.test`, program, { name: `${who} Results` })
      ).id;
      await reviewApplication(t, reviewer, apps[who], {
        score: 91.5,
        comments: 'Secret-note-4c1 for the panel only',
        decision: 'accept',
      });
    }
    await runner.drained();
  });

  it('previews the exact email and the count; the test copy goes to the admin only', async () => {
    const body = {
      mode: 'selected',
      application_ids: [apps.ana, apps.ben],
      visibility: {
        decision: true,
        score: false,
        comments: false,
        customMessage: 'Rehearsals start in May.',
      },
      preview_application_id: apps.ben,
    };
    const preview = await t.json('POST', `/api/programs/${program}/publish-preview`, { as: admin, body });
    expect(preview.status).toBe(200);
    const p = publishPreviewSchema.parse(preview.body);
    expect(p.count).toBe(2);
    expect(p.to?.email).toBe('ben@results.mail.test');
    expect(p.subject).toBe(`Your result for ${programName}`);
    expect(p.text).toContain('Decision: Accepted');
    expect(p.text).toContain('Rehearsals start in May.');
    expect(p.text).not.toContain('91.5');
    expect(p.html).not.toContain('Secret-note-4c1');

    const got = await delivered(() =>
      t.json('POST', `/api/programs/${program}/publish-test`, { as: admin, body }),
    );
    expect(got.map((r) => r.envelopeTo[0])).toEqual(['admin@demo.test']);
    expect(got[0].mail.subject).toBe(`[Test] Your result for ${programName}`);
    expect(got[0].mail.text).toContain('Decision: Accepted');
    // A double click sends one.
    expect(
      await delivered(() => t.json('POST', `/api/programs/${program}/publish-test`, { as: admin, body })),
    ).toEqual([]);
  });

  it('sends each applicant exactly the chosen fields and a link to My Submissions; publishing again sends nothing', async () => {
    const visibility = { decision: true, score: true, comments: false, customMessage: 'See you in May!' };
    const got = await delivered(() =>
      t.json('POST', `/api/programs/${program}/publish-results`, {
        as: admin,
        body: { mode: 'selected', application_ids: [apps.ana, apps.ben], visibility },
      }),
    );
    expect(got.map((r) => r.envelopeTo[0]).sort()).toEqual([
      'ana@results.mail.test',
      'ben@results.mail.test',
    ]);
    for (const r of got) {
      expect(r.mail.subject).toBe(`Your result for ${programName}`);
      expect(r.mail.text).toContain('Decision: Accepted');
      expect(r.mail.text).toContain('Score: 91.5');
      expect(r.mail.text).toContain('See you in May!');
      expect(r.mail.text).not.toContain('Secret-note-4c1');
      expect(r.mail.html).not.toContain('Secret-note-4c1');
      hasLink(r, '/my-submissions?tab=results');
    }
    const again = await delivered(() =>
      t.json('POST', `/api/programs/${program}/publish-results`, {
        as: admin,
        body: {
          mode: 'selected',
          application_ids: [apps.ana, apps.ben],
          visibility,
          only_unpublished: false,
        },
      }),
    );
    expect(again).toEqual([]);
  });

  it('a correction sends a short "your result was updated", once per correction', async () => {
    const correct = () =>
      t.json('POST', `/api/programs/${program}/update-published-results`, {
        as: admin,
        body: { application_ids: [apps.ana], visibility: { decision: true, score: false } },
      });
    const got = await delivered(correct);
    expect(got.map((r) => r.envelopeTo[0])).toEqual(['ana@results.mail.test']);
    expect(got[0].mail.subject).toBe(`Your result was updated: ${programName}`);
    expect(got[0].mail.text).not.toContain('91.5');
    hasLink(got[0], '/my-submissions?tab=results');
    expect((await delivered(correct)).map((r) => r.envelopeTo[0])).toEqual(['ana@results.mail.test']);
  });

  it('shows admins sent, pending and failed result emails, with the failed addresses and why', async () => {
    smtp.refuse.add('gone@results.mail.test');
    const gone = (await submittedApplication(t, 'gone@results.mail.test', program, { name: 'Gone Away' })).id;
    await reviewApplication(t, reviewer, gone, { decision: 'reject' });
    await delivered(() =>
      t.json('POST', `/api/programs/${program}/publish-results`, {
        as: admin,
        body: { mode: 'selected', application_ids: [gone] },
      }),
    );
    const res = await t.json('GET', `/api/programs/${program}/mail-delivery`, { as: admin });
    expect(res.status).toBe(200);
    const d = mailDeliverySchema.parse(res.body);
    // Two results and two corrections sent (the test copy is not counted); one refused.
    expect(d).toMatchObject({ sent: 4, pending: 0, failed: 1, failures_total: 1 });
    expect(d.failures[0]).toMatchObject({ address: 'gone@results.mail.test', applicant_name: 'Gone Away' });
    expect(d.failures[0].reason).toMatch(/550.*No such user/);
    // Another organization's admin learns nothing.
    expect(
      (await t.json('GET', `/api/programs/${program}/mail-delivery`, { as: world.cookies.otherOrgAdmin }))
        .status,
    ).toBe(404);
  });
});

describe('roles and program reviews', () => {
  it('tells a new reviewer or admin of a program, with a link to its queue; adding them again sends nothing', async () => {
    const nora = await onboardedUser(t, 'new.reviewer@mail.test', 'Nora Reviewer');
    const add = () =>
      t.json('POST', `/api/programs/${program}/reviewers`, {
        as: admin,
        body: { email: 'new.reviewer@mail.test' },
      });
    const got = await delivered(add);
    expect(got).toHaveLength(1);
    expect(got[0].envelopeTo).toEqual(['new.reviewer@mail.test']);
    expect(got[0].mail.subject).toBe(`You are now a reviewer of ${programName}`);
    hasLink(got[0], `/review/${program}`);
    // Optional mail: one-click unsubscribe.
    expect(headersOf(got[0])).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const oneClick = /^List-Unsubscribe: <([^>]+)>$/m.exec(headersOf(got[0]))?.[1] ?? '';
    expect(oneClick).toMatch(/^http:\/\/localhost:3000\/api\/mail\/unsubscribe\?token=/);
    // What a mail client does with it (RFC 8058): a POST without cookies or Origin.
    const res = await t.app.request(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const prefs = await t.json('GET', '/api/me/mail-preferences', { as: nora.cookie });
    expect(prefs.body).toEqual({ reminders: true, updates: false });
    // The footer says how long the link works; past that, the link is refused with the expiry message.
    expect(got[0].mail.text).toContain(unsubscribeMessages.validFor);
    expect(got[0].mail.html).toContain(unsubscribeMessages.validFor);
    const token = new URL(oneClick).searchParams.get('token')!;
    const [userId, category] = token.split('.');
    // The same link sent one second more than its lifetime ago.
    const sentLongAgo = new Date(t.clock.now().getTime() - UNSUBSCRIBE_LINK_DAYS * 86_400_000 - 1000);
    const old = unsubscribeToken(t.deps.config.authSecret, userId, category as 'updates', sentLongAgo);
    for (const method of ['GET', 'POST']) {
      const expired = await t.json(method, `/api/mail/unsubscribe?token=${encodeURIComponent(old)}`);
      expect(expired.status).toBe(422);
      expect(expired.body.error).toMatchObject({
        message: unsubscribeMessages.expired,
        fields: { token: 'expired' },
      });
    }
    expect(
      (await t.json('PUT', '/api/me/mail-preferences', { as: nora.cookie, body: { updates: true } })).body,
    ).toEqual({
      reminders: true,
      updates: true,
    });
    expect(await delivered(add)).toEqual([]);

    const asAdmin = await delivered(() =>
      t.json('POST', `/api/programs/${program}/admins`, {
        as: admin,
        body: { email: 'new.reviewer@mail.test' },
      }),
    );
    expect(asAdmin[0].mail.subject).toBe(`You are now an admin of ${programName}`);
  });

  it('tells the org admins when a super admin asks for changes (with the note) and when it approves', async () => {
    const created = await t.json('POST', `/api/orgs/${world.slugs.org}/programs`, {
      as: admin,
      body: { name: 'Chamber Music Week' },
    });
    const id = created.body.id as string;
    const publish = async () => {
      const editor = (await t.json('GET', `/api/programs/${id}/editor`, { as: admin })).body;
      const res = await t.json('POST', `/api/programs/${id}/publish`, {
        as: admin,
        body: { form: editor.form, version: editor.version, editor: 'org' },
      });
      expect(res.status).toBe(200);
      return res.body.outcome;
    };
    expect(await publish()).toBe('published');
    const note = 'Please add a repertoire question.\n<script>alert(1)</script>';
    const changes = await delivered(() =>
      t.json('POST', `/api/programs/${id}/request-changes`, { as: superAdmin, body: { note } }),
    );
    expect(changes.map((r) => r.envelopeTo[0])).toEqual(['admin@demo.test']);
    expect(changes[0].mail.subject).toBe('Changes requested: Chamber Music Week');
    expect(changes[0].mail.text).toContain('> Please add a repertoire question.');
    expect(changes[0].mail.html).toContain('&lt;script&gt;');
    expect(changes[0].mail.html).not.toContain('<script>');
    hasLink(changes[0], `/org/riverside-arts/admin/programs/${id}/builder`);

    expect(await publish()).toBe('submitted');
    const approved = await delivered(() => t.json('POST', `/api/programs/${id}/approve`, { as: superAdmin }));
    expect(approved.map((r) => [r.envelopeTo[0], r.mail.subject])).toEqual([
      ['admin@demo.test', 'Approved and published: Chamber Music Week'],
    ]);
  });
});

describe('organization requests', () => {
  it('tells the requester when their organization is created, and when a request is declined', async () => {
    const yes = await onboardedUser(t, 'founder@mail.test', 'Fay Founder');
    const yesApp = await orgRequest(t, yes.cookie, {
      answers: { q_org_name: 'Harbor Choir' },
      decision: 'approved',
    });
    await runner.drained();
    const created = await delivered(() =>
      t.json('POST', `/api/super/org-requests/${yesApp}/create-org`, {
        as: superAdmin,
        body: { name: 'Harbor Choir', slug: 'harbor-choir' },
      }),
    );
    const approved = created.filter((r) => r.envelopeTo[0] === 'founder@mail.test');
    expect(approved.map((r) => r.mail.subject)).toEqual(['Your organization is ready: Harbor Choir']);
    // The platform's own email: MAIL_FROM's display name.
    expect(approved[0].mail.from?.value[0].name).toBe('ApplyHub Platform');
    hasLink(approved[0], '/org/harbor-choir/admin');

    const no = await onboardedUser(t, 'declined@mail.test', 'Dee Clined');
    const declined = await delivered(() =>
      orgRequest(t, no.cookie, { answers: { q_org_name: 'Nope Ensemble' }, decision: 'denied' }),
    );
    const told = declined.filter((r) => r.envelopeTo[0] === 'declined@mail.test');
    // Her receipt, then the decision.
    expect(told.map((r) => r.mail.subject)).toEqual([
      'Application received: Organization application',
      'Your organization request: Nope Ensemble',
    ]);
    expect(told[1].mail.text).toContain('was declined');
  });
});

describe('bad input through the product', () => {
  it('refuses invalid settings and keeps header-breaking names on one line', async () => {
    const bad = await t.json('PUT', `/api/orgs/${world.slugs.org}/settings`, {
      as: admin,
      body: { name: 'Riverside', contact_email: 'not-an-email' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.contact_email).toBe('Enter a valid email address.');
    const [org] = await t.deps.db
      .select({ contact: organizations.contactEmail })
      .from(organizations)
      .where(eq(organizations.slug, world.slugs.org));
    expect(org.contact).toBe('hello@riverside.test');

    await t.json('PUT', `/api/orgs/${world.slugs.org}/settings`, {
      as: admin,
      body: { name: 'Riverside\r\nBcc: victim@evil.test', contact_email: 'hello@riverside.test' },
    });
    const got = (await delivered(() => submittedApplication(t, 'inject@mail.test', program))).filter(
      (r) => r.envelopeTo[0] === 'inject@mail.test',
    );
    expect(got[0].raw.split('\r\n\r\n')[0]).not.toMatch(/^Bcc:/im);
    expect(got[0].mail.from?.value[0].name).toBe('Riverside Bcc: victim@evil.test');
    await t.json('PUT', `/api/orgs/${world.slugs.org}/settings`, {
      as: admin,
      body: { name: 'Riverside Arts Center', contact_email: 'hello@riverside.test' },
    });
  });

  it('sent each receipt once', async () => {
    const rows = await t.deps.db
      .select({ status: mailMessages.status })
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.kind, 'submission_receipt'),
          sql`${mailMessages.toAddress} = 'receipt@mail.test'`,
        ),
      );
    expect(rows).toEqual([{ status: 'sent' }]);
  });
});
