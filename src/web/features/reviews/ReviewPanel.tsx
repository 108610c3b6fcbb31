import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { decisionLabel } from '../../../shared/domain/decisions';
import {
  decisionOf,
  lastEditorText,
  parseRatings,
  type Resolution,
  type ReviewField,
  resolutionsFor,
  SCORE_MAX,
  SCORE_MIN,
} from '../../../shared/domain/reviews';
import type { ReviewDetail } from '../../../shared/schemas/reviews';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { DecisionBadge } from '../../components/ui/DecisionBadge';
import { Input, Select, Textarea } from '../../components/ui/Field';
import { formatDateTime } from '../../lib/format';
import { nextToReview, reviewQueueQuery } from './api';
import { type SaveState, useReviewEditor } from './useReviewEditor';

const fieldNames: Record<ReviewField, string> = {
  score: 'Score',
  comments: 'Comments',
  ratings: 'Ratings (JSON)',
};

const resolutionLabels: Record<Resolution, string> = {
  mine: 'Keep mine',
  theirs: 'Use theirs',
  both: 'Keep both',
};

function SaveIndicator({ state, dirty }: { state: SaveState; dirty: boolean }) {
  const text =
    state === 'idle' && dirty
      ? 'Unsaved changes'
      : { idle: '', saving: 'Saving…', saved: '✓ Saved', error: '✗ Save error' }[state];
  return (
    <p
      role="status"
      aria-live="polite"
      className={state === 'error' ? 'text-sm font-medium text-red-700' : 'text-sm text-slate-600'}
    >
      {text}
    </p>
  );
}

/** The collaborative Review panel: exactly the fields the program's reviewer form enables. */
export function ReviewPanel({
  applicationId,
  detail,
  refetch,
}: {
  applicationId: string;
  detail: ReviewDetail;
  refetch: () => Promise<ReviewDetail | undefined>;
}) {
  const editor = useReviewEditor(applicationId, detail, refetch);
  const navigate = useNavigate();
  const queue = useQuery(reviewQueueQuery(detail.application.program_id));
  const next = queue.data ? nextToReview(queue.data.items, applicationId) : null;
  const saveAndNext = async () => {
    if (!next || !(await editor.save())) return;
    void navigate({ to: '/review/app/$applicationId', params: { applicationId: next } });
  };
  const [confirming, setConfirming] = useState(false);
  const config = detail.reviewer_form;
  const { fields, locked, review } = editor;
  const ratings = parseRatings(fields.ratings);
  const decision = decisionOf(ratings) ?? '';
  const busy = editor.saveState === 'saving';

  const setDecision = (value: string) => {
    const next = { ...(ratings ?? review?.ratings ?? {}) };
    if (value) next.decision = value;
    else delete next.decision;
    editor.update('ratings', JSON.stringify(next, null, 2));
  };

  return (
    <section
      aria-labelledby="review-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:sticky lg:top-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="review-heading" className="text-lg font-semibold text-slate-900">
          Review
        </h2>
        <SaveIndicator state={editor.saveState} dirty={editor.dirty && !locked} />
      </div>
      {locked && review?.submitted_at ? (
        <div className="mt-3 rounded-lg border border-green-200 bg-green-50 p-3 text-green-900">
          <p className="font-semibold">Review Submitted</p>
          <p className="text-sm">{formatDateTime(review.submitted_at)}</p>
        </div>
      ) : review ? (
        <p className="mt-1 text-sm text-slate-600">
          Last edited by {lastEditorText({ review_id: review.id, reviewer_name: review.reviewer_name })} ·{' '}
          {formatDateTime(review.updated_at)}
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">Not started yet.</p>
      )}
      {config.show_decision && review?.decision && (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-700">
          Saved decision: <DecisionBadge decision={review.decision} />
        </p>
      )}
      {editor.notice && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {editor.notice}
        </p>
      )}

      <form
        className="mt-4 flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void editor.save();
        }}
      >
        {config.show_score && (
          <Input
            label={`Score (${SCORE_MIN}–${SCORE_MAX})`}
            inputMode="decimal"
            value={fields.score}
            onChange={(e) => editor.update('score', e.target.value)}
            disabled={locked}
            error={editor.scoreError ?? undefined}
          />
        )}
        {config.show_comments && (
          <Textarea
            label="Comments"
            rows={6}
            value={fields.comments}
            onChange={(e) => editor.update('comments', e.target.value)}
            disabled={locked}
          />
        )}
        {config.show_decision && (
          <Select
            label="Decision"
            value={decision}
            onChange={(e) => setDecision(e.target.value)}
            disabled={locked}
            placeholder="No decision"
            options={[
              ...config.decision_options.map((o) => ({ value: o, label: decisionLabel(o) })),
              // A decision no longer among the options stays visible rather than vanishing.
              ...(decision && !config.decision_options.includes(decision)
                ? [{ value: decision, label: decisionLabel(decision) }]
                : []),
            ]}
          />
        )}
        <details className="rounded-lg border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">Ratings (JSON)</summary>
          <Textarea
            className="mt-3"
            label="Raw ratings JSON"
            hint="Invalid JSON is ignored."
            rows={5}
            inputClassName="font-mono text-xs"
            value={fields.ratings}
            onChange={(e) => editor.update('ratings', e.target.value)}
            disabled={locked}
            error={ratings ? undefined : 'Not valid JSON: it will be ignored when saving.'}
          />
        </details>

        {editor.conflicts.length > 0 && (
          <div
            role="alert"
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            {locked ? (
              <p className="font-medium">
                The review was finalized before your changes were saved. Your text:
              </p>
            ) : (
              <p className="font-medium">
                Someone else changed this review. Your text is kept in the fields above and is not saved until
                you choose; their version:
              </p>
            )}
            <ul className="mt-2 space-y-3">
              {editor.conflicts.map((c) => (
                <li key={c.field}>
                  <p className="font-medium">{fieldNames[c.field]}</p>
                  <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap rounded border border-amber-200 bg-white p-2 font-sans">
                    {c.theirs || '(empty)'}
                  </pre>
                  {!locked && (
                    <div className="mt-1 flex flex-wrap gap-2">
                      {resolutionsFor(c.field).map((choice) => (
                        <Button
                          key={choice}
                          size="sm"
                          variant={choice === 'mine' ? 'secondary' : 'ghost'}
                          aria-label={`${resolutionLabels[choice]} (${fieldNames[c.field].toLowerCase()})`}
                          onClick={() => editor.resolve(c.field, choice)}
                        >
                          {resolutionLabels[choice]}
                        </Button>
                      ))}
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}

        {!locked && (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={busy} disabled={busy}>
              Save
            </Button>
            {next && (
              <Button type="button" variant="secondary" disabled={busy} onClick={() => void saveAndNext()}>
                Save &amp; next
              </Button>
            )}
            <Button type="button" variant="secondary" disabled={busy} onClick={() => setConfirming(true)}>
              Finalize
            </Button>
          </div>
        )}
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Finalize this review?"
        description="The score, comments and decision are saved and can no longer be changed by anyone."
        confirmLabel="Finalize"
        destructive={false}
        onConfirm={async () => {
          if (!(await editor.save({ finalize: true }))) throw new Error('not finalized');
        }}
      />
    </section>
  );
}
