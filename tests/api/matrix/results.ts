import { userIdOf } from '../../support/factory';
import type { MatrixArea, Role } from './helpers';
import { signedIn } from './helpers';

/**
 * An admin route of a riverside-arts program: its org admin and super admins (200); those who can see
 * the program but not administer it, its organization's reviewers and its coalition's managers (403);
 * everyone else signed in does not see it (404).
 */
const programAdmins = (status = 200): Record<Role, number> => ({
  ...signedIn(404),
  notOnboarded: 403,
  orgAdmin: status,
  superAdmin: status,
  reviewer: 403,
  coalitionManager: 403,
});

/** Whom the rows before add to the program, and the removal rows remove (found in prepare). */
const added = { reviewer: '', admin: '' };

/** Publishing results, the applicant's results, and program assignments (issue 5). */
export const resultsArea: MatrixArea = {
  async prepare(t) {
    added.reviewer = await userIdOf(t, 'jordan.lee@demo.test');
    added.admin = await userIdOf(t, 'maya.patel@demo.test');
  },
  rows: [
    {
      route: 'GET /orgs/{slug}/publish/programs',
      path: (w) => `/api/orgs/${w.slugs.org}/publish/programs`,
      expect: { ...signedIn(403), orgAdmin: 200, superAdmin: 200 },
    },
    {
      route: 'GET /programs/{id}/publish-queue',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/publish-queue`,
      expect: programAdmins(),
    },
    {
      route: 'GET /me/results',
      path: () => '/api/me/results',
      expect: signedIn(200, 403),
    },
    {
      route: 'GET /programs/{id}/assignments',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/assignments`,
      expect: programAdmins(),
    },
  ],
  lastRows: [
    {
      route: 'POST /programs/{id}/publish-results',
      writes: 'results',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/publish-results`,
      body: () => ({ mode: 'all_finalized' }),
      expect: programAdmins(),
    },
    {
      route: 'POST /programs/{id}/update-published-results',
      writes: 'results',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/update-published-results`,
      body: () => ({ visibility: { decision: true } }),
      expect: programAdmins(),
    },
    {
      route: 'POST /programs/{id}/reviewers',
      writes: 'users',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/reviewers`,
      body: () => ({ email: 'jordan.lee@demo.test' }),
      expect: programAdmins(),
    },
    {
      route: 'POST /programs/{id}/admins',
      writes: 'users',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/admins`,
      body: () => ({ email: 'maya.patel@demo.test' }),
      expect: programAdmins(),
    },
    {
      route: 'DELETE /programs/{id}/reviewers/{userId}',
      writes: 'users',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/reviewers/${added.reviewer}`,
      expect: programAdmins(),
    },
    {
      route: 'DELETE /programs/{id}/admins/{userId}',
      writes: 'users',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/admins/${added.admin}`,
      expect: programAdmins(),
    },
  ],
};
