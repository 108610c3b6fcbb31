import { and, eq } from 'drizzle-orm';
import { windowState } from '../../shared/domain/programs';
import { ageReference, evaluateScreening, failMessageOf, screeningOf } from '../../shared/domain/screening';
import { checkScreeningAnswers } from '../../shared/domain/screening-answers';
import type { Actor } from '../../shared/policy';
import type { ScreeningAnswersInput, ScreeningOutcomeResult } from '../../shared/schemas/screening';
import type { Clock } from '../clock';
import { requireActor } from '../context';
import type { Db } from '../db/client';
import { applications, screeningResults } from '../db/schema';
import { publicProgram } from '../discovery/queries';
import { Conflict, Invalid, NotFound } from '../errors';
import { applicationWindow, ownApplication } from './access';
import { screeningHash } from './screening-pass';
import { invitationOnlyGate } from './stages';
import { startMessages, startOrGetApplication } from './start';

const noScreening = 'This program has no eligibility questions.';

/**
 * POST /programs/{id}/screening: the signed-in applicant answers the published program's screening.
 * The outcome is recorded (their latest answers replace earlier ones). Not passed: the program's
 * message, and no application. Passed: their application is started (or continued) in the same
 * transaction, the answers kept on the result for the program's admins.
 */
export async function answerScreening(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  programId: string,
  input: ScreeningAnswersInput,
): Promise<ScreeningOutcomeResult> {
  const me = requireActor(actor);
  // A later stage has no screening to answer: it is by invitation only (decision 066).
  if (await invitationOnlyGate(db, programId, me.userId)) throw new Conflict(noScreening);
  const program = await publicProgram(db, programId);
  if (!program) throw new NotFound('Program not found.');
  const screening = screeningOf(program.form);
  if (!screening) throw new Conflict(noScreening);
  const now = clock.now();
  const state = windowState(program.open_at, program.close_at, now);
  if (state === 'not_open') throw new Conflict(startMessages.notOpen);
  // After the close, only an applicant whose own deadline still runs (a personal deadline, the grace
  // period or a late-submission link, decision 058) answers, for the draft they have: its submit waits
  // for a pass of the current screening, which they could otherwise never give.
  if (state === 'closed' && !(await ownDraftOpen(db, clock, actor, programId, me.userId)))
    throw new Conflict(startMessages.closed);
  const { answers, problems } = checkScreeningAnswers(screening, input.answers);
  const keys = Object.keys(problems);
  if (keys.length) throw new Invalid(problems[keys[0]], problems);
  const outcome = evaluateScreening(screening, answers, ageReference(program.close_at, now));
  const row = {
    passed: outcome.passed,
    failedRules: outcome.failedRules,
    answers,
    screeningHash: screeningHash(screening),
    createdAt: now,
  };
  return db.transaction(async (tx) => {
    await tx
      .insert(screeningResults)
      .values({ programId, userId: me.userId, ...row })
      .onConflictDoUpdate({ target: [screeningResults.programId, screeningResults.userId], set: row });
    if (!outcome.passed) return { passed: false, message: failMessageOf(screening), application_id: null };
    const started = await startOrGetApplication(tx, clock, actor, programId);
    return { passed: true, message: null, application_id: started.id };
  });
}

/** Whether the user has a draft of this program whose own window (their deadline) is still open. */
async function ownDraftOpen(db: Db, clock: Clock, actor: Actor | null, programId: string, userId: string) {
  const [draft] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.programId, programId),
        eq(applications.userId, userId),
        eq(applications.status, 'draft'),
      ),
    );
  if (!draft) return false;
  const ref = await ownApplication(db, actor, draft.id);
  return applicationWindow(ref, clock) === 'open';
}
