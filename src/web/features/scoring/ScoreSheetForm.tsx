import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { type Criterion, scaleText, scoreNumber, sheetTotal } from '../../../shared/domain/scoring';
import type { ScoreSheet, ScoringDetail } from '../../../shared/schemas/scoring';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { cn } from '../../components/ui/cn';
import { Dialog } from '../../components/ui/Dialog';
import { Select, Textarea } from '../../components/ui/Field';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { errorText, recuse, requestReopen, saveSheet, scoringDetailQuery } from './api';
import { SheetStatusBadge } from './parts';

type Scores = Record<string, number | null>;

interface Draft {
  scores: Scores;
  comments: string;
  notes: string;
  abstain: boolean;
}

const draftOf = (sheet: ScoreSheet): Draft => ({
  scores: { ...sheet.scores },
  comments: sheet.comments ?? '',
  notes: sheet.notes ?? '',
  abstain: sheet.abstain,
});

/** One criterion's score: the scale's points as a row of choices (a list when the scale is long). */
function ScoreInput({
  criterion,
  value,
  onChange,
  disabled,
  error,
}: {
  criterion: Criterion;
  value: number | null;
  onChange: (value: number | null) => void;
  disabled: boolean;
  error?: string;
}) {
  const name = useId();
  const points = Array.from({ length: criterion.max - criterion.min + 1 }, (_, i) => criterion.min + i);
  const label = `${criterion.name} (${scaleText(criterion)})${criterion.counts ? '' : ' · not counted'}`;
  if (points.length > 11)
    return (
      <Select
        label={label}
        hint={criterion.guidance}
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        placeholder="Not scored"
        options={points.map((p) => ({ value: String(p), label: String(p) }))}
        disabled={disabled}
        error={error}
      />
    );
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      {criterion.guidance && <p className="mt-0.5 text-sm text-slate-600">{criterion.guidance}</p>}
      <div className="mt-2 flex flex-wrap gap-1.5">
        {points.map((p) => (
          <label
            key={p}
            className={cn(
              'relative inline-flex min-w-10 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium tabular-nums text-slate-800',
              'has-[:checked]:border-blue-600 has-[:checked]:bg-blue-600 has-[:checked]:text-white',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 has-[:focus-visible]:ring-offset-2',
              disabled && 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              type="radio"
              name={name}
              value={p}
              checked={value === p}
              onChange={() => onChange(p)}
              disabled={disabled}
              className="sr-only"
            />
            {p}
          </label>
        ))}
        {value !== null && !disabled && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange(null)}
            aria-label={`Clear ${criterion.name}`}
          >
            Clear
          </Button>
        )}
      </div>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The caller's own score sheet: rubric scores, comments for the applicant, private notes, abstain, submit. */
export function ScoreSheetForm({ detail, programId }: { detail: ScoringDetail; programId: string }) {
  const sheet = detail.my_sheet!;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = scoringDetailQuery(detail.application_id).queryKey;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'submit' | 'recuse' | null>(null);
  const [reopenOpen, setReopenOpen] = useState(false);
  const [reopenNote, setReopenNote] = useState('');

  const form = draft ?? draftOf(sheet);
  const locked = sheet.status === 'submitted';
  const total = sheetTotal(detail.criteria, form.scores, form.abstain);
  const change = (patch: Partial<Draft>) => {
    setDraft({ ...form, ...patch });
    setProblem(null);
  };

  async function save(submit: boolean): Promise<boolean> {
    setBusy(submit ? 'submit' : 'save');
    setErrors({});
    setProblem(null);
    try {
      const saved = await saveSheet(detail.application_id, {
        scores: form.scores,
        comments: form.comments,
        notes: form.notes,
        abstain: form.abstain,
        version: sheet.version,
        submit,
      });
      queryClient.setQueryData(key, { ...detail, my_sheet: saved });
      setDraft(null);
      toast.success(submit ? 'Score sheet submitted' : 'Draft saved');
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['review-lists'] });
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        toast.error(err.message);
        await queryClient.invalidateQueries({ queryKey: key });
        return false;
      }
      const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
      setErrors(
        Object.fromEntries(
          Object.entries(fields)
            .filter(([k]) => k.startsWith('scores.'))
            .map(([k, v]) => [k.slice(7), v]),
        ),
      );
      setProblem(errorText(err, 'Save failed'));
      return false;
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      aria-labelledby="sheet-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:sticky lg:top-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sheet-heading" className="text-lg font-semibold text-slate-900">
          Your score sheet
        </h2>
        <SheetStatusBadge status={sheet.status} />
      </div>
      {locked ? (
        <div className="mt-3 rounded-lg border border-green-200 bg-green-50 p-3 text-green-900">
          <p className="font-semibold">Score sheet submitted</p>
          {sheet.submitted_at && <p className="text-sm">{formatDateTime(sheet.submitted_at)}</p>}
          {sheet.reopen_requested_at && (
            <p className="mt-1 text-sm">Reopen requested {formatDateTime(sheet.reopen_requested_at)}.</p>
          )}
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-600" role="status" aria-live="polite">
          {draft
            ? 'Unsaved changes'
            : sheet.status === 'draft'
              ? `Saved ${formatDateTime(sheet.updated_at)}`
              : ''}
        </p>
      )}

      <form
        className="mt-4 flex flex-col gap-5"
        onSubmit={(e) => {
          e.preventDefault();
          void save(false);
        }}
      >
        {detail.criteria.map((c) => (
          <ScoreInput
            key={c.key}
            criterion={c}
            value={form.scores[c.key] ?? null}
            onChange={(v) => change({ scores: { ...form.scores, [c.key]: v } })}
            disabled={locked || form.abstain}
            error={errors[c.key]}
          />
        ))}
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
          Total:{' '}
          <span className="font-semibold tabular-nums">
            {form.abstain ? 'abstained' : scoreNumber(total)}
          </span>
          {!form.abstain && ' / 100'}
        </p>
        <Checkbox
          label="I abstain from scoring this application"
          hint="Your sheet counts as submitted but adds no score."
          checked={form.abstain}
          onCheckedChange={(abstain) => change({ abstain })}
          disabled={locked}
        />
        <Textarea
          label="Comments for the applicant"
          hint="May be sent to the applicant with the results."
          rows={4}
          value={form.comments}
          onChange={(e) => change({ comments: e.target.value })}
          disabled={locked}
        />
        <Textarea
          label="Private notes for the committee"
          hint="Never shown to the applicant."
          rows={3}
          value={form.notes}
          onChange={(e) => change({ notes: e.target.value })}
          disabled={locked}
        />
        {problem && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {locked ? (
            !sheet.reopen_requested_at && (
              <Button variant="secondary" onClick={() => setReopenOpen(true)}>
                Ask to reopen
              </Button>
            )
          ) : (
            <>
              <Button type="submit" variant="secondary" loading={busy === 'save'} disabled={busy !== null}>
                Save draft
              </Button>
              <Button type="button" disabled={busy !== null} onClick={() => setConfirm('submit')}>
                Submit
              </Button>
              <Button
                type="button"
                variant="ghost"
                disabled={busy !== null}
                onClick={() => setConfirm('recuse')}
              >
                I know this applicant
              </Button>
            </>
          )}
        </div>
      </form>

      <ConfirmDialog
        open={confirm === 'submit'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Submit your score sheet?"
        description="It is locked once submitted. If you need to change it, ask the program admin to reopen it."
        confirmLabel="Submit"
        destructive={false}
        onConfirm={async () => {
          if (!(await save(true))) throw new Error('not submitted');
        }}
      />
      <ConfirmDialog
        open={confirm === 'recuse'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Recuse yourself from this application?"
        description="You declare a conflict of interest: the application is hidden from you and your unsubmitted score sheet is removed. The program admin sees that you recused yourself."
        confirmLabel="Recuse"
        onConfirm={async () => {
          try {
            const done = await recuse(detail.application_id, null);
            toast.success(done.message);
            void queryClient.invalidateQueries({ queryKey: ['review-lists'] });
            void navigate({ to: '/review/$programId', params: { programId } });
          } catch (err) {
            toast.error(errorText(err, 'Failed to recuse'));
            throw err;
          }
        }}
      />
      <Dialog
        open={reopenOpen}
        onOpenChange={setReopenOpen}
        title="Ask to reopen your score sheet"
        description="The program admin is asked to reopen it; you can then change it and submit again."
        footer={
          <>
            <Button variant="secondary" onClick={() => setReopenOpen(false)}>
              Cancel
            </Button>
            <Button
              onClick={async () => {
                try {
                  await requestReopen(sheet.id, reopenNote.trim() || null);
                  toast.success('Reopen requested');
                  setReopenOpen(false);
                  void queryClient.invalidateQueries({ queryKey: key });
                } catch (err) {
                  toast.error(errorText(err, 'Failed to ask'));
                }
              }}
            >
              Ask to reopen
            </Button>
          </>
        }
      >
        <Textarea
          label="What do you want to change? (optional)"
          rows={3}
          value={reopenNote}
          onChange={(e) => setReopenNote(e.target.value)}
        />
      </Dialog>
    </section>
  );
}
