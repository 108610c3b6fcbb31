import { eq } from 'drizzle-orm';
import { mailbox, mailMessages, user } from '../../../src/server/db/schema';
import { queueEmail } from '../../../src/server/mail';
import { deliverMail } from '../../../src/server/mail/deliver';
import { unsubscribeToken } from '../../../src/server/mail/keys';
import { PNG, uploadFile } from '../../support/factory';
import { all, type MatrixArea, type Role, signedIn } from './helpers';

/** As in the results area: a riverside-arts program's admins 200, who sees it 403, others 404. */
const programAdmins = (): Record<Role, number> => ({
  ...signedIn(404),
  notOnboarded: 403,
  orgAdmin: 200,
  superAdmin: 200,
  reviewer: 403,
  coalitionManager: 403,
});
const superOnly = { ...signedIn(403), superAdmin: 200 };

let token = '';
let scheduleVersion = '';
const orgAdmins = { ...signedIn(403), orgAdmin: 200, superAdmin: 200 };
let messageId = '';

/** Email: preferences, one-click unsubscribe, the mailbox, previews and delivery (issue 19). */
export const mailArea: MatrixArea = {
  async prepare(t, w) {
    await uploadFile(t, w.cookies.orgAdmin as string, 'logo', {
      orgSlug: w.slugs.org,
      body: PNG,
      type: 'image/png',
      name: 'logo.png',
    });
    scheduleVersion = (
      await t.json('GET', `/api/programs/${w.ids.publishedProgram}/schedule`, { as: w.cookies.orgAdmin })
    ).body.version;
    const [applicant] = await t.deps.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'applicant@demo.test'));
    token = unsubscribeToken(t.deps.config.authSecret, applicant.id, 'reminders', t.clock.now());
    // A receipt delivered to the built-in mailbox (the test app has no SMTP_URL), through the services.
    const id = await t.deps.db.transaction(async (tx) => {
      await queueEmail(tx, {
        kind: 'org_request_decided',
        to: { email: 'applicant@demo.test', userId: applicant.id },
        about: { entity: 'matrix' },
        data: { name: null, outcome: 'declined', orgName: 'Matrix', orgSlug: null },
      });
      const [m] = await tx
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(eq(mailMessages.kind, 'org_request_decided'));
      return m.id;
    });
    await deliverMail({ id, name: 'mail.send', data: { id }, attempt: 1, attempts: 1 }, t.deps);
    const [row] = await t.deps.db.select({ id: mailbox.id }).from(mailbox);
    messageId = row.id;
  },
  rows: [
    { route: 'GET /me/mail-preferences', path: () => '/api/me/mail-preferences', expect: signedIn(200, 403) },
    {
      route: 'PUT /me/mail-preferences',
      path: () => '/api/me/mail-preferences',
      writes: 'mail',
      body: () => ({ updates: true }),
      expect: signedIn(200, 403),
    },
    // The signed token is the authority: anyone holding the link, signed in or not.
    { route: 'GET /mail/unsubscribe', path: () => `/api/mail/unsubscribe?token=${token}`, expect: all(200) },
    {
      route: 'POST /mail/unsubscribe',
      path: () => `/api/mail/unsubscribe?token=${token}`,
      expect: all(200),
      writes: 'mail',
    },
    { route: 'GET /super/mailbox', path: () => '/api/super/mailbox', expect: superOnly },
    { route: 'GET /super/mailbox/{id}', path: () => `/api/super/mailbox/${messageId}`, expect: superOnly },
    {
      route: 'POST /programs/{id}/publish-preview',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/publish-preview`,
      writes: null,
      body: () => ({ mode: 'all_finalized' }),
      expect: programAdmins(),
    },
    {
      route: 'POST /programs/{id}/publish-test',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/publish-test`,
      writes: 'mail',
      body: () => ({ mode: 'all_finalized' }),
      expect: programAdmins(),
    },
    {
      route: 'GET /programs/{id}/mail-delivery',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/mail-delivery`,
      expect: programAdmins(),
    },
    {
      route: 'GET /orgs/{slug}/settings',
      path: (w) => `/api/orgs/${w.slugs.org}/settings`,
      expect: orgAdmins,
    },
    // Public: the organization's page and its emails show it.
    { route: 'GET /orgs/{slug}/logo', path: (w) => `/api/orgs/${w.slugs.org}/logo`, expect: all(200) },
    {
      route: 'GET /programs/{id}/schedule',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/schedule`,
      expect: { ...programAdmins(), reviewer: 404 },
    },
  ],
  lastRows: [
    {
      route: 'PUT /orgs/{slug}/settings',
      path: (w) => `/api/orgs/${w.slugs.org}/settings`,
      writes: 'orgs',
      body: () => ({ name: 'Riverside Arts Center', description: 'Music, theatre and dance for every age.' }),
      expect: orgAdmins,
    },
    {
      route: 'DELETE /orgs/{slug}/logo',
      path: (w) => `/api/orgs/${w.slugs.org}/logo`,
      expect: orgAdmins,
      writes: 'orgs',
    },
    {
      // The org admin's save comes first; the super admin's, on the same version, is then stale (409).
      route: 'PUT /programs/{id}/schedule',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/schedule`,
      writes: 'programs',
      body: () => ({ open_at: null, close_at: null, reminder_hours: [72, 24], version: scheduleVersion }),
      expect: { ...programAdmins(), reviewer: 404, superAdmin: 409 },
    },
  ],
};
