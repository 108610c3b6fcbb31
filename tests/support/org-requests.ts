import { eq } from 'drizzle-orm';
import { applications, reviews } from '../../src/server/db/schema';
import { ORG_APPLICATION_PROGRAM_ID } from '../../src/shared/domain/applyhub';
import type { TestApp } from './test-app';

export interface OrgRequestOptions {
  answers?: Record<string, unknown>;
  /** The shared review's decision (no review when absent). */
  decision?: string | null;
  /** Leave the application a draft. */
  draft?: boolean;
}

/**
 * An org creation request: the requester starts an application to ApplyHub's "Organization
 * application" through the API; its answers, submission and review are then written directly (the
 * submit and review services belong to other areas and are tested there).
 */
export async function orgRequest(t: TestApp, cookie: string, options: OrgRequestOptions = {}) {
  const started = await t.json<{ id: string }>(
    'POST',
    `/api/programs/${ORG_APPLICATION_PROGRAM_ID}/applications`,
    {
      as: cookie,
    },
  );
  if (started.status !== 200)
    throw new Error(`start failed: ${started.status} ${JSON.stringify(started.body)}`);
  const id = started.body.id;
  const now = t.clock.now();
  await t.deps.db
    .update(applications)
    .set({
      answers: options.answers ?? {},
      ...(options.draft ? {} : { status: 'submitted' as const, submittedAt: now }),
      updatedAt: now,
    })
    .where(eq(applications.id, id));
  if (options.decision !== undefined && options.decision !== null) {
    await t.deps.db.insert(reviews).values({
      applicationId: id,
      programId: ORG_APPLICATION_PROGRAM_ID,
      decision: options.decision,
      ratings: { decision: options.decision },
      status: 'submitted',
      submittedAt: now,
    });
  }
  return id;
}
