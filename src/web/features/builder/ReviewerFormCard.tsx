import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { normalizeReviewerForm } from '../../../shared/domain/forms';
import type { ReviewerForm } from '../../../shared/schemas/forms';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { cn, focusRing } from '../../components/ui/cn';
import { ErrorState } from '../../components/ui/ErrorState';
import { Input } from '../../components/ui/Field';
import { SkeletonText } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { reviewerFormQuery, saveReviewerForm } from './api';

/** What reviewers see on a program's review: score, comments, decision and its options. */
export function ReviewerFormCard({ programId, locked }: { programId: string; locked: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery(reviewerFormQuery(programId));
  const [draft, setDraft] = useState<ReviewerForm | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const form = draft ?? query.data;
  const change = (next: ReviewerForm) => {
    setDraft(next);
    setProblem(null);
  };

  async function save() {
    if (!form) return;
    const checked = normalizeReviewerForm(form);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveReviewerForm(programId, checked.form);
      queryClient.setQueryData(reviewerFormQuery(programId).queryKey, saved);
      setDraft(null);
      setProblem(null);
      toast.success('Reviewer form saved successfully');
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setProblem(err.message);
      toast.error('Failed to save reviewer form');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title="Reviewer Form" description="Choose what reviewers fill in for each application.">
      {query.isPending ? (
        <SkeletonText lines={4} />
      ) : !form ? (
        <ErrorState
          message="Failed to load reviewer form config"
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <div className="space-y-4">
          <Checkbox
            label="Show score"
            checked={form.show_score}
            onCheckedChange={(show_score) => change({ ...form, show_score })}
            disabled={locked}
          />
          <Checkbox
            label="Show comments"
            checked={form.show_comments}
            onCheckedChange={(show_comments) => change({ ...form, show_comments })}
            disabled={locked}
          />
          <Checkbox
            label="Show decision"
            checked={form.show_decision}
            onCheckedChange={(show_decision) => change({ ...form, show_decision })}
            disabled={locked}
          />
          {form.show_decision && (
            <fieldset className="rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-800">Decision options</legend>
              <ul ref={listRef} className="space-y-2">
                {form.decision_options.map((option, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: options are plain strings edited in place.
                  <li key={i} className="flex items-end gap-1">
                    <Input
                      className="min-w-0 flex-1"
                      label={`Decision option ${i + 1}`}
                      hideLabel
                      value={option}
                      onChange={(e) =>
                        change({
                          ...form,
                          decision_options: form.decision_options.map((o, j) =>
                            j === i ? e.target.value : o,
                          ),
                        })
                      }
                      disabled={locked}
                    />
                    {!locked && (
                      <button
                        type="button"
                        aria-label={`Remove decision option ${option.trim() || i + 1}`}
                        className={cn(
                          'inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100',
                          focusRing,
                        )}
                        onClick={() =>
                          change({
                            ...form,
                            decision_options: form.decision_options.filter((_, j) => j !== i),
                          })
                        }
                      >
                        <X className="size-4" aria-hidden="true" />
                      </button>
                    )}
                  </li>
                ))}
              </ul>
              {form.decision_options.length === 0 && (
                <p className="text-sm text-slate-600">No options: accept, waitlist and reject apply.</p>
              )}
              {!locked && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-2"
                  onClick={() => {
                    // Rendered now so the new option has focus before anything typed next (as for a question).
                    flushSync(() => change({ ...form, decision_options: [...form.decision_options, ''] }));
                    const inputs = listRef.current?.querySelectorAll('input');
                    inputs?.[inputs.length - 1]?.focus();
                  }}
                >
                  <Plus className="size-4" aria-hidden="true" /> Add option
                </Button>
              )}
            </fieldset>
          )}
          {problem && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
          {!locked && (
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm text-slate-600">{draft ? 'Unsaved changes' : ''}</span>
              <Button onClick={save} loading={saving} aria-label="Save reviewer form">
                Save
              </Button>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
