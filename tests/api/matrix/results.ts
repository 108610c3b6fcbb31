import type { MatrixArea } from './helpers';

/** Publishing results and notifications (issue 5). */
export const resultsArea: MatrixArea = {
  rows: [],
};
