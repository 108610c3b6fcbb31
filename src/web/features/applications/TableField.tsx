import { Plus, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { maxRowsOf, tableColumns, tableRows, tableTotal, totalColumnOf } from '../../../shared/domain/tables';
import type { Question } from '../../../shared/schemas/forms';
import { Button } from '../../components/ui/Button';
import { Input, RequiredMark } from '../../components/ui/Field';

type Props = {
  question: Question;
  value: unknown;
  editable: boolean;
  error?: string;
  onChange: (value: unknown) => void;
};

/** What a typed number cell sends: a number once it is one; half-typed text as it is (the server checks it). */
function numberCell(raw: string): string | number | undefined {
  if (raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && !raw.endsWith('.') ? n : raw;
}

const cellValue = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '');

/**
 * A table question (decision 060): one card per row with an input per column (stacked on a phone,
 * side by side on wider screens), "Add row", "Remove row N" and the live total under the rows. The
 * answer goes through the page's autosave like every other field.
 */
export function TableField({ question: q, value, editable, error, onChange }: Props) {
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const columns = tableColumns(q);
  const least = Math.max(q.minRows ?? 0, 1);
  const most = maxRowsOf(q);
  const stored = tableRows(value);
  // At least the rows the question asks for are on screen, blank until typed into.
  const rows = [
    ...stored,
    ...Array.from({ length: Math.max(0, least - stored.length) }, () => ({}) as Record<string, unknown>),
  ];
  const totalColumn = totalColumnOf(q);
  const total = totalColumn ? (tableTotal(q, rows) ?? 0) : null;
  const send = (next: Record<string, unknown>[]) => onChange({ rows: next });

  function setCell(index: number, key: string, cell: unknown) {
    send(
      rows.map((r, i) => {
        if (i !== index) return r;
        const next = { ...r };
        if (cell === undefined) delete next[key];
        else next[key] = cell;
        return next;
      }),
    );
  }

  function addRow() {
    send([...rows, {}]);
    // The new row's first cell takes focus, so typing goes on from the keyboard.
    const n = rows.length + 1;
    setTimeout(() => listRef.current?.querySelector<HTMLInputElement>(`[data-row="${n}"] input`)?.focus(), 0);
  }

  function removeRow(index: number) {
    send(rows.filter((_, i) => i !== index));
    setTimeout(() => listRef.current?.focus(), 0);
  }

  const limits = [q.minRows ? `at least ${q.minRows}` : '', q.maxRows ? `at most ${q.maxRows}` : ''].filter(
    Boolean,
  );
  const hint = [q.help, limits.length ? `Add ${limits.join(' and ')} ${most === 1 ? 'row' : 'rows'}.` : '']
    .filter(Boolean)
    .join(' ');

  return (
    <fieldset aria-invalid={error ? true : undefined} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        {q.label}
        {q.required && <RequiredMark />}
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <ol
        ref={listRef}
        tabIndex={-1}
        aria-label={`Rows of ${q.label}`}
        className="mt-2 space-y-2 focus:outline-none"
      >
        {rows.map((row, index) => {
          const n = index + 1;
          return (
            <li
              // Rows have no identity of their own: their position is what the applicant sees.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              data-row={n}
              className="rounded-lg border border-slate-200 bg-slate-50 p-3"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-medium text-slate-700">Row {n}</span>
                {editable && rows.length > least && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => removeRow(index)}
                    aria-label={`Remove row ${n}`}
                    className="text-red-700"
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    <span aria-hidden="true">Remove</span>
                  </Button>
                )}
              </div>
              <div className="mt-2 grid gap-3 sm:grid-cols-[repeat(auto-fit,minmax(9rem,1fr))]">
                {columns.map((c) => (
                  <Input
                    key={c.key}
                    id={`${id}-r${n}-${c.key}`}
                    label={c.label}
                    // The cell's full name for assistive technology: "Amount, row 2".
                    aria-label={`${c.label}, row ${n}`}
                    disabled={!editable}
                    type={c.type === 'number' ? 'number' : c.type === 'date' ? 'date' : 'text'}
                    inputMode={c.type === 'number' ? 'decimal' : undefined}
                    step={c.type === 'number' ? 'any' : undefined}
                    value={cellValue(row[c.key])}
                    onChange={(e) =>
                      setCell(
                        index,
                        c.key,
                        c.type === 'number' ? numberCell(e.target.value) : e.target.value || undefined,
                      )
                    }
                  />
                ))}
              </div>
            </li>
          );
        })}
      </ol>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        {editable ? (
          <Button variant="secondary" size="sm" onClick={addRow} disabled={rows.length >= most}>
            <Plus className="size-4" aria-hidden="true" />
            Add row
          </Button>
        ) : (
          <span />
        )}
        {total !== null && (
          <p className="text-sm font-semibold text-slate-900" aria-live="polite" data-testid="table-total">
            Total: {total.toLocaleString()}
          </p>
        )}
      </div>
      {error && <p className="mt-1 text-sm font-medium text-red-700">{error}</p>}
    </fieldset>
  );
}
