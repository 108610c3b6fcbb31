import { all, editors, type MatrixArea, signedIn } from './helpers';

/** Foundation, discovery and programs (issues 2–4 so far). */
export const coreArea: MatrixArea = {
  rows: [
    { route: 'GET /health', path: () => '/api/health', expect: all(200) },
    { route: 'GET /config', path: () => '/api/config', expect: all(200) },
    { route: 'GET /demo/accounts', path: () => '/api/demo/accounts', expect: all(200) },
    {
      route: 'POST /demo/sign-in',
      writes: 'users',
      path: () => '/api/demo/sign-in',
      body: () => ({ email: 'matrix.new@example.test' }),
      expect: all(200),
    },
    { route: 'GET /me', path: () => '/api/me', expect: signedIn(200) },
    { route: 'GET /me/capabilities', path: () => '/api/me/capabilities', expect: signedIn(200, 403) },
    { route: 'GET /me/admin-orgs', path: () => '/api/me/admin-orgs', expect: signedIn(200, 403) },
    { route: 'GET /me/coalitions', path: () => '/api/me/coalitions', expect: signedIn(200, 403) },
    { route: 'GET /me/reviewer-orgs', path: () => '/api/me/reviewer-orgs', expect: signedIn(200, 403) },
    {
      route: 'GET /me/reviewer-programs',
      path: () => '/api/me/reviewer-programs',
      expect: signedIn(200, 403),
    },
    { route: 'GET /featured', path: () => '/api/featured', expect: all(200) },
    { route: 'GET /orgs', path: () => '/api/orgs?limit=5', expect: all(200) },
    { route: 'GET /orgs/{slug}', path: (w) => `/api/orgs/${w.slugs.org}`, expect: all(200) },
    {
      route: 'GET /coalitions/{slug}',
      path: (w) => `/api/coalitions/${w.slugs.coalition}`,
      expect: all(200),
    },
    { route: 'GET /programs', path: () => '/api/programs', expect: all(200) },
    { route: 'GET /programs/{id}', path: (w) => `/api/programs/${w.ids.publishedProgram}`, expect: all(200) },
    {
      route: 'POST /orgs/{slug}/admin/visit',
      writes: 'users',
      path: (w) => `/api/orgs/${w.slugs.org}/admin/visit`,
      expect: { ...signedIn(403), orgAdmin: 200, superAdmin: 200 },
    },
    {
      route: 'GET /orgs/{slug}/admin/home',
      path: (w) => `/api/orgs/${w.slugs.org}/admin/home`,
      expect: { ...signedIn(403), orgAdmin: 200, superAdmin: 200 },
    },
    // Programs (issue 3). Programs another tenant may not see answer 404, not 403.
    {
      route: 'GET /orgs/{slug}/programs',
      path: (w) => `/api/orgs/${w.slugs.org}/programs`,
      expect: { ...signedIn(403), orgAdmin: 200, superAdmin: 200 },
    },
    {
      route: 'POST /orgs/{slug}/programs',
      writes: 'programs',
      path: (w) => `/api/orgs/${w.slugs.org}/programs`,
      body: () => ({ name: 'Matrix draft' }),
      expect: { ...signedIn(403), orgAdmin: 200, superAdmin: 200 },
    },
    {
      // Issue 29 item 5: its org admins, its coalition's managers and super admins copy it; others do not see it.
      route: 'POST /programs/{id}/copy',
      writes: 'programs',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/copy`,
      expect: { ...editors(200), notOnboarded: 403 },
    },
    {
      route: 'GET /coalitions/{slug}/programs',
      path: (w) => `/api/coalitions/${w.slugs.coalition}/programs`,
      expect: { ...signedIn(403), coalitionManager: 200, superAdmin: 200 },
    },
    {
      route: 'GET /programs/{id}/editor',
      path: (w) => `/api/programs/${w.ids.draftProgram}/editor`,
      expect: { ...editors(200), notOnboarded: 403 },
    },
    {
      // A stale version: whoever gets past authorization meets 409; the super admin's editor is locked.
      route: 'PUT /programs/{id}/form',
      refusedForWhatTheyAsk: {
        roles: ['coalitionManager'],
        why: 'the body names the org editor; as coalition editor they may save',
      },
      writes: 'programs',
      path: (w) => `/api/programs/${w.ids.draftProgram}/form`,
      body: () => ({ form: { questions: [] }, version: -1 }),
      expect: { ...editors(403), notOnboarded: 403, orgAdmin: 409 },
    },
    {
      route: 'POST /programs/{id}/publish',
      refusedForWhatTheyAsk: {
        roles: ['coalitionManager'],
        why: 'the body names the org editor; as coalition editor they may publish',
      },
      writes: 'programs',
      path: (w) => `/api/programs/${w.ids.draftProgram}/publish`,
      body: () => ({ form: { questions: [] }, version: -1 }),
      expect: { ...editors(403), notOnboarded: 403, orgAdmin: 409 },
    },
    {
      route: 'GET /programs/{id}/review-form',
      path: (w) => `/api/programs/${w.ids.draftProgram}/review-form`,
      expect: { ...editors(200), notOnboarded: 403 },
    },
    {
      route: 'PUT /programs/{id}/review-form',
      writes: 'programs',
      path: (w) => `/api/programs/${w.ids.draftProgram}/review-form`,
      body: () => ({ show_score: true, show_comments: true, show_decision: false, decision_options: [] }),
      expect: { ...editors(200), notOnboarded: 403, superAdmin: 403 },
    },
    {
      route: 'GET /programs/{id}/preview',
      path: (w) => `/api/programs/${w.ids.draftProgram}/preview`,
      expect: { ...editors(200), notOnboarded: 403 },
    },
    {
      route: 'GET /programs/{id}/events',
      path: (w) => `/api/programs/${w.ids.draftProgram}/events`,
      expect: { ...editors(200), notOnboarded: 403 },
    },
    {
      route: 'GET /super/programs',
      path: () => '/api/super/programs',
      expect: { ...signedIn(403), superAdmin: 200 },
    },
    {
      // A draft cannot be approved: the super admin gets past authorization and meets 409.
      route: 'POST /programs/{id}/approve',
      writes: 'programs',
      path: (w) => `/api/programs/${w.ids.draftProgram}/approve`,
      expect: { ...signedIn(403), superAdmin: 409 },
    },
    {
      route: 'POST /programs/{id}/request-changes',
      writes: 'programs',
      path: (w) => `/api/programs/${w.ids.draftProgram}/request-changes`,
      body: () => ({ note: 'Matrix' }),
      expect: { ...signedIn(403), superAdmin: 409 },
    },
    {
      route: 'POST /programs/{id}/applications',
      writes: 'applications',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/applications`,
      expect: signedIn(200, 403),
    },
    {
      // The org admin deletes it; the super admin then finds it already deleted.
      route: 'DELETE /programs/{id}',
      writes: 'programs',
      path: (w) => `/api/programs/${w.ids.draftProgram}`,
      expect: { ...editors(404), notOnboarded: 403, orgAdmin: 200, coalitionManager: 403, superAdmin: 409 },
    },
    {
      route: 'POST /programs/{id}/restore',
      writes: 'programs',
      path: (w) => `/api/programs/${w.ids.draftProgram}/restore`,
      expect: { ...editors(404), notOnboarded: 403, orgAdmin: 200, coalitionManager: 403, superAdmin: 409 },
    },
  ],
  lastRows: [
    // Rows that change the caller (onboarding the not-onboarded user) come last.
    {
      route: 'POST /me/onboarding',
      writes: 'users',
      path: () => '/api/me/onboarding',
      body: () => ({ accept_terms: true }),
      expect: signedIn(200),
    },
  ],
};
