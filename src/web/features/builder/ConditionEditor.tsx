import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { canBeDependedOn, opLabels, opsByType } from '../../../shared/domain/conditions';
import { cleanOptions } from '../../../shared/domain/forms';
import { LIMITS } from '../../../shared/domain/limits';
import type { Condition, ConditionRule, Question } from '../../../shared/schemas/forms';
import { Checkbox } from '../../components/ui/Checkbox';
import { cn, focusRing } from '../../components/ui/cn';
import { Input, type InputProps, Select } from '../../components/ui/Field';

const linkButton = cn(
  'inline-flex items-center gap-1 rounded text-sm font-medium text-blue-700 hover:underline',
  focusRing,
);

/** The questions a rule of the question at `index` may use: earlier choice and checkbox questions. */
export function earlierSources(questions: Question[], index: number): Question[] {
  return questions.slice(0, index).filter(canBeDependedOn);
}

/** A first rule on `source`, with a value picked from its real options. */
function ruleOn(source: Question): ConditionRule {
  if (source.type === 'checkbox') return { question: source.key, op: 'equals', value: true };
  if (source.type === 'yes_no') return { question: source.key, op: 'equals', value: 'yes' };
  if (source.type === 'number') return { question: source.key, op: 'at_least', value: source.min ?? 0 };
  return { question: source.key, op: 'equals', value: cleanOptions(source.options)[0] ?? '' };
}

/** The rule after its operator changed: the value follows (a list for "is one of", one option otherwise). */
function withOp(rule: ConditionRule, op: ConditionRule['op']): ConditionRule {
  if (typeof rule.value === 'number') return { ...rule, op };
  const first = Array.isArray(rule.value) ? rule.value[0] : rule.value;
  return { ...rule, op, value: op === 'one_of' ? [String(first)] : first };
}

/**
 * A rule's number (a number question's, an age): typed freely, cleared and retyped; the rule takes
 * it whenever it is a number, and the field shows the rule's number again when left. Give it a `key`
 * of the rule's question so another question starts it afresh.
 */
export function RuleNumberInput({
  value,
  onValue,
  ...props
}: Omit<InputProps, 'value' | 'onChange' | 'type' | 'onBlur'> & {
  value: ConditionRule['value'];
  onValue: (n: number) => void;
}) {
  const ruleText = typeof value === 'number' ? String(value) : '';
  const [text, setText] = useState(ruleText);
  return (
    <Input
      {...props}
      type="number"
      step="any"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value.trim() !== '' && Number.isFinite(n)) onValue(n);
      }}
      onBlur={() => setText(ruleText)}
    />
  );
}

type Props = {
  /** The condition edited (absent: none yet). */
  condition: Condition | undefined;
  /** The earlier questions its rules may use. */
  sources: Question[];
  /** Whose condition it is, for accessible names: "question 3", "section 2". */
  subject: string;
  locked: boolean;
  onChange: (showIf: Condition | undefined) => void;
};

/**
 * "Show only if": rules picked from earlier questions' real options (never typed), joined by all or
 * any, with the sentence the row shows. The server checks the same rules (domain/conditions.ts).
 */
export function ConditionEditor({ condition, sources, subject, locked, onChange }: Props) {
  if (!condition) {
    if (locked || sources.length === 0) return null;
    return (
      <button
        type="button"
        className={cn(linkButton, 'mt-2 ml-4')}
        onClick={() => onChange({ join: 'all', rules: [ruleOn(sources[sources.length - 1])] })}
      >
        Add a condition<span className="sr-only"> to {subject}</span>
      </button>
    );
  }
  const setRule = (i: number, rule: ConditionRule) =>
    onChange({ ...condition, rules: condition.rules.map((r, j) => (j === i ? rule : r)) });
  const removeRule = (i: number) => {
    const rules = condition.rules.filter((_, j) => j !== i);
    onChange(rules.length ? { ...condition, rules } : undefined);
  };
  return (
    <fieldset className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">
        Show only if<span className="sr-only"> ({subject})</span>
      </legend>
      {condition.rules.length > 1 && (
        <Select
          className="mb-3 sm:max-w-xs"
          label={
            <>
              Rules to meet<span className="sr-only"> ({subject})</span>
            </>
          }
          value={condition.join}
          disabled={locked}
          onChange={(e) => onChange({ ...condition, join: e.target.value === 'any' ? 'any' : 'all' })}
          options={[
            { value: 'all', label: 'All of these' },
            { value: 'any', label: 'Any of these' },
          ]}
        />
      )}
      <ol className="space-y-3">
        {condition.rules.map((rule, i) => (
          <RuleRow
            // biome-ignore lint/suspicious/noArrayIndexKey: rules have no identity of their own
            key={i}
            rule={rule}
            label={`${subject}, rule ${i + 1}`}
            sources={sources}
            locked={locked}
            onChange={(r) => setRule(i, r)}
            onRemove={() => removeRule(i)}
          />
        ))}
      </ol>
      {!locked && condition.rules.length < LIMITS.conditionRules && (
        <div className="mt-3 flex flex-wrap gap-4">
          <button
            type="button"
            className={linkButton}
            onClick={() =>
              onChange({ ...condition, rules: [...condition.rules, ruleOn(sources[sources.length - 1])] })
            }
          >
            <Plus className="size-4" aria-hidden="true" />
            Add a rule<span className="sr-only"> to {subject}</span>
          </button>
          <button type="button" className={linkButton} onClick={() => onChange(undefined)}>
            Remove the condition<span className="sr-only"> of {subject}</span>
          </button>
        </div>
      )}
    </fieldset>
  );
}

function RuleRow({
  rule,
  label,
  sources,
  locked,
  onChange,
  onRemove,
}: {
  rule: ConditionRule;
  label: string;
  sources: Question[];
  locked: boolean;
  onChange: (rule: ConditionRule) => void;
  onRemove: () => void;
}) {
  const source = sources.find((s) => s.key === rule.question);
  const ops = source ? (opsByType[source.type] ?? []) : [];
  const options = source ? cleanOptions(source.options) : [];
  return (
    <li className="grid gap-2 sm:grid-cols-[1fr_auto_1fr_auto] sm:items-end">
      <Select
        label={
          <>
            Question<span className="sr-only"> ({label})</span>
          </>
        }
        value={source ? rule.question : ''}
        placeholder={source ? undefined : 'Choose a question'}
        disabled={locked}
        onChange={(e) => {
          const next = sources.find((s) => s.key === e.target.value);
          if (next) onChange(ruleOn(next));
        }}
        options={sources.map((s) => ({ value: s.key, label: s.label.trim() || s.key }))}
      />
      {source?.type === 'checkbox' ? (
        <Select
          className="sm:col-span-2"
          label={
            <>
              Is<span className="sr-only"> ({label})</span>
            </>
          }
          value={rule.value === true ? 'ticked' : 'not'}
          disabled={locked}
          onChange={(e) => onChange({ ...rule, op: 'equals', value: e.target.value === 'ticked' })}
          options={[
            { value: 'ticked', label: 'ticked' },
            { value: 'not', label: 'not ticked' },
          ]}
        />
      ) : (
        <>
          <Select
            label={
              <>
                Comparison<span className="sr-only"> ({label})</span>
              </>
            }
            value={rule.op}
            disabled={locked || !source}
            onChange={(e) => onChange(withOp(rule, e.target.value as ConditionRule['op']))}
            options={ops.map((op) => ({ value: op, label: opLabels[op] }))}
          />
          {source?.type === 'number' ? (
            <RuleNumberInput
              key={rule.question}
              label={
                <>
                  Number<span className="sr-only"> ({label})</span>
                </>
              }
              value={rule.value}
              disabled={locked}
              onValue={(n) => onChange({ ...rule, value: n })}
            />
          ) : source?.type === 'yes_no' ? (
            <Select
              label={
                <>
                  Answer<span className="sr-only"> ({label})</span>
                </>
              }
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
              <legend className="mb-1 text-sm font-medium text-slate-800">
                Options<span className="sr-only"> ({label})</span>
              </legend>
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
                        // Kept in the question's order; at least one stays chosen.
                        if (next.length)
                          onChange({ ...rule, value: options.filter((o) => next.includes(o)) });
                      }}
                    />
                  );
                })}
              </div>
            </fieldset>
          ) : (
            <Select
              label={
                <>
                  Answer<span className="sr-only"> ({label})</span>
                </>
              }
              value={typeof rule.value === 'string' && options.includes(rule.value) ? rule.value : ''}
              placeholder={
                typeof rule.value === 'string' && options.includes(rule.value) ? undefined : 'Choose'
              }
              disabled={locked || !source}
              onChange={(e) => onChange({ ...rule, value: e.target.value })}
              options={options.map((o) => ({ value: o, label: o }))}
            />
          )}
        </>
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
    </li>
  );
}
