import type { MatrixArea } from './helpers';

/** Applications, profile and My Submissions (issue 4). */
export const applicationsArea: MatrixArea = {
  rows: [],
};
