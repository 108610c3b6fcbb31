import { formQuestionName } from '../../../shared/domain/forms';
import { letterQuestionIssue, letterSettings, MAX_LETTERS } from '../../../shared/domain/letters';
import type { Question } from '../../../shared/schemas/forms';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input, Select, Textarea } from '../../components/ui/Field';
import { RecommenderQuestions } from './RecommenderQuestions';

/** A typed count as stored: empty is the default; anything else is kept for the builder's check to name. */
const count = (v: string) => (v.trim() === '' ? undefined : Number(v));

/**
 * The builder's problem of a reference_letter question when it lies in one of its own fields (that
 * field shows it and takes focus), or null (the row shows it under the question).
 */
export function letterProblemAt(q: Question, index: number, problem: string | null) {
  if (!problem || q.type !== 'reference_letter') return null;
  const issue = letterQuestionIssue(q, formQuestionName(q, index));
  return issue && issue.message === problem ? issue : null;
}

/** The builder's controls of a reference_letter question (decision 065). */
export function LetterQuestionSettings({
  q,
  n,
  locked,
  problem,
  onUpdate,
}: {
  q: Question;
  n: number;
  locked: boolean;
  /** The builder's problem of this question, if any (formProblem's message). */
  problem: string | null;
  onUpdate: (patch: Partial<Question>) => void;
}) {
  const s = letterSettings(q);
  const sr = <span className="sr-only"> (question {n})</span>;
  const issue = letterProblemAt(q, n - 1, problem);
  const errorAt = (field: 'minLetters' | 'maxLetters' | 'lettersUntil') =>
    issue?.at.field === field ? issue.message : undefined;
  return (
    <div className="mt-3 flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_LETTERS}
          label={<>Letters required{sr}</>}
          hint="At least 1."
          value={q.minLetters ?? ''}
          error={errorAt('minLetters')}
          onChange={(e) => onUpdate({ minLetters: count(e.target.value) })}
          disabled={locked}
        />
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_LETTERS}
          label={<>Letters allowed{sr}</>}
          hint={`Up to ${MAX_LETTERS}; empty: as many as required.`}
          value={q.maxLetters ?? ''}
          error={errorAt('maxLetters')}
          onChange={(e) => onUpdate({ maxLetters: count(e.target.value) })}
          disabled={locked}
        />
        <Select
          label={<>The recommender provides{sr}</>}
          value={s.provides}
          options={[
            { value: 'either', label: 'A typed letter or a PDF' },
            { value: 'text', label: 'A typed letter' },
            { value: 'file', label: 'An uploaded PDF' },
          ]}
          onChange={(e) => onUpdate({ provides: e.target.value as Question['provides'] })}
          disabled={locked}
        />
      </div>
      <Textarea
        label={<>Instructions for the recommender{sr}</>}
        rows={3}
        value={q.instructions ?? ''}
        onChange={(e) => onUpdate({ instructions: e.target.value || undefined })}
        disabled={locked}
      />
      <Checkbox
        label={<>The application can be submitted before the letters are in{sr}</>}
        checked={s.submitBeforeLetters}
        onCheckedChange={(on) => onUpdate({ submitBeforeLetters: on === true })}
        disabled={locked}
      />
      <Checkbox
        label={<>Letters may arrive after the application closes{sr}</>}
        checked={s.lettersAfterClose}
        onCheckedChange={(on) =>
          onUpdate({
            lettersAfterClose: on === true || undefined,
            lettersUntil: on ? q.lettersUntil : undefined,
          })
        }
        error={errorAt('lettersUntil')}
        disabled={locked}
      />
      {s.lettersAfterClose && (
        <Input
          type="date"
          label={<>Letters accepted until{sr}</>}
          hint="Empty: no letter deadline."
          value={q.lettersUntil ? q.lettersUntil.slice(0, 10) : ''}
          onChange={(e) =>
            onUpdate({ lettersUntil: e.target.value ? `${e.target.value}T23:59:59.000Z` : undefined })
          }
          disabled={locked}
        />
      )}
      <RecommenderQuestions
        questions={q.recommenderQuestions ?? []}
        n={n}
        locked={locked}
        issue={issue}
        onChange={(recommenderQuestions) =>
          onUpdate({ recommenderQuestions: recommenderQuestions.length ? recommenderQuestions : undefined })
        }
      />
    </div>
  );
}
