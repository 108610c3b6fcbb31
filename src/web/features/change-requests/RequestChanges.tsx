import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  changeRequestMessages as c,
  MAX_CHANGE_MESSAGE,
  unlockable,
} from '../../../shared/domain/change-requests';
import type { ApplicationForm } from '../../../shared/schemas/forms';
import { Button, type ButtonSize } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Dialog } from '../../components/ui/Dialog';
import { Input, Textarea } from '../../components/ui/Field';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';

/** A `datetime-local` value (the viewer's time zone) a week from now: the dialog's first due date. */
function inAWeek(): string {
  const t = new Date(Date.now() + 7 * 24 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}T${pad(t.getHours())}:${pad(t.getMinutes())}`;
}

/**
 * Request changes (issue 31 item 1; decision 063): an admin asks the applicants of one or several
 * submitted applications of a program for changes — a message, a due date, and the whole application
 * or chosen questions and sections of its form. The server checks everything again.
 */
export function RequestChangesButton({
  programId,
  applicationIds,
  form,
  label = c.action,
  size = 'md',
  onDone,
}: {
  programId: string;
  applicationIds: string[];
  form: Pick<ApplicationForm, 'questions' | 'sections'>;
  label?: string;
  size?: ButtonSize;
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const scopeName = useId();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [due, setDue] = useState(inAWeek);
  const [whole, setWhole] = useState(false);
  const [questions, setQuestions] = useState<Set<string>>(new Set());
  const [sections, setSections] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<{ message?: string; due?: string; scope?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const answerable = form.questions.filter(unlockable);
  const toggle = (set: Set<string>, key: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(key);
    else next.delete(key);
    return next;
  };

  async function send() {
    const problems: typeof errors = {};
    if (!message.trim()) problems.message = c.messageRequired;
    if (!due || new Date(due).getTime() <= Date.now()) problems.due = c.mustBeFuture;
    if (!whole && questions.size === 0 && sections.size === 0) problems.scope = c.pickOne;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await api('POST', `/programs/${encodeURIComponent(programId)}/change-requests`, {
        application_ids: applicationIds,
        message: message.trim(),
        due_at: new Date(due).toISOString(),
        scope: whole ? { all: true } : { question_keys: [...questions], section_keys: [...sections] },
      });
      toast.success(c.sent);
      setOpen(false);
      setMessage('');
      await queryClient.invalidateQueries();
      onDone?.();
    } catch (err) {
      setErrors({ form: err instanceof Error && err.message ? err.message : 'Something went wrong' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size={size} variant="secondary" onClick={() => setOpen(true)} disabled={!applicationIds.length}>
        {label}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        title={c.title}
        description={
          applicationIds.length > 1
            ? `${applicationIds.length} applicants are emailed. Until the due date they can change what you unlock and resubmit.`
            : 'The applicant is emailed. Until the due date they can change what you unlock and resubmit.'
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={() => void send()} loading={busy}>
              {c.action}
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          {errors.form && (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {errors.form}
            </p>
          )}
          <Textarea
            label={c.messageLabel}
            value={message}
            rows={4}
            maxLength={MAX_CHANGE_MESSAGE}
            onChange={(e) => setMessage(e.target.value)}
            error={errors.message}
            required
          />
          <Input
            label={c.dueLabel}
            type="datetime-local"
            value={due}
            onChange={(e) => setDue(e.target.value)}
            error={errors.due}
            required
          />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{c.scopeLabel}</legend>
            <div className="mt-2 space-y-2">
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name={scopeName} checked={whole} onChange={() => setWhole(true)} />
                {c.scopeAll}
              </label>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name={scopeName} checked={!whole} onChange={() => setWhole(false)} />
                {c.scopeSome}
              </label>
            </div>
            {!whole && (
              <div className="mt-3 max-h-72 space-y-3 overflow-y-auto rounded-lg border border-slate-200 p-3">
                {(form.sections ?? []).length > 0 && (
                  <div className="space-y-2">
                    <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Sections</p>
                    {(form.sections ?? []).map((s) => (
                      <Checkbox
                        key={s.key}
                        label={`Section: ${s.title}`}
                        checked={sections.has(s.key)}
                        onCheckedChange={(on) => setSections((prev) => toggle(prev, s.key, on))}
                      />
                    ))}
                  </div>
                )}
                <div className="space-y-2">
                  <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Questions</p>
                  {answerable.map((q) => (
                    <Checkbox
                      key={q.key}
                      label={q.label || q.key}
                      checked={questions.has(q.key) || (!!q.section && sections.has(q.section))}
                      disabled={!!q.section && sections.has(q.section)}
                      onCheckedChange={(on) => setQuestions((prev) => toggle(prev, q.key, on))}
                    />
                  ))}
                </div>
              </div>
            )}
            {errors.scope && (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {errors.scope}
              </p>
            )}
          </fieldset>
        </div>
      </Dialog>
    </>
  );
}
