import type { MatrixArea } from './helpers';

/** Reviews, inbox and program assignments (issue 5). */
export const reviewsArea: MatrixArea = {
  rows: [],
};
