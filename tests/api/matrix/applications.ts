import type { MatrixArea } from './helpers';
import { all, signedIn } from './helpers';
import { reviewedApplicationId } from './reviews';

let appId = '';

/** Who administers Youth Orchestra Auditions (`status`); those who see it but may not: 403; others 404. */
const programAdmins = (status: number) => ({
  ...signedIn(404),
  notOnboarded: 403,
  orgAdmin: status,
  superAdmin: status,
  reviewer: 403,
  coalitionManager: 403,
});

/**
 * Applications and My Submissions (issue 4). The applicant's draft of the published program:
 * only its applicant reads or writes it; everyone else signed in gets 404 (a draft is the applicant's
 * alone, reviewers included); the signed-out preview is public.
 */
export const applicationsArea: MatrixArea = {
  prepare: async (t, world) => {
    const res = await t.json('POST', `/api/programs/${world.ids.publishedProgram}/applications`, {
      as: world.cookies.applicant,
    });
    if (res.status !== 200) throw new Error(`start failed: ${res.status}`);
    appId = res.body.id;
  },
  rows: [
    {
      route: 'GET /applications/{id}',
      path: () => `/api/applications/${appId}`,
      expect: { ...signedIn(404), notOnboarded: 403, applicant: 200 },
    },
    {
      route: 'GET /applications/{id}/preview',
      path: () => `/api/applications/${appId}/preview`,
      expect: all(200),
    },
    {
      route: 'GET /me/applications',
      path: () => '/api/me/applications',
      expect: signedIn(200, 403),
    },
    {
      route: 'GET /me/applications/drafts',
      path: () => '/api/me/applications/drafts',
      expect: signedIn(200, 403),
    },
    {
      // Only its applicant gets past authorization, and meets 409: a draft cannot be withdrawn.
      route: 'POST /applications/{id}/withdraw',
      writes: 'applications',
      path: () => `/api/applications/${appId}/withdraw`,
      body: () => ({}),
      expect: { ...signedIn(404), notOnboarded: 403, applicant: 409 },
    },
    {
      // The program's admins get past authorization and meet 409 (it is not withdrawn); its
      // reviewers read it but may not reinstate (403); anyone else does not see it (404).
      route: 'POST /applications/{id}/reinstate',
      writes: 'applications',
      // The reviews area's submitted application to Youth Orchestra Auditions (not withdrawn).
      path: () => `/api/applications/${reviewedApplicationId()}/reinstate`,
      expect: { ...signedIn(404), notOnboarded: 403, reviewer: 403, orgAdmin: 409, superAdmin: 409 },
    },
    {
      // The program's admins get past authorization and meet 422 (a time in the past); those who
      // see the program without administering it get 403; anyone else 404.
      route: 'POST /programs/{id}/personal-deadlines',
      writes: 'applications',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/personal-deadlines`,
      body: () => ({ application_ids: [appId], close_at: '2001-01-01T00:00:00Z' }),
      expect: programAdmins(422),
    },
    {
      // The program's admins get past authorization and meet 422 (a due date in the past).
      route: 'POST /programs/{id}/change-requests',
      writes: 'applications',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/change-requests`,
      body: () => ({
        application_ids: [reviewedApplicationId()],
        message: 'Please add your budget.',
        due_at: '2001-01-01T00:00:00Z',
        scope: { all: true },
      }),
      expect: programAdmins(422),
    },
    {
      // Read through the gate (decision 051): the program's reviewers and admins; others 404.
      route: 'GET /applications/{id}/versions',
      path: () => `/api/applications/${reviewedApplicationId()}/versions`,
      expect: { ...signedIn(404), notOnboarded: 403, reviewer: 200, orgAdmin: 200, superAdmin: 200 },
    },
    {
      route: 'GET /programs/{id}/grace-period',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/grace-period`,
      expect: programAdmins(200),
    },
    {
      // The program stays open: a grace period after its close changes nothing for the other rows.
      route: 'PUT /programs/{id}/grace-period',
      writes: 'programs',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/grace-period`,
      body: () => ({ minutes: 15 }),
      expect: programAdmins(200),
    },
  ],
  lastRows: [
    {
      // Idempotent: the same (empty) answers at the current version; a retry is acknowledged again.
      route: 'PUT /applications/{id}/answers',
      writes: 'applications',
      path: () => `/api/applications/${appId}/answers`,
      body: () => ({ answers: {}, version: 1 }),
      expect: { ...signedIn(404), notOnboarded: 403, applicant: 200 },
    },
    {
      // The applicant's empty draft gets past authorization and meets the required-answers check.
      route: 'POST /applications/{id}/submit',
      writes: 'applications',
      path: () => `/api/applications/${appId}/submit`,
      body: () => ({ answers: {}, version: 2 }),
      expect: { ...signedIn(404), notOnboarded: 403, applicant: 422 },
      refusalWrites: { applicant: 'a refused submit still saves the answers it carried (nothing is lost)' },
    },
  ],
};
