import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  DEFAULT_RATINGS,
  type LetterProblemAt,
  MAX_RATINGS,
  MAX_RECOMMENDER_QUESTIONS,
  recommenderQuestionTypeLabels,
} from '../../../shared/domain/letters';
import { LIMITS } from '../../../shared/domain/limits';
import type { RecommenderQuestion } from '../../../shared/schemas/forms';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { cn, focusRing } from '../../components/ui/cn';
import { Input, Select, Textarea } from '../../components/ui/Field';
import { newRecommenderQuestionKey } from '../builder/questions';
import { useOrderedList } from '../builder/useOrderedList';

const iconButton = cn(
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  'disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent',
  focusRing,
);

const kinds = Object.entries(recommenderQuestionTypeLabels).map(([value, label]) => ({ value, label }));

type Props = {
  questions: RecommenderQuestion[];
  /** The form question's number (names the fields for screen readers). */
  n: number;
  locked: boolean;
  onChange: (questions: RecommenderQuestion[]) => void;
  /** The builder's problem when it lies in these questions (shown on its field). */
  issue: { message: string; at: LetterProblemAt } | null;
};

/**
 * The org admin's own questions the recommender answers beside the letter (decision 065): up to five,
 * short text, long text or a rating; add, label, kind, required, move up or down, remove (confirmed
 * when it has a label).
 */
export function RecommenderQuestions({ questions, n, locked, onChange, issue }: Props) {
  const [removing, setRemoving] = useState<number | null>(null);
  const nameOf = (rq: RecommenderQuestion, i: number) => rq.label.trim() || `Recommender question ${i + 1}`;
  const {
    status,
    listRef,
    add: addRow,
    move,
    remove,
  } = useOrderedList(questions, onChange, nameOf, 'Recommender question');
  const sr = (what: string) => <span className="sr-only"> {what}</span>;
  const errorAt = (field: 'label' | 'options', i: number) =>
    issue && 'index' in issue.at && issue.at.field === field && issue.at.index === i
      ? issue.message
      : undefined;

  function update(i: number, patch: Partial<RecommenderQuestion>) {
    onChange(questions.map((rq, j) => (j === i ? { ...rq, ...patch } : rq)));
  }
  const add = () =>
    addRow({
      key: newRecommenderQuestionKey(questions),
      type: 'short_text' as const,
      label: '',
      required: false,
    });
  function setKind(i: number, type: RecommenderQuestion['type']) {
    const rq = questions[i];
    // A new rating starts with the usual scale; ratings typed earlier are kept.
    update(i, type === 'rating' && !rq?.options?.length ? { type, options: [...DEFAULT_RATINGS] } : { type });
  }

  const pending = removing === null ? undefined : questions[removing];
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">
        Questions for the recommender{sr(`(question ${n})`)}
      </legend>
      <p className="text-sm text-slate-600">
        Optional, up to {MAX_RECOMMENDER_QUESTIONS}: answered beside the letter, e.g. how long they have known
        the applicant, or a rating.
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      <ol
        ref={listRef}
        tabIndex={-1}
        aria-label={`Questions for the recommender, question ${n}`}
        className="mt-2 space-y-3 focus:outline-none"
      >
        {questions.map((rq, i) => {
          const name = nameOf(rq, i);
          const of = `of recommender question ${i + 1} (question ${n})`;
          return (
            <li key={rq.key} data-row={i + 1} className="rounded-md border border-slate-200 bg-slate-50 p-3">
              <div className="flex flex-wrap items-end gap-2">
                <Input
                  className="min-w-0 flex-1 basis-56"
                  label={
                    <>
                      Recommender question {i + 1}
                      {sr(`(question ${n})`)}
                    </>
                  }
                  maxLength={LIMITS.label}
                  value={rq.label}
                  disabled={locked}
                  error={errorAt('label', i)}
                  onChange={(e) => update(i, { label: e.target.value })}
                />
                <Select
                  className="w-36"
                  label={<>Kind{sr(of)}</>}
                  value={rq.type}
                  disabled={locked}
                  options={kinds}
                  onChange={(e) => setKind(i, e.target.value as RecommenderQuestion['type'])}
                />
              </div>
              {rq.type === 'rating' && (
                <Textarea
                  className="mt-3"
                  rows={Math.min(MAX_RATINGS, Math.max(3, (rq.options ?? []).length + 1))}
                  label={<>Ratings{sr(of)}</>}
                  hint={`One per line, best first: 2 to ${MAX_RATINGS}.`}
                  value={(rq.options ?? []).join('\n')}
                  disabled={locked}
                  error={errorAt('options', i)}
                  onChange={(e) => update(i, { options: e.target.value.split('\n') })}
                />
              )}
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                <Checkbox
                  label={<>Required{sr(`(recommender question ${i + 1} of question ${n})`)}</>}
                  checked={rq.required}
                  disabled={locked}
                  onCheckedChange={(required) => update(i, { required })}
                />
                {!locked && (
                  <div className="flex">
                    <button
                      type="button"
                      className={iconButton}
                      onClick={() => move(i, -1)}
                      disabled={i === 0}
                      aria-label={`Move ${name} up (question ${n})`}
                      title="Move up"
                    >
                      <ArrowUp className="size-4" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className={iconButton}
                      onClick={() => move(i, 1)}
                      disabled={i === questions.length - 1}
                      aria-label={`Move ${name} down (question ${n})`}
                      title="Move down"
                    >
                      <ArrowDown className="size-4" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className={cn(iconButton, 'text-red-700 hover:bg-red-50 hover:text-red-800')}
                      onClick={() => (rq.label.trim() ? setRemoving(i) : remove(i))}
                      aria-label={`Remove ${name} (question ${n})`}
                      title="Remove"
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </button>
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {questions.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">No questions for the recommender.</p>
      )}
      {issue?.at.field === 'recommenderQuestions' && (
        <p className="mt-2 text-sm font-medium text-red-700">{issue.message}</p>
      )}
      {!locked && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={add}
          disabled={questions.length >= MAX_RECOMMENDER_QUESTIONS}
        >
          <Plus className="size-4" aria-hidden="true" />
          Add recommender question{sr(`(question ${n})`)}
        </Button>
      )}
      <ConfirmDialog
        open={pending !== undefined}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this question for the recommender?"
        description={pending ? `"${pending.label.trim()}" will be removed from the form when you save.` : ''}
        confirmLabel="Remove question"
        onConfirm={() => {
          if (removing !== null) remove(removing);
        }}
      />
    </fieldset>
  );
}
