import { applications } from '../schema';
import type { SeedContext } from './context';
import type { DemoUsers } from './demo-users';
import { demoDraftApplicationId, demoProgramId } from './ids';

/**
 * The demo applicant's application in progress: Chamber Music Summer Scholarship (open), two answers
 * given, the required recording still missing; it shows under My Submissions → In progress.
 */
export async function seedDemoDrafts({ tx, days }: SeedContext, users: DemoUsers): Promise<void> {
  await tx
    .insert(applications)
    .values({
      id: demoDraftApplicationId(1),
      programId: demoProgramId(11),
      userId: users.applicant,
      status: 'draft',
      answers: {
        q_ensemble_name: 'Riverside Piano Trio',
        q_ensemble_type: 'Piano trio',
      },
      createdAt: days(-3),
      updatedAt: days(-2),
    })
    .onConflictDoNothing();
}
