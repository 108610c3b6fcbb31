import type { MatrixArea } from './helpers';

/** Super admin: organizations, coalitions, users, assignments (issue 6). */
export const superArea: MatrixArea = {
  rows: [],
};
