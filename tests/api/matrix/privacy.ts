import { type MatrixArea, signedIn } from './helpers';

/** Applicants' rights over their data (issue 33 items 21–22): only ever one's own. */
export const privacyArea: MatrixArea = {
  rows: [
    {
      route: 'GET /me/data',
      path: () => '/api/me/data',
      expect: signedIn(200),
    },
  ],
  // Deleting accounts ends the callers' sessions: the very last rows. Staff accounts are refused (409).
  lastRows: [
    {
      route: 'POST /me/account/delete',
      path: () => '/api/me/account/delete',
      body: () => ({ confirmation: 'DELETE' }),
      writes: 'users',
      expect: {
        ...signedIn(409),
        applicant: 200,
        notOnboarded: 200,
      },
    },
  ],
};
