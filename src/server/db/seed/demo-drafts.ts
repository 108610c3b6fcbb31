import { applications } from '../schema';
import type { SeedContext } from './context';
import type { DemoUsers } from './demo-users';
import { demoDraftApplicationId, demoProgramId } from './ids';

/**
 * The demo applicant's application in progress: Dance Access Scholarship (open), two answers given,
 * the required income document still missing; it shows under My Submissions → In progress.
 */
export async function seedDemoDrafts({ tx, days }: SeedContext, users: DemoUsers): Promise<void> {
  await tx
    .insert(applications)
    .values({
      id: demoDraftApplicationId(1),
      programId: demoProgramId(13),
      userId: users.applicant,
      status: 'draft',
      answers: {
        q_story: 'I started with ballet at eight and found contemporary dance in high school.',
        q_household_size: '3–4',
      },
      createdAt: days(-3),
      updatedAt: days(-2),
    })
    .onConflictDoNothing();
}
