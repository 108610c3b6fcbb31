import type { MatrixArea } from './helpers';

/** Uploads and signed downloads (issue 4). */
export const filesArea: MatrixArea = {
  rows: [],
};
