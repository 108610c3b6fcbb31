import { demoProgramId } from '../../../src/server/db/seed/ids';
import { submittedApplication } from '../../support/factory';
import { type MatrixArea, signedIn } from './helpers';

/** A submitted application to Youth Orchestra Auditions (riverside-arts), made in `prepare`. */
let applicationId = '';
/** That application's id, once prepared (other areas' rows reuse it instead of signing in more people). */
export const reviewedApplicationId = () => applicationId;

/** Who may review a riverside-arts program: its reviewers, its org admin and super admins (`status`); others 404. */
const reviewers = (status: number) => ({
  ...signedIn(404, 403),
  reviewer: status,
  orgAdmin: status,
  superAdmin: status,
});

/** Reviews, inbox and program assignments (issue 5). */
export const reviewsArea: MatrixArea = {
  prepare: async (t) => {
    applicationId = (await submittedApplication(t, 'matrix.reviewed@example.test', demoProgramId(1))).id;
  },
  rows: [
    {
      route: 'GET /review/programs/{id}/queue',
      path: () => `/api/review/programs/${demoProgramId(1)}/queue`,
      expect: reviewers(200),
    },
    {
      route: 'GET /applications/{id}/review',
      path: () => `/api/applications/${applicationId}/review`,
      expect: reviewers(200),
    },
    {
      // A stale version: whoever may write the review gets past authorization and meets 409.
      route: 'PUT /applications/{id}/review',
      writes: 'reviews',
      path: () => `/api/applications/${applicationId}/review`,
      body: () => ({ comments: 'Matrix', version: 99 }),
      expect: reviewers(409),
    },
    {
      route: 'GET /review/pending-counts',
      path: () => '/api/review/pending-counts',
      expect: {
        ...signedIn(403),
        reviewer: 200,
        otherReviewer: 200,
        orgAdmin: 200,
        otherOrgAdmin: 200,
        superAdmin: 200,
      },
    },
    {
      route: 'GET /reviews',
      path: () => '/api/reviews?limit=5',
      expect: {
        ...signedIn(403),
        reviewer: 200,
        otherReviewer: 200,
        orgAdmin: 200,
        otherOrgAdmin: 200,
        superAdmin: 200,
      },
    },
    {
      route: 'GET /orgs/{slug}/reviews',
      path: (w) => `/api/orgs/${w.slugs.org}/reviews`,
      expect: { ...signedIn(403), orgAdmin: 200, superAdmin: 200 },
    },
  ],
};
