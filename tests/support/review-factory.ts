import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { applications, profiles, reviews, user } from '../../src/server/db/schema';
import { ensureProfile } from '../../src/server/users/queries';

/**
 * Test data for the results area until the reviews service exists: a submitted application and its
 * review row (finalized unless told otherwise), written directly with drizzle.
 */
export interface ResultInput {
  programId: string;
  userId: string;
  decision?: string | null;
  score?: number | null;
  comments?: string | null;
  /** 'submitted' (finalized, default), 'draft' (commented), or null for no review at all. */
  reviewStatus?: 'submitted' | 'draft' | null;
  reviewerId?: string | null;
  at?: Date;
}

export async function createResult(db: Db, input: ResultInput): Promise<{ applicationId: string }> {
  const at = input.at ?? new Date();
  const status = input.reviewStatus === undefined ? 'submitted' : input.reviewStatus;
  return db.transaction(async (tx) => {
    const [app] = await tx
      .insert(applications)
      .values({
        programId: input.programId,
        userId: input.userId,
        status: 'submitted',
        submittedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: applications.id });
    if (status) {
      await tx.insert(reviews).values({
        applicationId: app.id,
        programId: input.programId,
        score: input.score ?? null,
        comments: input.comments ?? null,
        decision: input.decision ?? null,
        ratings: input.decision ? { decision: input.decision } : {},
        status,
        reviewerId: input.reviewerId ?? null,
        submittedAt: status === 'submitted' ? at : null,
        createdAt: at,
        updatedAt: at,
      });
    }
    return { applicationId: app.id };
  });
}

/** A plain onboarded applicant (no sign-in): the user row and a named profile. */
export async function createApplicant(db: Db, email: string, fullName: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(user)
      .values({ email, name: fullName, emailVerified: true })
      .returning({ id: user.id });
    await ensureProfile(tx, row.id);
    const now = new Date();
    await tx
      .update(profiles)
      .set({ fullName, onboardedAt: now, acceptedTermsAt: now })
      .where(eq(profiles.id, row.id));
    return row.id;
  });
}

export async function userIdOf(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}
