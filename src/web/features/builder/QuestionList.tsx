import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, ChevronDown, ChevronRight, GripVertical, Trash2 } from 'lucide-react';
import { type RefObject, useId, useRef, useState } from 'react';
import {
  conditionSentence,
  deleteProblem,
  moveProblem,
  reorderProblem,
} from '../../../shared/domain/conditions';
import { DEFAULT_MAX_WORDS, questionTypeLabels } from '../../../shared/domain/forms';
import { LIMITS } from '../../../shared/domain/limits';
import { sortBySection } from '../../../shared/domain/sections';
import { uploadRuleText } from '../../../shared/domain/upload-labels';
import { uploadRules } from '../../../shared/domain/uploads';
import type { Question, Section } from '../../../shared/schemas/forms';
import { Badge } from '../../components/ui/Badge';
import { Checkbox } from '../../components/ui/Checkbox';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { cn, focusRing } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/EmptyState';
import { Input, Select, Textarea } from '../../components/ui/Field';
import { moveItem } from '../../lib/move-item';
import { LetterQuestionSettings, letterProblemAt } from '../letters/LetterQuestionSettings';
import { ConditionEditor, earlierSources } from './ConditionEditor';
import { questionName } from './questions';
import { TableSettings } from './TableSettings';

export type QuestionFieldRefs = Map<
  string,
  { label?: HTMLInputElement | null; options?: HTMLTextAreaElement | null }
>;

type Props = {
  questions: Question[];
  /** The form's sections: each row picks its own (none: one page). */
  sections: Section[];
  onChange: (questions: Question[]) => void;
  locked: boolean;
  /** The question with a validation problem and its message (shown under the row). */
  problem: { key: string; message: string } | null;
  /** Where the editor finds a row's inputs to focus one on a validation problem. */
  fieldRefs: RefObject<QuestionFieldRefs>;
};

const iconButton = cn(
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  'disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent',
  focusRing,
);

/** The builder's questions: drag (pointer or keyboard) or Move up/down to reorder, edit, delete. */
export function QuestionList({ questions, sections, onChange, locked, problem, fieldRefs }: Props) {
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  // A delete or move refused because other questions depend on the question (names them).
  const [refusal, setRefusal] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // Instant scrolling while dragging by keyboard: a smooth scroll moves the rows under the sensor's
    // measured coordinates, and the first arrow press then sends the row far down the list.
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: 'auto' }),
  );

  const nameOf = (key: string | number | undefined) => {
    const index = questions.findIndex((q) => q.key === key);
    const q = questions[index];
    return q ? questionName(q, index) : 'question';
  };
  const positionOf = (key: string | number | undefined) => questions.findIndex((q) => q.key === key) + 1;

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}. It is in position ${positionOf(active.id)} of ${questions.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} was moved into position ${positionOf(over.id)} of ${questions.length}.`
        : `${nameOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} was dropped into position ${positionOf(over.id)} of ${questions.length}.`
        : `${nameOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Reordering was cancelled. ${nameOf(active.id)} was dropped.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = questions.findIndex((q) => q.key === active.id);
    const to = questions.findIndex((q) => q.key === over.id);
    if (refuse(moveProblem(questions, from, to))) return;
    onChange(moveItem(questions, from, to));
  }

  function move(index: number, delta: -1 | 1) {
    const to = index + delta;
    const q = questions[index];
    if (!q || to < 0 || to >= questions.length) return;
    if (refuse(moveProblem(questions, index, to))) return;
    onChange(moveItem(questions, index, to));
    setStatus(`${questionName(q, index)} moved to position ${to + 1} of ${questions.length}.`);
  }

  /** Shows why a change is refused (true), or clears the last refusal (false). */
  function refuse(problem: string | null): boolean {
    setRefusal(problem);
    return problem !== null;
  }

  function askDelete(key: string) {
    if (!refuse(deleteProblem(questions, key, sections))) setPendingDelete(key);
  }

  function update(key: string, patch: Partial<Question>) {
    const next = questions.map((q) => (q.key === key ? { ...q, ...patch } : q));
    // Another section moves the question there: refused, naming them, when a condition would break.
    if ('section' in patch) {
      const before = { questions, sections };
      if (refuse(reorderProblem(before, { questions: sortBySection(next, sections), sections }))) return;
    }
    onChange(next);
  }

  function remove(key: string) {
    const index = questions.findIndex((q) => q.key === key);
    const q = questions[index];
    onChange(questions.filter((x) => x.key !== key));
    if (q) setStatus(`${questionName(q, index)} deleted.`);
    // The delete button is gone: put focus on the list (after the dialog has closed).
    setTimeout(() => listRef.current?.focus(), 0);
  }

  const deleting = questions.find((q) => q.key === pendingDelete);

  return (
    <div>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      <div role="alert">
        {refusal && (
          <p className="mb-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {refusal}
          </p>
        )}
      </div>
      {questions.length === 0 ? (
        <EmptyState title="No questions yet" description="Add a question with the buttons above." />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                'To pick up a question, press Space or Enter. Use the Up and Down arrow keys to move it, Space or Enter to drop it, Escape to cancel.',
            },
          }}
        >
          <SortableContext items={questions.map((q) => q.key)} strategy={verticalListSortingStrategy}>
            <ol ref={listRef} tabIndex={-1} aria-label="Questions" className="space-y-3 focus:outline-none">
              {questions.map((q, index) => (
                <QuestionRow
                  key={q.key}
                  question={q}
                  questions={questions}
                  sections={sections}
                  index={index}
                  count={questions.length}
                  locked={locked}
                  problem={problem?.key === q.key ? problem.message : null}
                  fieldRefs={fieldRefs}
                  onUpdate={(patch) => update(q.key, patch)}
                  onMove={(delta) => move(index, delta)}
                  onDelete={() => askDelete(q.key)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setPendingDelete(null)}
        title="Delete this question?"
        description={
          deleting
            ? `"${questionName(deleting, questions.indexOf(deleting))}" will be removed from the form when you save.`
            : ''
        }
        confirmLabel="Delete question"
        onConfirm={() => {
          if (pendingDelete) remove(pendingDelete);
        }}
      />
    </div>
  );
}

type RowProps = {
  question: Question;
  questions: Question[];
  sections: Section[];
  index: number;
  count: number;
  locked: boolean;
  problem: string | null;
  fieldRefs: RefObject<QuestionFieldRefs>;
  onUpdate: (patch: Partial<Question>) => void;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
};

function optionalNumber(value: string): number | undefined {
  const n = Number(value);
  return value.trim() === '' || !Number.isFinite(n) ? undefined : n;
}

function positiveInt(value: string): number | undefined {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

function QuestionRow({
  question: q,
  questions,
  sections,
  index,
  count,
  locked,
  problem,
  fieldRefs,
  onUpdate,
  onMove,
  onDelete,
}: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: q.key, disabled: locked });
  const name = questionName(q, index);
  const n = index + 1;
  const [collapsed, setCollapsed] = useState(false);
  // A question with a problem is always open, so the field to fix can take focus.
  const open = !collapsed || !!problem;
  const bodyId = useId();
  const [helpOpen, setHelpOpen] = useState(false);
  const refs = (): NonNullable<ReturnType<QuestionFieldRefs['get']>> => {
    const map = fieldRefs.current;
    let entry = map.get(q.key);
    if (!entry) {
      entry = {};
      map.set(q.key, entry);
    }
    return entry;
  };

  return (
    <li
      ref={setNodeRef}
      data-question-key={q.key}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'rounded-lg border bg-white p-3 sm:p-4',
        problem ? 'border-red-400' : 'border-slate-200',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-blue-600/40',
      )}
    >
      <div className="flex items-center gap-1">
        {!locked && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            className={cn(iconButton, 'cursor-grab touch-none active:cursor-grabbing')}
            {...attributes}
            {...listeners}
            aria-label={`Reorder ${name}`}
          >
            <GripVertical className="size-5" aria-hidden="true" />
          </button>
        )}
        <button
          type="button"
          className={cn(iconButton, 'size-8')}
          aria-expanded={open}
          aria-controls={bodyId}
          aria-label={`${open ? 'Collapse' : 'Expand'} ${name}`}
          title={open ? 'Collapse' : 'Expand'}
          onClick={() => setCollapsed(open)}
        >
          {open ? (
            <ChevronDown className="size-4" aria-hidden="true" />
          ) : (
            <ChevronRight className="size-4" aria-hidden="true" />
          )}
        </button>
        <span className="text-sm font-medium text-slate-500">{n}.</span>
        <Badge tone="info" className="ml-1">
          {questionTypeLabels[q.type]}
        </Badge>
        {!open && (
          <span className="ml-2 min-w-0 truncate text-sm font-medium text-slate-800">
            {q.label.trim() || name}
            {q.required && <span className="ml-1 font-normal text-slate-600">(required)</span>}
          </span>
        )}
        {!locked && (
          <div className="ml-auto flex items-center">
            <button
              type="button"
              className={iconButton}
              onClick={() => onMove(-1)}
              disabled={index === 0}
              aria-label={`Move ${name} up`}
              title="Move up"
            >
              <ArrowUp className="size-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={iconButton}
              onClick={() => onMove(1)}
              disabled={index === count - 1}
              aria-label={`Move ${name} down`}
              title="Move down"
            >
              <ArrowDown className="size-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={cn(iconButton, 'text-red-700 hover:bg-red-50 hover:text-red-800')}
              onClick={onDelete}
              aria-label={`Delete ${name}`}
              title="Delete"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          </div>
        )}
      </div>

      {q.showIf && (
        <p className="mt-1 ml-1 text-sm text-slate-700" data-testid="condition-sentence">
          {conditionSentence(q.showIf, questions)}
        </p>
      )}
      <div id={bodyId} hidden={!open}>
        <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <Input
            label={
              <>
                <span className="sr-only">Question {n} </span>
                {q.type === 'content' ? 'Heading' : 'Label'}
              </>
            }
            value={q.label}
            onChange={(e) => onUpdate({ label: e.target.value })}
            disabled={locked}
            error={problem && !q.label.trim() ? problem : undefined}
            ref={(el) => {
              refs().label = el;
            }}
          />
          {q.type !== 'content' && q.type !== 'reference_letter' && (
            <Checkbox
              className="sm:pb-2"
              label={
                <>
                  Required<span className="sr-only"> (question {n})</span>
                </>
              }
              checked={q.required}
              onCheckedChange={(required) => onUpdate({ required })}
              disabled={locked}
            />
          )}
        </div>

        {sections.length > 0 && (
          <Select
            className="mt-3 sm:max-w-xs"
            label={
              <>
                Section<span className="sr-only"> (question {n})</span>
              </>
            }
            value={q.section ?? ''}
            placeholder={sections.some((s) => s.key === q.section) ? undefined : 'Choose a section'}
            disabled={locked}
            onChange={(e) => onUpdate({ section: e.target.value || undefined })}
            options={sections.map((s, i) => ({ value: s.key, label: s.title.trim() || `Section ${i + 1}` }))}
          />
        )}
        {q.type === 'short_text' && (
          <Input
            className="mt-3 sm:max-w-xs"
            type="number"
            inputMode="numeric"
            min={1}
            label={
              <>
                Max characters<span className="sr-only"> (question {n})</span>
              </>
            }
            hint="Leave empty for no limit."
            value={q.maxLength ?? ''}
            onChange={(e) => onUpdate({ maxLength: positiveInt(e.target.value) })}
            disabled={locked}
          />
        )}
        {q.type === 'long_text' && (
          <Input
            className="mt-3 sm:max-w-xs"
            type="number"
            inputMode="numeric"
            min={1}
            label={
              <>
                Max words<span className="sr-only"> (question {n})</span>
              </>
            }
            hint={`Leave empty for the default (${DEFAULT_MAX_WORDS}).`}
            placeholder={String(DEFAULT_MAX_WORDS)}
            value={q.maxWords ?? ''}
            onChange={(e) => onUpdate({ maxWords: positiveInt(e.target.value) })}
            disabled={locked}
          />
        )}
        {q.type === 'multi_select' && (
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              label={
                <>
                  Fewest choices<span className="sr-only"> (question {n})</span>
                </>
              }
              hint="Optional."
              value={q.minChoices ?? ''}
              onChange={(e) => onUpdate({ minChoices: positiveInt(e.target.value) })}
              disabled={locked}
            />
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              label={
                <>
                  Most choices<span className="sr-only"> (question {n})</span>
                </>
              }
              hint="Optional."
              value={q.maxChoices ?? ''}
              onChange={(e) => onUpdate({ maxChoices: positiveInt(e.target.value) })}
              disabled={locked}
            />
          </div>
        )}
        {q.type === 'number' && (
          <div className="mt-3 grid gap-3 sm:grid-cols-3 sm:items-end">
            <Input
              type="number"
              step="any"
              label={
                <>
                  Smallest<span className="sr-only"> number (question {n})</span>
                </>
              }
              hint="Optional."
              value={q.min ?? ''}
              onChange={(e) => onUpdate({ min: optionalNumber(e.target.value) })}
              disabled={locked}
            />
            <Input
              type="number"
              step="any"
              label={
                <>
                  Largest<span className="sr-only"> number (question {n})</span>
                </>
              }
              hint="Optional."
              value={q.max ?? ''}
              onChange={(e) => onUpdate({ max: optionalNumber(e.target.value) })}
              disabled={locked}
            />
            <Input
              label={
                <>
                  Unit<span className="sr-only"> (question {n})</span>
                </>
              }
              hint="Shown after the field, e.g. USD."
              maxLength={LIMITS.unit}
              value={q.unit ?? ''}
              onChange={(e) => onUpdate({ unit: e.target.value || undefined })}
              disabled={locked}
            />
            <Checkbox
              label={
                <>
                  Whole numbers only<span className="sr-only"> (question {n})</span>
                </>
              }
              checked={q.integer === true}
              onCheckedChange={(integer) => onUpdate({ integer: integer || undefined })}
              disabled={locked}
            />
          </div>
        )}
        {q.type === 'table' && <TableSettings question={q} n={n} locked={locked} onUpdate={onUpdate} />}
        {q.type === 'reference_letter' && (
          <LetterQuestionSettings q={q} n={n} locked={locked} problem={problem} onUpdate={onUpdate} />
        )}
        {(q.type === 'select' || q.type === 'multi_select') && (
          <Textarea
            className="mt-3"
            rows={Math.min(10, Math.max(3, (q.options ?? []).length + 1))}
            label={
              <>
                Options<span className="sr-only"> (question {n})</span>
              </>
            }
            hint="One option per line. Blank lines are dropped."
            value={(q.options ?? []).join('\n')}
            onChange={(e) => onUpdate({ options: e.target.value.split('\n') })}
            disabled={locked}
            error={problem && q.label.trim() ? problem : undefined}
            ref={(el) => {
              refs().options = el;
            }}
          />
        )}
        {helpOpen || q.help || q.type === 'content' ? (
          <Textarea
            className="mt-3"
            rows={2}
            maxLength={LIMITS.help}
            autoFocus={helpOpen && !q.help}
            label={
              <>
                {q.type === 'content' ? 'Text' : 'Help text'}
                <span className="sr-only"> (question {n})</span>
              </>
            }
            hint={
              q.type === 'content'
                ? 'The instructions shown under the heading.'
                : 'Optional. Shown to applicants under the question.'
            }
            value={q.help ?? ''}
            onChange={(e) => onUpdate({ help: e.target.value || undefined })}
            disabled={locked}
          />
        ) : (
          !locked && (
            <button
              type="button"
              className={cn('mt-2 rounded text-sm font-medium text-blue-700 hover:underline', focusRing)}
              onClick={() => setHelpOpen(true)}
            >
              Add help text<span className="sr-only"> to question {n}</span>
            </button>
          )
        )}
        {q.type === 'file' && (
          <p className="mt-3 text-sm text-slate-600">{uploadRuleText(uploadRules.answer)}</p>
        )}
        <ConditionEditor
          condition={q.showIf}
          sources={earlierSources(questions, index)}
          subject={`question ${n}`}
          locked={locked}
          onChange={(showIf) => onUpdate({ showIf })}
        />
        {problem &&
          q.type !== 'select' &&
          q.type !== 'multi_select' &&
          q.label.trim() &&
          !letterProblemAt(q, index, problem) && (
            <p className="mt-2 text-sm font-medium text-red-700">{problem}</p>
          )}
      </div>
    </li>
  );
}
