import { and, eq, ne } from 'drizzle-orm';
import { applications } from '../../../src/server/db/schema';
import { roles } from '../../support/world';
import { type MatrixArea, type Role, signedIn } from './helpers';

/** The organization's admins and super admins (200); everyone else signed in 403. */
const orgAdmins = (status = 200): Record<Role, number> => ({
  ...signedIn(403),
  orgAdmin: status,
  superAdmin: status,
});

/**
 * A riverside-arts program's data (policy 'program:export'): its org admin, super admins and the
 * Metro coalition's managers (200); its reviewers 403; everyone else who cannot see it 404.
 */
const exporters = (status = 200): Record<Role, number> => ({
  ...signedIn(404),
  notOnboarded: 403,
  orgAdmin: status,
  superAdmin: status,
  coalitionManager: status,
  reviewer: 403,
});

const someone = '00000000-0000-4000-8000-00000000beef';

/** A submitted application of the published riverside-arts program (found in prepare). */
const made = { application: '' };

/** Data out and oversight (issue 21): the audit log, exports, PDFs and dossiers, the program dashboard. */
export const dataOutArea: MatrixArea = {
  // Every download needs the personal-data notice accepted first; accept it for everyone who can
  // download (the applicant accepts it in its own row, so that row writes something).
  async prepare(t, world) {
    const [row] = await t.deps.db
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.programId, world.ids.publishedProgram), ne(applications.status, 'draft')))
      .limit(1);
    made.application = row.id;
    for (const role of roles) {
      const cookie = role === 'applicant' ? undefined : world.cookies[role];
      if (cookie) await t.request('POST', '/api/me/personal-data-notice', { as: cookie });
    }
  },
  rows: [
    {
      route: 'GET /orgs/{slug}/audit',
      path: (w) => `/api/orgs/${w.slugs.org}/audit`,
      expect: orgAdmins(),
    },
    {
      route: 'GET /super/audit',
      path: () => '/api/super/audit',
      expect: { ...signedIn(403), superAdmin: 200 },
    },
    {
      route: 'GET /me/personal-data-notice',
      path: () => '/api/me/personal-data-notice',
      expect: signedIn(200, 403),
    },
    {
      route: 'POST /me/personal-data-notice',
      path: () => '/api/me/personal-data-notice',
      writes: 'notices',
      expect: signedIn(200, 403),
    },
    {
      route: 'GET /programs/{id}/exports/applications',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/exports/applications?format=csv`,
      expect: exporters(),
    },
    {
      route: 'GET /programs/{id}/exports/reviews',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/exports/reviews?format=xlsx`,
      expect: exporters(),
    },
    {
      route: 'GET /programs/{id}/exports/results',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/exports/results?format=csv`,
      expect: exporters(),
    },
    {
      route: 'GET /applications/{id}/pdf',
      path: () => `/api/applications/${made.application}/pdf`,
      expect: {
        ...signedIn(404),
        notOnboarded: 403,
        orgAdmin: 200,
        superAdmin: 200,
        coalitionManager: 200,
        reviewer: 200,
      },
    },
    {
      route: 'GET /programs/{id}/dashboard',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/dashboard`,
      expect: {
        ...signedIn(404),
        notOnboarded: 403,
        orgAdmin: 200,
        superAdmin: 200,
        reviewer: 403,
        coalitionManager: 403,
      },
    },
    {
      // The read-only view (issue 33 item 18): the coalition's managers and super admins; everyone else
      // signed in manages another coalition or none (403).
      route: 'GET /coalitions/{slug}/programs/{id}/dashboard',
      path: (w) => `/api/coalitions/${w.slugs.coalition}/programs/${w.ids.publishedProgram}/dashboard`,
      expect: { ...signedIn(403), coalitionManager: 200, superAdmin: 200 },
    },
    {
      route: 'GET /programs/{id}/dossier',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/dossier`,
      expect: exporters(),
    },
    {
      route: 'GET /orgs/{slug}/exports/inbox',
      path: (w) => `/api/orgs/${w.slugs.org}/exports/inbox?format=csv&status=started`,
      expect: orgAdmins(),
    },
    {
      route: 'GET /reviews/export',
      path: () => '/api/reviews/export?format=csv',
      expect: {
        ...signedIn(403),
        otherOrgAdmin: 200,
        orgAdmin: 200,
        coalitionManager: 200,
        // Exports only their own coalition's reviews (none of Riverside's).
        otherCoalitionManager: 200,
        superAdmin: 200,
      },
    },
    {
      route: 'GET /orgs/{slug}/audit/export',
      path: (w) => `/api/orgs/${w.slugs.org}/audit/export?format=csv`,
      expect: orgAdmins(),
    },
    {
      route: 'GET /super/audit/export',
      path: () => '/api/super/audit/export?format=csv',
      expect: { ...signedIn(403), superAdmin: 200 },
    },
    {
      // A forged link: refused to everyone signed in; visitors are sent to sign in first.
      route: 'GET /files/export-link',
      refusedForWhatTheyAsk: {
        roles: 'all',
        why: 'the link names the file and its exporting user: anyone signed in may follow their own',
      },
      path: () =>
        `/api/files/export-link?path=applications/x/y/z.pdf&user=${someone}&expires=9999999999&sig=${'A'.repeat(43)}`,
      expect: { ...signedIn(403), visitor: 302, deleted: 302 },
    },
  ],
};
