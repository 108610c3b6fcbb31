import { eq } from 'drizzle-orm';
import { applications } from '../../src/server/db/schema';
import type { TestApp } from './test-app';

/**
 * A submitted application of `email` to a published, open program: started through the API
 * (POST /programs/{id}/applications), then submitted with its answers and a profile snapshot.
 * (The submit service belongs to the applicant area; until it lands, the last step writes the
 * submitted state the way submitting does.)
 */
export async function submittedApplication(
  t: TestApp,
  email: string,
  programId: string,
  answers: Record<string, unknown> = { q_instrument: 'Violin' },
): Promise<{ id: string; cookie: string }> {
  const cookie = await t.signIn(email, email.split('@')[0].replace(/[._]/g, ' '));
  const onboarding = await t.request('POST', '/api/me/onboarding', {
    as: cookie,
    body: { accept_terms: true },
  });
  if (onboarding.status !== 200) throw new Error(`onboarding ${email}: ${onboarding.status}`);
  const started = await t.json<{ id: string }>('POST', `/api/programs/${programId}/applications`, {
    as: cookie,
  });
  if (started.status !== 200)
    throw new Error(`start ${email}: ${started.status} ${JSON.stringify(started.body)}`);
  const now = t.clock.now();
  await t.deps.db
    .update(applications)
    .set({
      status: 'submitted',
      answers,
      profileSnapshot: {
        full_name: email,
        __source: 'profile',
        __version: 1,
        __snapshot_at: now.toISOString(),
      },
      submittedAt: now,
      updatedAt: now,
    })
    .where(eq(applications.id, started.body.id));
  return { id: started.body.id, cookie };
}
