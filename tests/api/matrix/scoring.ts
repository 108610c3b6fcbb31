import { demoProgramId } from '../../../src/server/db/seed/ids';
import { submittedApplication, userIdOf } from '../../support/factory';
import { assign, auditionRubric, scoringDetail, setScoring } from '../../support/scoring';
import { editors, type MatrixArea, type Role, signedIn } from './helpers';

/** Emerging Artist Scholarship (riverside-arts), switched to independent scoring in `prepare`. */
const program = demoProgramId(2);
let applicationId = '';
let reviewerId = '';
let sheetId = '';
/** An application assigned and unassigned by the assignment rows (so that each accepted call changes something). */
let spareId = '';
const nobody = '00000000-0000-4000-8000-00000000beef';

/** Admin routes: the org admin and super admins; the program's reviewers and coalition managers 403. */
const programAdmins = (status = 200): Record<Role, number> => ({
  ...signedIn(404),
  notOnboarded: 403,
  orgAdmin: status,
  superAdmin: status,
  reviewer: 403,
  coalitionManager: 403,
});

/** Reviewer routes of one application: its assigned reviewer, the org admin and super admins. */
const assigned = (reviewer: number, admins = reviewer): Record<Role, number> => ({
  ...signedIn(404, 403),
  reviewer,
  orgAdmin: admins,
  superAdmin: admins,
});

/** Independent scoring, assignment, conflicts (issue 20). */
export const scoringArea: MatrixArea = {
  prepare: async (t, w) => {
    const admin = w.cookies.orgAdmin!;
    await setScoring(t, admin, program, { criteria: auditionRubric });
    applicationId = (await submittedApplication(t, 'matrix.scored@example.test', program)).id;
    reviewerId = await userIdOf(t, 'reviewer@demo.test');
    await assign(t, admin, program, [applicationId], [reviewerId]);
    sheetId = (await scoringDetail(t, w.cookies.reviewer!, applicationId)).my_sheet!.id;
    spareId = (await submittedApplication(t, 'matrix.spare@example.test', program)).id;
  },
  rows: [
    {
      route: 'GET /programs/{id}/scoring',
      path: () => `/api/programs/${program}/scoring`,
      expect: { ...editors(200), notOnboarded: 403 },
    },
    {
      // A stale version: whoever may change the settings gets past authorization and meets 409.
      route: 'PUT /programs/{id}/scoring',
      writes: 'scoring',
      path: () => `/api/programs/${program}/scoring`,
      body: () => ({ mode: 'independent', criteria: auditionRubric, version: 999 }),
      expect: { ...editors(409), notOnboarded: 403, superAdmin: 403 },
    },
    {
      route: 'GET /programs/{id}/reviewer-progress',
      path: () => `/api/programs/${program}/reviewer-progress`,
      expect: programAdmins(),
    },
    {
      // Emails the reviewer (the outbox); a second call that day queues nothing more.
      route: 'POST /programs/{id}/reviewer-progress/{userId}/remind',
      path: () => `/api/programs/${program}/reviewer-progress/${reviewerId}/remind`,
      writes: 'mail',
      expect: programAdmins(),
    },
    {
      route: 'POST /programs/{id}/score-assignments',
      writes: 'scoring',
      path: () => `/api/programs/${program}/score-assignments`,
      body: () => ({ application_ids: [spareId], reviewer_ids: [reviewerId] }),
      expect: programAdmins(),
    },
    {
      route: 'POST /programs/{id}/score-assignments/remove',
      writes: 'scoring',
      path: () => `/api/programs/${program}/score-assignments/remove`,
      body: () => ({ application_ids: [spareId], reviewer_ids: [reviewerId] }),
      expect: programAdmins(),
    },
    {
      route: 'POST /programs/{id}/auto-assign/preview',
      writes: null,
      path: () => `/api/programs/${program}/auto-assign/preview`,
      body: () => ({ per_application: 1 }),
      expect: programAdmins(),
    },
    {
      // A plan other than the preview's: refused before anything is written.
      route: 'POST /programs/{id}/auto-assign',
      writes: 'scoring',
      path: () => `/api/programs/${program}/auto-assign`,
      body: () => ({ per_application: 1, plan_hash: 'not-the-preview' }),
      expect: programAdmins(409),
    },
    {
      route: 'GET /programs/{id}/conflicts',
      path: () => `/api/programs/${program}/conflicts`,
      expect: programAdmins(),
    },
    {
      // Not a reviewer of the program: refused after authorization.
      route: 'POST /programs/{id}/conflicts',
      writes: 'scoring',
      path: () => `/api/programs/${program}/conflicts`,
      body: () => ({ application_id: applicationId, reviewer_id: nobody }),
      expect: programAdmins(422),
    },
    {
      route: 'DELETE /programs/{id}/conflicts/{conflictId}',
      writes: 'scoring',
      path: () => `/api/programs/${program}/conflicts/${nobody}`,
      expect: programAdmins(404),
    },
    {
      route: 'GET /review/programs/{id}/next',
      path: () => `/api/review/programs/${program}/next`,
      expect: assigned(200),
    },
    {
      route: 'GET /applications/{id}/scoring',
      path: () => `/api/applications/${applicationId}/scoring`,
      expect: assigned(200),
    },
    {
      // The reviewer's stale version meets 409; admins have no sheet of their own here (403).
      route: 'PUT /applications/{id}/score-sheet',
      writes: 'scoring',
      path: () => `/api/applications/${applicationId}/score-sheet`,
      body: () => ({ scores: {}, version: 999 }),
      expect: assigned(409, 403),
    },
    {
      route: 'PUT /applications/{id}/final-decision',
      writes: 'reviews',
      path: () => `/api/applications/${applicationId}/final-decision`,
      body: () => ({ decision: 'not-an-option', version: 0 }),
      expect: assigned(403, 422),
    },
    {
      route: 'GET /score-sheets/{id}',
      path: () => `/api/score-sheets/${sheetId}`,
      expect: assigned(200),
    },
    {
      // Only the sheet's reviewer may ask, and only once it is submitted.
      route: 'POST /score-sheets/{id}/reopen-request',
      writes: 'scoring',
      path: () => `/api/score-sheets/${sheetId}/reopen-request`,
      body: () => ({ note: 'Typo' }),
      expect: assigned(409, 404),
    },
    {
      route: 'POST /score-sheets/{id}/reopen',
      writes: 'scoring',
      path: () => `/api/score-sheets/${sheetId}/reopen`,
      expect: { ...programAdmins(409) },
    },
  ],
  lastRows: [
    {
      route: 'POST /applications/{id}/recuse',
      writes: 'scoring',
      path: () => `/api/applications/${applicationId}/recuse`,
      body: () => ({}),
      expect: assigned(200),
    },
  ],
};
