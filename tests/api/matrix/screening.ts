import { programWithForm } from '../../support/factory';
import type { MatrixArea } from './helpers';
import { signedIn } from './helpers';

let programId = '';

/**
 * Eligibility screening (decision 061): any signed-in, onboarded person may answer a published
 * program's screening (a pass starts their application); visitors and deleted users 401.
 */
export const screeningArea: MatrixArea = {
  async prepare(t, w) {
    programId = await programWithForm(
      t,
      w.cookies.orgAdmin as string,
      w.slugs.org,
      { name: 'Matrix Screening', type: 'scholarship' },
      {
        screening: {
          questions: [{ key: 's_resident', type: 'yes_no', label: 'Resident', required: true }],
          pass: { join: 'all', rules: [{ question: 's_resident', op: 'equals', value: 'yes' }] },
        },
      },
    );
  },
  rows: [
    {
      route: 'POST /programs/{id}/screening',
      path: () => `/api/programs/${programId}/screening`,
      writes: 'screening',
      body: () => ({ answers: { s_resident: 'yes' } }),
      expect: signedIn(200, 403),
    },
  ],
};
