import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { LIMITS } from '../../../shared/domain/limits';
import { tableColumnTypeLabels } from '../../../shared/domain/tables';
import { type Question, type TableColumn, tableColumnTypes } from '../../../shared/schemas/forms';
import { Button } from '../../components/ui/Button';
import { cn, focusRing } from '../../components/ui/cn';
import { Input, Select } from '../../components/ui/Field';
import { useOrderedList } from './useOrderedList';

type Props = {
  question: Question;
  /** The question's number in the list (names its fields for screen readers). */
  n: number;
  locked: boolean;
  onUpdate: (patch: Partial<Question>) => void;
};

const iconButton = cn(
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  'disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent',
  focusRing,
);

/** A column key not yet used in the table: `c1`, `c2` … (kept when the heading changes). */
export function newColumnKey(columns: readonly TableColumn[]): string {
  const used = new Set(columns.map((c) => c.key));
  for (let i = columns.length + 1; ; i++) if (!used.has(`c${i}`)) return `c${i}`;
}

function rowCount(value: string): number | undefined {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, LIMITS.tableRows) : undefined;
}

/**
 * A table question's settings (decision 060): its columns (heading and kind; add, remove, move up or
 * down), the fewest and most rows, and the number column whose total applicants see.
 */
export function TableSettings({ question: q, n, locked, onUpdate }: Props) {
  const columns = q.columns ?? [];
  const numberColumns = columns.filter((c) => c.type === 'number');

  function setColumns(next: TableColumn[]) {
    // A total of a column that is gone, or no longer a number, is dropped with it.
    const keepTotal = next.some((c) => c.key === q.totalColumn && c.type === 'number');
    onUpdate({ columns: next, totalColumn: keepTotal ? q.totalColumn : undefined });
  }
  const columnName = (c: TableColumn, i: number) => c.label.trim() || `Column ${i + 1}`;

  const { status, listRef, add, move, remove } = useOrderedList(columns, setColumns, columnName, 'Column');
  const addColumn = () =>
    add({ key: newColumnKey(columns), label: `Column ${columns.length + 1}`, type: 'text' as const });

  return (
    <fieldset className="mt-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">
        Columns<span className="sr-only"> (question {n})</span>
      </legend>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      <ol
        ref={listRef}
        tabIndex={-1}
        aria-label={`Columns of question ${n}`}
        className="space-y-2 focus:outline-none"
      >
        {columns.map((c, i) => (
          <li key={c.key} data-row={i + 1} className="flex flex-wrap items-end gap-2">
            <Input
              className="min-w-0 flex-1 basis-40"
              label={
                <>
                  Column {i + 1} heading<span className="sr-only"> (question {n})</span>
                </>
              }
              maxLength={LIMITS.name}
              value={c.label}
              disabled={locked}
              onChange={(e) =>
                setColumns(columns.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)))
              }
            />
            <Select
              className="w-32"
              label={
                <>
                  Kind
                  <span className="sr-only">
                    {' '}
                    of column {i + 1} (question {n})
                  </span>
                </>
              }
              value={c.type}
              disabled={locked}
              options={tableColumnTypes.map((t) => ({ value: t, label: tableColumnTypeLabels[t] }))}
              onChange={(e) =>
                setColumns(
                  columns.map((x, j) =>
                    j === i ? { ...x, type: e.target.value as TableColumn['type'] } : x,
                  ),
                )
              }
            />
            {!locked && (
              <div className="flex">
                <button
                  type="button"
                  className={iconButton}
                  onClick={() => move(i, -1)}
                  disabled={i === 0}
                  aria-label={`Move ${columnName(c, i)} column up`}
                  title="Move up"
                >
                  <ArrowUp className="size-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  onClick={() => move(i, 1)}
                  disabled={i === columns.length - 1}
                  aria-label={`Move ${columnName(c, i)} column down`}
                  title="Move down"
                >
                  <ArrowDown className="size-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={cn(iconButton, 'text-red-700 hover:bg-red-50 hover:text-red-800')}
                  onClick={() => remove(i)}
                  aria-label={`Remove ${columnName(c, i)} column`}
                  title="Remove column"
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {columns.length === 0 && <p className="text-sm text-slate-600">No columns yet. Add at least one.</p>}
      {!locked && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          onClick={addColumn}
          disabled={columns.length >= LIMITS.tableColumns}
        >
          <Plus className="size-4" aria-hidden="true" />
          Add column<span className="sr-only"> to question {n}</span>
        </Button>
      )}
      <div className="mt-3 grid gap-3 sm:grid-cols-3 sm:items-end">
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={LIMITS.tableRows}
          label={
            <>
              Fewest rows<span className="sr-only"> (question {n})</span>
            </>
          }
          hint="Optional."
          value={q.minRows ?? ''}
          onChange={(e) => onUpdate({ minRows: rowCount(e.target.value) })}
          disabled={locked}
        />
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={LIMITS.tableRows}
          label={
            <>
              Most rows<span className="sr-only"> (question {n})</span>
            </>
          }
          hint={`Optional, up to ${LIMITS.tableRows}.`}
          value={q.maxRows ?? ''}
          onChange={(e) => onUpdate({ maxRows: rowCount(e.target.value) })}
          disabled={locked}
        />
        <Select
          label={
            <>
              Total of<span className="sr-only"> (question {n})</span>
            </>
          }
          hint="Shown to applicants as they type."
          value={numberColumns.some((c) => c.key === q.totalColumn) ? (q.totalColumn ?? '') : ''}
          disabled={locked || numberColumns.length === 0}
          onChange={(e) => onUpdate({ totalColumn: e.target.value || undefined })}
          options={[
            { value: '', label: numberColumns.length ? 'No total' : 'No number column' },
            ...numberColumns.map((c) => ({ value: c.key, label: c.label.trim() || c.key })),
          ]}
        />
      </div>
    </fieldset>
  );
}
