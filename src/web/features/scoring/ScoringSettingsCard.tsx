import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  type ReviewMode,
  reviewModeLabels,
  rubricProblem,
  type SheetVisibility,
  sheetVisibilities,
  sheetVisibilityLabels,
} from '../../../shared/domain/scoring';
import type { Question } from '../../../shared/schemas/forms';
import type { ScoringSettings } from '../../../shared/schemas/scoring';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { cn } from '../../components/ui/cn';
import { ErrorState } from '../../components/ui/ErrorState';
import { Select } from '../../components/ui/Field';
import { SkeletonText } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { letterSettingsQuery, saveLetterSettings } from '../letters/api';
import { errorText, type SettingsBody, saveScoringSettings, scoringSettingsQuery } from './api';
import { RubricEditor } from './RubricEditor';

const modeHints: Record<ReviewMode, string> = {
  shared: 'Reviewers write one review of each application together.',
  independent: 'Each assigned reviewer scores alone on a rubric; the scores are combined.',
};

/**
 * The reviewer form's review settings (issue 20): shared review or independent scoring with its
 * rubric and independence, blind review, and questions hidden from reviewers.
 */
export function ScoringSettingsCard({
  programId,
  questions,
  locked,
}: {
  programId: string;
  questions: Question[];
  locked: boolean;
}) {
  const queryClient = useQueryClient();
  const query = useQuery(scoringSettingsQuery(programId));
  const [draft, setDraft] = useState<SettingsBody | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = useId();
  // Reference letters name their applicant: in a blind program reviewers read them only when allowed
  // (decision 065). Its own setting, saved with the card (absent for those who may not change it).
  const hasLetters = questions.some((q) => q.type === 'reference_letter');
  // A content block has no answer to hide (a letter question has: its letters).
  const hideable = questions.filter((q) => q.type !== 'content');
  const letters = useQuery({ ...letterSettingsQuery(programId), enabled: hasLetters });
  const [lettersDraft, setLettersDraft] = useState<boolean | null>(null);
  const lettersOn = lettersDraft ?? letters.data?.blind_reviewers_see_letters ?? false;

  const saved = query.data;
  const form: SettingsBody | null =
    draft ??
    (saved
      ? {
          mode: saved.mode,
          sheet_visibility: saved.sheet_visibility,
          blind: saved.blind,
          hidden_questions: saved.hidden_questions,
          criteria: saved.criteria,
          version: saved.version,
        }
      : null);
  const change = (patch: Partial<SettingsBody>) => {
    if (!form) return;
    setDraft({ ...form, ...patch });
    setProblem(null);
  };

  async function save() {
    if (!form) return;
    const found = rubricProblem(form.criteria, form.mode);
    if (found) {
      setProblem(found);
      return;
    }
    setSaving(true);
    try {
      if (draft || lettersDraft === null) {
        const next = await saveScoringSettings(programId, form);
        queryClient.setQueryData<ScoringSettings>(scoringSettingsQuery(programId).queryKey, next);
        void queryClient.invalidateQueries({ queryKey: ['review-lists'] });
        setDraft(null);
      }
      if (lettersDraft !== null) {
        const next = await saveLetterSettings(programId, { blind_reviewers_see_letters: lettersDraft });
        queryClient.setQueryData(letterSettingsQuery(programId).queryKey, next);
        setLettersDraft(null);
      }
      toast.success('Review settings saved');
    } catch (err) {
      const message = errorText(err, 'Failed to save review settings');
      setProblem(message);
      toast.error(message);
      if (err instanceof ApiError && err.status === 409) {
        await query.refetch();
        setDraft((d) => d && { ...d, version: query.data?.version ?? d.version });
      }
    } finally {
      setSaving(false);
    }
  }

  const scoresSaved = saved?.scores_saved === true;
  return (
    <Card
      className="mt-4"
      title="Review mode"
      description="How reviewers review this program's applications."
    >
      {query.isPending ? (
        <SkeletonText lines={4} />
      ) : !form ? (
        <ErrorState
          message="Failed to load review settings"
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div className="space-y-4">
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Mode</legend>
            <div className="mt-2 space-y-2">
              {(['shared', 'independent'] as const).map((mode) => (
                <label
                  key={mode}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-lg border p-3 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50',
                    (locked || scoresSaved) && 'cursor-not-allowed opacity-80',
                  )}
                >
                  <input
                    type="radio"
                    name={name}
                    value={mode}
                    checked={form.mode === mode}
                    onChange={() => change({ mode })}
                    disabled={locked || scoresSaved}
                    className="mt-1 size-4 accent-blue-600"
                  />
                  <span>
                    <span className="block text-sm font-medium text-slate-900">{reviewModeLabels[mode]}</span>
                    <span className="block text-sm text-slate-600">{modeHints[mode]}</span>
                  </span>
                </label>
              ))}
            </div>
            {scoresSaved && (
              <p className="mt-2 text-sm text-slate-600">
                Scores have been saved, so the mode can no longer change.
              </p>
            )}
          </fieldset>

          {form.mode === 'independent' && (
            <>
              <Select
                label="Reviewers see other reviewers' score sheets"
                value={form.sheet_visibility}
                onChange={(e) => change({ sheet_visibility: e.target.value as SheetVisibility })}
                disabled={locked}
                options={sheetVisibilities.map((v) => ({ value: v, label: sheetVisibilityLabels[v] }))}
              />
              <RubricEditor
                criteria={form.criteria}
                onChange={(criteria) => change({ criteria })}
                disabled={locked}
                scalesLocked={scoresSaved}
              />
            </>
          )}

          <Checkbox
            label="Hide applicant identity from reviewers"
            hint="Reviewers see “Applicant #N”, and no name, email, contact or family details. Admins see everything."
            checked={form.blind}
            onCheckedChange={(blind) => change({ blind })}
            disabled={locked}
          />
          {form.blind && hasLetters && letters.data && (
            <Checkbox
              label="Reviewers may read reference letters"
              hint="A letter names the applicant. Off: reviewers see only how many letters arrived. Admins always read them."
              checked={lettersOn}
              onCheckedChange={(on) => {
                setLettersDraft(on === true);
                setProblem(null);
              }}
              disabled={locked}
            />
          )}

          <fieldset className="rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-800">Hide from reviewers</legend>
            {hideable.length === 0 ? (
              <p className="text-sm text-slate-600">No questions yet</p>
            ) : (
              <div className="space-y-2">
                {hideable.map((q) => (
                  <Checkbox
                    key={q.key}
                    label={q.label.trim() || q.key}
                    checked={form.hidden_questions.includes(q.key)}
                    onCheckedChange={(hide) =>
                      change({
                        hidden_questions: hide
                          ? [...form.hidden_questions, q.key]
                          : form.hidden_questions.filter((k) => k !== q.key),
                      })
                    }
                    disabled={locked}
                  />
                ))}
              </div>
            )}
          </fieldset>

          {problem && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
          {!locked && (
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm text-slate-600">
                {draft || lettersDraft !== null ? 'Unsaved changes' : ''}
              </span>
              <Button onClick={save} loading={saving} aria-label="Save review settings">
                Save
              </Button>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
