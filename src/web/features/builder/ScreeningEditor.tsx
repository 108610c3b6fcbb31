import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { opLabels } from '../../../shared/domain/conditions';
import { cleanOptions, questionTypeLabels } from '../../../shared/domain/forms';
import { LIMITS } from '../../../shared/domain/limits';
import {
  ageReference,
  ageWords,
  DEFAULT_FAIL_MESSAGE,
  evaluateScreening,
  normalizeScreening,
  screeningOpsByType,
  screeningProblem,
  screeningRuleSentence,
} from '../../../shared/domain/screening';
import { checkScreeningAnswers } from '../../../shared/domain/screening-answers';
import {
  type ApplicationForm,
  type Question,
  type Screening,
  type ScreeningRule,
  screeningQuestionTypes,
} from '../../../shared/schemas/forms';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { cn, focusRing } from '../../components/ui/cn';
import { Input, Select, Textarea } from '../../components/ui/Field';
import { QuestionField } from '../applications/QuestionField';
import { RuleNumberInput } from './ConditionEditor';
import { newQuestionKey } from './questions';

type ScreeningType = (typeof screeningQuestionTypes)[number];

const linkButton = cn(
  'inline-flex items-center gap-1 rounded text-sm font-medium text-blue-700 hover:underline',
  focusRing,
);

/** A first pass rule on `q`, with a value picked from the question itself. */
function ruleOn(q: Question): ScreeningRule {
  if (q.type === 'yes_no') return { question: q.key, op: 'equals', value: 'yes' };
  if (q.type === 'number') return { question: q.key, op: 'at_least', value: q.min ?? 0 };
  if (q.type === 'date') return { question: q.key, op: 'at_least', value: 18, as: 'age_at_close' };
  return { question: q.key, op: 'equals', value: cleanOptions(q.options)[0] ?? '' };
}

function newScreeningQuestion(type: ScreeningType, taken: Question[]): Question {
  const labels: Record<ScreeningType, string> = {
    yes_no: 'Yes / No',
    select: 'Multiple choice',
    number: 'Number',
    date: 'Date of birth',
  };
  const q: Question = { key: newQuestionKey(type, taken), type, label: labels[type], required: true };
  if (type === 'select') q.options = ['Option 1', 'Option 2'];
  return q;
}

/** The rule after its operator changed: the value follows (a list for "is one of", one option otherwise). */
function withOp(rule: ScreeningRule, op: ScreeningRule['op']): ScreeningRule {
  if (typeof rule.value === 'number') return { ...rule, op };
  const first = Array.isArray(rule.value) ? rule.value[0] : rule.value;
  return { ...rule, op, value: op === 'one_of' ? [String(first)] : first };
}

/**
 * Eligibility screening in the builder (decision 061): a few questions (choice, yes/no, number,
 * date) asked before the application, pass rules picked from those questions' real options (a date
 * is compared as an age at the close date), each shown as a sentence, and the message for those who
 * do not pass. Saved with the form; the server checks the same rules (domain/screening.ts).
 */
export function ScreeningEditor({
  form,
  closeAt,
  onChange,
  locked,
}: {
  form: ApplicationForm;
  /** The program's close date: ages are counted at it (without one, on the day of answering). */
  closeAt: string | null;
  onChange: (form: ApplicationForm) => void;
  locked: boolean;
}) {
  const screening = form.screening;
  const set = (next: Screening | undefined) => onChange({ ...form, screening: next });

  if (!screening) {
    return (
      <div>
        <p className="text-sm text-slate-600">
          Ask a few eligibility questions before the application. Applicants who do not pass read your
          message, and no application is started.
        </p>
        {!locked && (
          <Button
            className="mt-3"
            variant="secondary"
            size="sm"
            onClick={() => {
              const q = newScreeningQuestion('yes_no', form.questions);
              set({ questions: [q], pass: { join: 'all', rules: [ruleOn(q)] } });
            }}
          >
            Turn on screening
          </Button>
        )}
      </div>
    );
  }

  const { questions, pass } = screening;
  const setQuestion = (i: number, q: Question) =>
    set({ ...screening, questions: questions.map((x, j) => (j === i ? q : x)) });
  const removeQuestion = (i: number) => {
    const key = questions[i].key;
    set({
      ...screening,
      questions: questions.filter((_, j) => j !== i),
      pass: { ...pass, rules: pass.rules.filter((r) => r.question !== key) },
    });
  };
  const addQuestion = (type: ScreeningType) =>
    set({
      ...screening,
      questions: [...questions, newScreeningQuestion(type, [...form.questions, ...questions])],
    });
  const setRule = (i: number, rule: ScreeningRule) =>
    set({ ...screening, pass: { ...pass, rules: pass.rules.map((r, j) => (j === i ? rule : r)) } });

  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">Screening questions</legend>
        <ol className="mt-2 space-y-3">
          {questions.map((q, i) => (
            <li key={q.key} className="rounded-lg border border-slate-200 p-3">
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1 space-y-2">
                  <Input
                    label={
                      <>
                        Screening question {i + 1}{' '}
                        <span className="font-normal text-slate-600">({questionTypeLabels[q.type]})</span>
                      </>
                    }
                    value={q.label}
                    maxLength={LIMITS.label}
                    disabled={locked}
                    onChange={(e) => setQuestion(i, { ...q, label: e.target.value })}
                  />
                  {q.type === 'select' && (
                    <Textarea
                      label={
                        <>
                          Options, one per line<span className="sr-only"> (screening question {i + 1})</span>
                        </>
                      }
                      rows={3}
                      value={(q.options ?? []).join('\n')}
                      disabled={locked}
                      onChange={(e) => setQuestion(i, { ...q, options: e.target.value.split('\n') })}
                    />
                  )}
                </div>
                {!locked && (
                  <button
                    type="button"
                    className={cn(
                      'mt-6 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100',
                      focusRing,
                    )}
                    onClick={() => removeQuestion(i)}
                    aria-label={`Remove screening question ${i + 1}`}
                    title="Remove question"
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                )}
              </div>
            </li>
          ))}
        </ol>
        {!locked && questions.length < LIMITS.screeningQuestions && (
          <div className="mt-3 flex flex-wrap gap-2">
            {screeningQuestionTypes.map((type) => (
              <Button
                key={type}
                variant="secondary"
                size="sm"
                onClick={() => addQuestion(type)}
                aria-label={`Add ${questionTypeLabels[type]} screening question`}
              >
                <Plus className="size-4" aria-hidden="true" />
                {questionTypeLabels[type]}
              </Button>
            ))}
          </div>
        )}
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">Rules to pass</legend>
        {pass.rules.length > 1 && (
          <Select
            className="mt-2 sm:max-w-xs"
            label="Applicants pass when they meet"
            value={pass.join}
            disabled={locked}
            onChange={(e) =>
              set({ ...screening, pass: { ...pass, join: e.target.value === 'any' ? 'any' : 'all' } })
            }
            options={[
              { value: 'all', label: 'All of these' },
              { value: 'any', label: 'Any of these' },
            ]}
          />
        )}
        <ol className="mt-2 space-y-3">
          {pass.rules.map((rule, i) => (
            <ScreeningRuleRow
              // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity of their own
              key={i}
              rule={rule}
              n={i + 1}
              questions={questions}
              closeAt={closeAt}
              locked={locked}
              onChange={(r) => setRule(i, r)}
              onRemove={() =>
                set({ ...screening, pass: { ...pass, rules: pass.rules.filter((_, j) => j !== i) } })
              }
            />
          ))}
        </ol>
        {pass.rules.length === 0 && <p className="mt-2 text-sm text-slate-600">No rules yet.</p>}
        {!locked && questions.length > 0 && pass.rules.length < LIMITS.conditionRules && (
          <button
            type="button"
            className={cn(linkButton, 'mt-3')}
            onClick={() =>
              set({
                ...screening,
                pass: { ...pass, rules: [...pass.rules, ruleOn(questions[questions.length - 1])] },
              })
            }
          >
            <Plus className="size-4" aria-hidden="true" />
            Add a rule
          </button>
        )}
      </fieldset>

      <TryScreening screening={screening} closeAt={closeAt} />

      <Textarea
        label="Message for applicants who do not pass"
        hint={`Left empty: “${DEFAULT_FAIL_MESSAGE}”`}
        rows={3}
        maxLength={LIMITS.help}
        placeholder={DEFAULT_FAIL_MESSAGE}
        value={screening.failMessage ?? ''}
        disabled={locked}
        onChange={(e) => set({ ...screening, failMessage: e.target.value })}
      />

      {!locked && (
        <Button variant="danger-ghost" size="sm" onClick={() => set(undefined)}>
          Turn off screening
        </Button>
      )}
    </div>
  );
}

function ScreeningRuleRow({
  rule,
  n,
  questions,
  closeAt,
  locked,
  onChange,
  onRemove,
}: {
  rule: ScreeningRule;
  n: number;
  questions: Question[];
  closeAt: string | null;
  locked: boolean;
  onChange: (rule: ScreeningRule) => void;
  onRemove: () => void;
}) {
  const source = questions.find((q) => q.key === rule.question);
  const ops = source ? (screeningOpsByType[source.type] ?? []) : [];
  const options = source ? cleanOptions(source.options) : [];
  const label = `rule ${n}`;
  const sr = (text: string) => (
    <>
      {text}
      <span className="sr-only"> ({label})</span>
    </>
  );
  return (
    <li className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="grid gap-2 sm:grid-cols-[1fr_auto_1fr_auto] sm:items-end">
        <Select
          label={sr('Question')}
          value={source ? rule.question : ''}
          placeholder={source ? undefined : 'Choose a question'}
          disabled={locked}
          onChange={(e) => {
            const next = questions.find((q) => q.key === e.target.value);
            if (next) onChange(ruleOn(next));
          }}
          options={questions.map((q, i) => ({ value: q.key, label: q.label.trim() || `Question ${i + 1}` }))}
        />
        <Select
          label={sr(source?.type === 'date' ? ageWords(closeAt) : 'Comparison')}
          value={rule.op}
          disabled={locked || !source}
          onChange={(e) => onChange(withOp(rule, e.target.value as ScreeningRule['op']))}
          options={ops.map((op) => ({ value: op, label: opLabels[op] }))}
        />
        {source?.type === 'number' || source?.type === 'date' ? (
          <RuleNumberInput
            key={rule.question}
            label={sr(source.type === 'date' ? 'Years' : 'Number')}
            value={rule.value}
            disabled={locked}
            onValue={(v) => onChange({ ...rule, value: v })}
          />
        ) : source?.type === 'yes_no' ? (
          <Select
            label={sr('Answer')}
            value={rule.value === 'no' ? 'no' : 'yes'}
            disabled={locked}
            onChange={(e) => onChange({ ...rule, value: e.target.value })}
            options={[
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ]}
          />
        ) : rule.op === 'one_of' ? (
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-800">{sr('Options')}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {options.map((option) => {
                const chosen = Array.isArray(rule.value) ? rule.value : [];
                return (
                  <Checkbox
                    key={option}
                    label={option}
                    checked={chosen.includes(option)}
                    disabled={locked}
                    onCheckedChange={(on) => {
                      const next = on ? [...chosen, option] : chosen.filter((v) => v !== option);
                      if (next.length) onChange({ ...rule, value: options.filter((o) => next.includes(o)) });
                    }}
                  />
                );
              })}
            </div>
          </fieldset>
        ) : (
          <Select
            label={sr('Answer')}
            value={typeof rule.value === 'string' && options.includes(rule.value) ? rule.value : ''}
            placeholder={
              typeof rule.value === 'string' && options.includes(rule.value) ? undefined : 'Choose'
            }
            disabled={locked || !source}
            onChange={(e) => onChange({ ...rule, value: e.target.value })}
            options={options.map((o) => ({ value: o, label: o }))}
          />
        )}
        {!locked && (
          <button
            type="button"
            className={cn(
              'inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100',
              focusRing,
            )}
            onClick={onRemove}
            aria-label={`Remove ${label}`}
            title="Remove rule"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
      <p className="mt-2 text-sm text-slate-700">{screeningRuleSentence(rule, questions, closeAt)}</p>
    </li>
  );
}

/**
 * Try the screening as an applicant: the same evaluation the server makes (domain/screening.ts), so
 * the admin sees which rules a set of answers fails before publishing.
 */
function TryScreening({ screening, closeAt }: { screening: Screening; closeAt: string | null }) {
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const shown = normalizeScreening(screening);
  if (!shown || screeningProblem(shown)) return null;
  const { answers: clean, problems } = checkScreeningAnswers(shown, answers);
  const complete = Object.keys(problems).length === 0;
  const outcome = evaluateScreening(shown, clean, ageReference(closeAt, new Date()));
  return (
    <details className="rounded-lg border border-slate-200 p-3">
      <summary className={cn('cursor-pointer rounded text-sm font-semibold text-slate-800', focusRing)}>
        Try the screening
      </summary>
      <div className="mt-3 space-y-4">
        {shown.questions.map((q) => (
          <QuestionField
            key={q.key}
            question={{ ...q, label: `${q.label} (try-out)` }}
            value={answers[q.key]}
            applicationId=""
            editable
            onChange={(v) => setAnswers((a) => ({ ...a, [q.key]: v }))}
          />
        ))}
        <p role="status" className="text-sm text-slate-800">
          {!complete
            ? 'Answer every question to see the outcome.'
            : outcome.passed
              ? 'These answers pass.'
              : `These answers do not pass: ${outcome.failedRules
                  .map((i) => screeningRuleSentence(shown.pass.rules[i], shown.questions, closeAt))
                  .join('; ')}.`}
        </p>
      </div>
    </details>
  );
}
