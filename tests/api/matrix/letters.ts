import { and, eq } from 'drizzle-orm';
import { applications, letterRequests } from '../../../src/server/db/schema';
import { letterUnsubscribeToken } from '../../../src/server/letters/keys';
import { newLetterToken } from '../../../src/server/letters/service';
import type { MatrixArea, Role } from './helpers';
import { all, signedIn } from './helpers';

let appId = '';
let token = '';
let stopToken = '';
/** A well-formed token that names no request. */
const unknownToken = 'A'.repeat(43);
/** Anyone may call the link's routes: an unknown token is what they asked for. */
const unknown = { roles: 'all' as const, why: 'a token that names no request' };
const noRequest = '00000000-0000-4000-8000-000000000000';

/** The applicant's own routes: nobody in the matrix owns the application (404). */
const ownerOnly: Record<Role, number> = { ...signedIn(404), notOnboarded: 403 };

/**
 * Staff routes (issue 30, decision 065): the program's reviewers, org admins and super admins pass the
 * read gate; everyone else, coalition managers included, does not find the application (404).
 */
const staff = (status: number, reviewer = status): Record<Role, number> => ({
  ...signedIn(404),
  notOnboarded: 403,
  orgAdmin: status,
  superAdmin: status,
  reviewer,
});

const programAdmins = (status: number): Record<Role, number> => ({
  ...signedIn(404),
  notOnboarded: 403,
  orgAdmin: status,
  superAdmin: status,
  coalitionManager: 403,
});

export const lettersArea: MatrixArea = {
  async prepare(t, w) {
    const [row] = await t.deps.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.programId, w.ids.publishedProgram), eq(applications.status, 'submitted')))
      .limit(1);
    if (!row) throw new Error('no submitted application in the published program');
    appId = row.id;
    const made = newLetterToken();
    token = made.token;
    const now = t.clock.now();
    const [request] = await t.deps.db
      .insert(letterRequests)
      .values({
        applicationId: appId,
        questionKey: 'refs',
        name: 'Matrix Recommender',
        email: 'matrix-recommender@example.test',
        tokenHash: made.hash,
        tokenExpiresAt: new Date(now.getTime() + 86_400_000),
        lastSentAt: now,
      })
      .returning({ id: letterRequests.id });
    stopToken = letterUnsubscribeToken(t.deps.config.authSecret, request.id, now);
  },
  rows: [
    {
      route: 'GET /applications/{id}/letter-requests',
      path: () => `/api/applications/${appId}/letter-requests`,
      expect: ownerOnly,
    },
    {
      route: 'POST /applications/{id}/letter-requests',
      path: () => `/api/applications/${appId}/letter-requests`,
      writes: 'letters',
      body: () => ({ question_key: 'refs', name: 'Bo', email: 'bo@example.test' }),
      expect: ownerOnly,
    },
    {
      route: 'POST /applications/{id}/letter-requests/{requestId}/resend',
      path: () => `/api/applications/${appId}/letter-requests/${noRequest}/resend`,
      writes: 'letters',
      expect: staff(404, 403),
      refusedForWhatTheyAsk: { roles: ['orgAdmin', 'superAdmin'], why: 'no such request' },
    },
    {
      route: 'POST /applications/{id}/letter-requests/{requestId}/cancel',
      path: () => `/api/applications/${appId}/letter-requests/${noRequest}/cancel`,
      writes: 'letters',
      expect: ownerOnly,
    },
    {
      route: 'POST /applications/{id}/letter-requests/{requestId}/on-behalf',
      path: () => `/api/applications/${appId}/letter-requests/${noRequest}/on-behalf`,
      writes: 'letters',
      expect: staff(404, 403),
      refusedForWhatTheyAsk: { roles: ['orgAdmin', 'superAdmin'], why: 'no such request' },
    },
    {
      route: 'GET /applications/{id}/letters',
      path: () => `/api/applications/${appId}/letters`,
      expect: staff(200),
    },
    {
      route: 'GET /applications/{id}/letters/{requestId}/file',
      path: () => `/api/applications/${appId}/letters/${noRequest}/file`,
      expect: staff(404),
    },
    {
      route: 'GET /programs/{id}/letter-settings',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/letter-settings`,
      expect: programAdmins(200),
    },
    {
      // Idempotent (the default, again).
      route: 'PUT /programs/{id}/letter-settings',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/letter-settings`,
      writes: 'letters',
      body: () => ({ blind_reviewers_see_letters: false }),
      expect: programAdmins(200),
    },
    // The recommender's link: public; the token is the key (an unknown one: 404 for everyone).
    { route: 'GET /letters/{token}', path: () => `/api/letters/${token}`, expect: all(200) },
    {
      route: 'PUT /letters/{token}/draft',
      path: () => `/api/letters/${unknownToken}/draft`,
      writes: 'letters',
      body: () => ({ text: 'A letter' }),
      expect: all(404),
      refusedForWhatTheyAsk: unknown,
    },
    {
      route: 'POST /letters/{token}/file',
      path: () => `/api/letters/${unknownToken}/file`,
      writes: 'letters',
      expect: all(404),
      refusedForWhatTheyAsk: unknown,
    },
    {
      route: 'DELETE /letters/{token}/file',
      path: () => `/api/letters/${unknownToken}/file`,
      writes: 'letters',
      expect: all(404),
      refusedForWhatTheyAsk: unknown,
    },
    {
      route: 'POST /letters/{token}/submit',
      path: () => `/api/letters/${unknownToken}/submit`,
      writes: 'letters',
      body: () => ({ text: 'A letter' }),
      expect: all(404),
      refusedForWhatTheyAsk: unknown,
    },
    {
      route: 'POST /letters/{token}/decline',
      path: () => `/api/letters/${unknownToken}/decline`,
      writes: 'letters',
      body: () => ({ reason: '' }),
      expect: all(404),
      refusedForWhatTheyAsk: unknown,
    },
    // The "Stop reminders" link of the recommender's emails: the signed token is the authority.
    {
      route: 'GET /letter-reminders/unsubscribe',
      path: () => `/api/letter-reminders/unsubscribe?token=${stopToken}`,
      expect: all(200),
    },
    {
      // Idempotent: every role stops the same request's reminders.
      route: 'POST /letter-reminders/unsubscribe',
      path: () => `/api/letter-reminders/unsubscribe?token=${stopToken}`,
      writes: 'letters',
      expect: all(200),
    },
  ],
};
