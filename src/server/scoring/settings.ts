import type { z } from 'zod';
import { normalizeCriteria, rubricProblem, sameScoring, scoringMessages } from '../../shared/domain/scoring';
import type { Actor } from '../../shared/policy';
import type { ScoringSettings, scoringSettingsInput } from '../../shared/schemas/scoring';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { Conflict, Forbidden, Invalid } from '../errors';
import { programAccess } from '../programs/access';
import { transitioned } from '../programs/transitions';
import { type Settings, scoresSaved, settingsOf, writeSettings } from './queries';

export const STALE_SETTINGS = 'Someone else changed these review settings. The latest ones are shown.';

const toOutput = (programId: string, s: Settings, saved: boolean): ScoringSettings => ({
  program_id: programId,
  mode: s.mode,
  sheet_visibility: s.sheet_visibility,
  blind: s.blind,
  hidden_questions: s.hidden_questions,
  criteria: s.criteria,
  scores_saved: saved,
  version: s.version,
});

/** A program's review settings, for those who edit its reviewer form (and super admins, read-only). */
export async function getScoringSettings(
  db: Db,
  actor: Actor | null,
  programId: string,
): Promise<ScoringSettings> {
  await programAccess(db, actor, programId);
  const [settings, saved] = await Promise.all([settingsOf(db, programId), scoresSaved(db, programId)]);
  return toOutput(programId, settings, saved);
}

/**
 * Saves the review settings. The mode may change until the first score is saved; after that the
 * rubric's keys, scales, weights and what counts are fixed too (names and guidance may change).
 * A stale version is refused. Open editors and review lists are told on commit.
 */
export async function setScoringSettings(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  programId: string,
  input: z.output<typeof scoringSettingsInput>,
): Promise<ScoringSettings> {
  const access = await programAccess(db, actor, programId);
  const me = access.actor;
  const editor =
    me.orgAdmin.includes(access.scope.orgId) || me.programAdmin.includes(programId) || access.coalitionEditor;
  if (!editor) throw new Forbidden('Super admins review programs; the editor is read-only for them.');
  const criteria = normalizeCriteria(input.criteria);
  const problem = rubricProblem(criteria, input.mode);
  if (problem) throw new Invalid(problem, { criteria: problem });
  const next = {
    mode: input.mode,
    sheet_visibility: input.sheet_visibility,
    blind: input.blind,
    hidden_questions: [...new Set(input.hidden_questions)],
    criteria,
  };
  const now = clock.now();
  await db.transaction(async (tx) => {
    const current = await settingsOf(tx, programId, { lock: true });
    if (current.version !== input.version) throw new Conflict(STALE_SETTINGS);
    if (await scoresSaved(tx, programId)) {
      if (current.mode !== next.mode) throw new Conflict(scoringMessages.modeLocked);
      if (!sameScoring(current.criteria, next.criteria)) throw new Conflict(scoringMessages.rubricLocked);
    }
    await writeSettings(tx, programId, next, me.userId, now);
    await transitioned(tx, { programId, kind: 'review_settings_saved', actorId: me.userId, at: now });
  });
  return getScoringSettings(db, actor, programId);
}
