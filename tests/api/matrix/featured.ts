import type { MatrixArea } from './helpers';

/** Super admin: featured manager and org creation requests (issue 6). */
export const featuredArea: MatrixArea = {
  rows: [],
};
