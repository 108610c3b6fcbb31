import type { Criterion } from '../../src/shared/domain/scoring';
import type { ScoreSheet, ScoringDetail, ScoringSettings } from '../../src/shared/schemas/scoring';
import type { TestApp } from './test-app';

/** Scoring through the API, as an org admin and reviewers do it (issue 20). */

function ok<T>(step: string, res: { status: number; body: T }): T {
  if (res.status !== 200) throw new Error(`${step}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A 3-criterion audition rubric: two scoring criteria (weights 2 and 1) and one that does not count. */
export const auditionRubric: Criterion[] = [
  {
    key: 'tone',
    name: 'Tone',
    guidance: 'Quality and control of sound.',
    min: 1,
    max: 5,
    weight: 2,
    counts: true,
  },
  { key: 'rhythm', name: 'Rhythm', min: 0, max: 10, weight: 1, counts: true },
  { key: 'callback', name: 'Callback?', min: 0, max: 1, weight: 1, counts: false },
];

/** PUT /api/programs/{id}/scoring on the current version: independent scoring with the rubric unless told. */
export async function setScoring(
  t: TestApp,
  admin: string,
  programId: string,
  settings: Partial<Omit<ScoringSettings, 'program_id' | 'scores_saved' | 'version'>> = {},
): Promise<ScoringSettings> {
  const current = ok(
    'GET scoring',
    await t.json<ScoringSettings>('GET', `/api/programs/${programId}/scoring`, { as: admin }),
  );
  return ok(
    'PUT scoring',
    await t.json<ScoringSettings>('PUT', `/api/programs/${programId}/scoring`, {
      as: admin,
      body: {
        mode: 'independent',
        sheet_visibility: current.sheet_visibility,
        blind: current.blind,
        hidden_questions: current.hidden_questions,
        criteria: auditionRubric,
        ...settings,
        version: current.version,
      },
    }),
  );
}

export async function assign(
  t: TestApp,
  admin: string,
  programId: string,
  applicationIds: string[],
  reviewerIds: string[],
) {
  return ok(
    'assign',
    await t.json('POST', `/api/programs/${programId}/score-assignments`, {
      as: admin,
      body: { application_ids: applicationIds, reviewer_ids: reviewerIds },
    }),
  );
}

export async function scoringDetail(t: TestApp, as: string, applicationId: string): Promise<ScoringDetail> {
  return ok('GET scoring detail', await t.json('GET', `/api/applications/${applicationId}/scoring`, { as }));
}

/** The caller saves (and by default submits) their sheet, on its current version. */
export async function scoreSheet(
  t: TestApp,
  reviewer: string,
  applicationId: string,
  scores: Record<string, number | null>,
  options: { submit?: boolean; comments?: string; notes?: string; abstain?: boolean } = {},
): Promise<ScoreSheet> {
  const detail = await scoringDetail(t, reviewer, applicationId);
  return ok(
    'PUT score sheet',
    await t.json<ScoreSheet>('PUT', `/api/applications/${applicationId}/score-sheet`, {
      as: reviewer,
      body: {
        scores,
        comments: options.comments,
        notes: options.notes,
        abstain: options.abstain ?? false,
        submit: options.submit ?? true,
        version: detail.my_sheet?.version ?? 0,
      },
    }),
  );
}
