import { and, eq } from 'drizzle-orm';
import { applications } from '../../../src/server/db/schema';
import type { MatrixArea, Role } from './helpers';
import { signedIn } from './helpers';

let appId = '';

/**
 * A submitted application's thread (issue 31 item 2): its program's org admins and super admins; the
 * program's reviewers only when the admin allows it (off: 403); everyone else, other applicants and
 * coalition managers included, does not find it (404).
 */
const thread = (status: number): Record<Role, number> => ({
  ...signedIn(404),
  notOnboarded: 403,
  orgAdmin: status,
  superAdmin: status,
  reviewer: 403,
});

/** The program's admins; its coalition manager edits it but does not administer it (403). */
const programAdmins = (status: number): Record<Role, number> => ({
  ...signedIn(404),
  notOnboarded: 403,
  orgAdmin: status,
  superAdmin: status,
  coalitionManager: 403,
});

export const messagesArea: MatrixArea = {
  async prepare(t, w) {
    const [row] = await t.deps.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.programId, w.ids.publishedProgram), eq(applications.status, 'submitted')))
      .limit(1);
    if (!row) throw new Error('no submitted application in the published program');
    appId = row.id;
  },
  rows: [
    {
      route: 'GET /applications/{id}/messages',
      path: () => `/api/applications/${appId}/messages`,
      expect: thread(200),
    },
    {
      // Before anyone writes: the admin's first read is recorded.
      route: 'POST /applications/{id}/messages/read',
      path: () => `/api/applications/${appId}/messages/read`,
      writes: 'messages',
      expect: thread(200),
    },
    {
      route: 'POST /applications/{id}/messages',
      path: () => `/api/applications/${appId}/messages`,
      writes: 'messages',
      body: () => ({ body: 'Could you send the score in PDF?' }),
      expect: thread(200),
    },
    { route: 'GET /me/messages/counts', path: () => '/api/me/messages/counts', expect: signedIn(200, 403) },
    {
      route: 'GET /programs/{id}/messages/counts',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/messages/counts`,
      expect: programAdmins(200),
    },
    {
      route: 'GET /programs/{id}/message-settings',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/message-settings`,
      expect: programAdmins(200),
    },
    {
      // Idempotent (the default, again): leaves shared state as it was.
      route: 'PUT /programs/{id}/message-settings',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/message-settings`,
      writes: 'messages',
      body: () => ({ reviewers_may_write: false }),
      expect: programAdmins(200),
    },
  ],
};
