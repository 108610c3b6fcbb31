import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { canBeDependedOn, conditionSentence, reorderProblem } from '../../../shared/domain/conditions';
import { LIMITS } from '../../../shared/domain/limits';
import { sortBySection } from '../../../shared/domain/sections';
import type { ApplicationForm, Section } from '../../../shared/schemas/forms';
import { Button } from '../../components/ui/Button';
import { cn, focusRing } from '../../components/ui/cn';
import { Input } from '../../components/ui/Field';
import { moveItem } from '../../lib/move-item';
import { ConditionEditor } from './ConditionEditor';

const iconButton = cn(
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100',
  'disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent',
  focusRing,
);

function newSectionKey(sections: Section[]): string {
  const used = new Set(sections.map((s) => s.key));
  for (let n = sections.length + 1; ; n++) if (!used.has(`s_${n}`)) return `s_${n}`;
}

/** The questions a rule of the section at `index` may use: choice-like questions of earlier sections. */
export function earlierSectionSources(form: ApplicationForm, index: number) {
  const earlier = new Set((form.sections ?? []).slice(0, index).map((s) => s.key));
  return form.questions.filter(
    (q) => q.section !== undefined && earlier.has(q.section) && canBeDependedOn(q),
  );
}

/**
 * Sections (issue 29 item 4): the form's pages, titled and in order. The first section takes every
 * question; removing a section moves its questions to the one before it (or after it); removing the
 * last one makes the form one page again. Questions are kept in their sections' order.
 */
export function SectionsEditor({
  form,
  onChange,
  locked,
}: {
  form: ApplicationForm;
  onChange: (form: ApplicationForm) => void;
  locked: boolean;
}) {
  const sections = form.sections ?? [];
  // A move or removal refused because it would break a condition (names the questions and sections).
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = (next: Section[], questions = form.questions) => {
    const after = {
      ...form,
      sections: next.length ? next : undefined,
      questions: next.length ? sortBySection(questions, next) : questions.map(({ section: _s, ...q }) => q),
    };
    const problem = reorderProblem(form, after);
    setRefusal(problem);
    if (!problem) onChange(after);
  };

  function add() {
    const key = newSectionKey(sections);
    const next = [...sections, { key, title: `Section ${sections.length + 1}` }];
    // The first section takes every question.
    set(next, sections.length ? form.questions : form.questions.map((q) => ({ ...q, section: key })));
  }

  function remove(index: number) {
    const gone = sections[index];
    const next = sections.filter((_, i) => i !== index);
    const heir = next[Math.max(0, index - 1)]?.key;
    set(
      next,
      form.questions.map((q) => (q.section === gone.key ? { ...q, section: heir } : q)),
    );
  }

  return (
    <div>
      <p className="text-sm text-slate-600">
        Split a long form into sections: applicants fill one section at a time. Without sections the form is
        one page.
      </p>
      <div role="alert">
        {refusal && (
          <p className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {refusal}
          </p>
        )}
      </div>
      {sections.length > 0 && (
        <ol className="mt-3 space-y-4" aria-label="Sections">
          {sections.map((s, i) => (
            <li key={s.key}>
              <div className="flex items-end gap-1">
                <Input
                  className="flex-1"
                  label={`Section ${i + 1} title`}
                  value={s.title}
                  maxLength={LIMITS.name}
                  disabled={locked}
                  onChange={(e) =>
                    set(sections.map((x) => (x.key === s.key ? { ...x, title: e.target.value } : x)))
                  }
                />
                {!locked && (
                  <>
                    <button
                      type="button"
                      className={iconButton}
                      disabled={i === 0}
                      onClick={() => set(moveItem(sections, i, i - 1))}
                      aria-label={`Move section ${s.title || i + 1} up`}
                      title="Move up"
                    >
                      <ArrowUp className="size-4" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className={iconButton}
                      disabled={i === sections.length - 1}
                      onClick={() => set(moveItem(sections, i, i + 1))}
                      aria-label={`Move section ${s.title || i + 1} down`}
                      title="Move down"
                    >
                      <ArrowDown className="size-4" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      className={cn(iconButton, 'text-red-700 hover:bg-red-50')}
                      onClick={() => remove(i)}
                      aria-label={`Remove section ${s.title || i + 1}`}
                      title="Remove section (its questions move to the section before)"
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </button>
                  </>
                )}
              </div>
              {s.showIf && (
                <p className="mt-1 text-sm text-slate-600" data-testid="section-condition">
                  {conditionSentence(s.showIf, form.questions)}
                </p>
              )}
              {/* "Show only if" on questions of earlier sections (decision 062). */}
              <ConditionEditor
                condition={s.showIf}
                sources={earlierSectionSources(form, i)}
                subject={`section ${i + 1}`}
                locked={locked}
                onChange={(showIf) =>
                  set(
                    sections.map((x) => {
                      if (x.key !== s.key) return x;
                      const { showIf: _old, ...rest } = x;
                      return showIf ? { ...rest, showIf } : rest;
                    }),
                  )
                }
              />
            </li>
          ))}
        </ol>
      )}
      {!locked && sections.length < LIMITS.sections && (
        <Button className="mt-3" variant="secondary" size="sm" onClick={add}>
          <Plus className="size-4" aria-hidden="true" />
          Add section
        </Button>
      )}
    </div>
  );
}
