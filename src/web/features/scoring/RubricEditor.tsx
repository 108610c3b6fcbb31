import { Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { type Criterion, RUBRIC_LIMITS, scaleText } from '../../../shared/domain/scoring';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input, Textarea } from '../../components/ui/Field';

/** A key no other criterion has (keys stay fixed when criteria are renamed: scores refer to them). */
function newKey(criteria: Criterion[]): string {
  const taken = new Set(criteria.map((c) => c.key));
  for (let i = criteria.length + 1; ; i++) if (!taken.has(`c${i}`)) return `c${i}`;
}

const whole = (value: string, fallback: number) => {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) ? n : fallback;
};

/**
 * The rubric: each criterion's name, guidance, scale, weight and whether it counts toward the total.
 * `scalesLocked`: scores have been saved, so only names and guidance may change.
 */
export function RubricEditor({
  criteria,
  onChange,
  disabled,
  scalesLocked,
}: {
  criteria: Criterion[];
  onChange: (next: Criterion[]) => void;
  disabled: boolean;
  scalesLocked: boolean;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const set = (i: number, patch: Partial<Criterion>) =>
    onChange(criteria.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const fixed = disabled || scalesLocked;

  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Rubric</legend>
      {scalesLocked && (
        <p className="mb-2 text-sm text-slate-600">
          Scores have been saved: criteria, scales and weights are fixed. Names and guidance can still change.
        </p>
      )}
      {criteria.length === 0 && <p className="text-sm text-slate-600">No criteria yet.</p>}
      <ol ref={listRef} className="space-y-3">
        {criteria.map((c, i) => (
          <li key={c.key} className="rounded-lg bg-slate-50 p-3">
            <div className="flex items-end gap-1">
              <Input
                className="min-w-0 flex-1"
                label={`Criterion ${i + 1} name`}
                value={c.name}
                maxLength={RUBRIC_LIMITS.name}
                onChange={(e) => set(i, { name: e.target.value })}
                disabled={disabled}
              />
              {!fixed && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="size-10 shrink-0 px-0"
                  aria-label={`Remove criterion ${c.name.trim() || i + 1}`}
                  onClick={() => onChange(criteria.filter((_, j) => j !== i))}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              )}
            </div>
            <Textarea
              className="mt-2"
              label="Guidance"
              hint="Shown to reviewers beside the score."
              rows={2}
              value={c.guidance ?? ''}
              maxLength={RUBRIC_LIMITS.guidance}
              onChange={(e) => set(i, { guidance: e.target.value })}
              disabled={disabled}
            />
            <div className="mt-2 grid grid-cols-3 gap-2">
              <Input
                label="From"
                type="number"
                inputMode="numeric"
                min={RUBRIC_LIMITS.scaleMin}
                max={RUBRIC_LIMITS.scaleMax}
                value={String(c.min)}
                onChange={(e) => set(i, { min: whole(e.target.value, c.min) })}
                disabled={fixed}
              />
              <Input
                label="To"
                type="number"
                inputMode="numeric"
                min={RUBRIC_LIMITS.scaleMin}
                max={RUBRIC_LIMITS.scaleMax}
                value={String(c.max)}
                onChange={(e) => set(i, { max: whole(e.target.value, c.max) })}
                disabled={fixed}
              />
              <Input
                label="Weight"
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                value={String(c.weight)}
                onChange={(e) => set(i, { weight: whole(e.target.value, c.weight) })}
                disabled={fixed}
              />
            </div>
            <Checkbox
              className="mt-2"
              label="Counts toward the total"
              hint={c.counts ? `Scored ${scaleText(c)}, weight ${c.weight}.` : 'Recorded, not added up.'}
              checked={c.counts}
              onCheckedChange={(counts) => set(i, { counts })}
              disabled={fixed}
            />
          </li>
        ))}
      </ol>
      {!fixed && criteria.length < RUBRIC_LIMITS.criteria && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          onClick={() => {
            onChange([
              ...criteria,
              { key: newKey(criteria), name: '', min: 1, max: 5, weight: 1, counts: true },
            ]);
            setTimeout(() => {
              const inputs = listRef.current?.querySelectorAll<HTMLInputElement>(
                'li > div:first-child input',
              );
              inputs?.[inputs.length - 1]?.focus();
            }, 0);
          }}
        >
          <Plus className="size-4" aria-hidden="true" /> Add criterion
        </Button>
      )}
    </fieldset>
  );
}
