import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { scoreNumber } from '../../../shared/domain/scoring';
import type { ScoreSheet, ScoringDetail } from '../../../shared/schemas/scoring';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { DecisionBadge } from '../../components/ui/DecisionBadge';
import { ErrorState } from '../../components/ui/ErrorState';
import { Select } from '../../components/ui/Field';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatDateTime } from '../../lib/format';
import { useTopic } from '../../lib/realtime';
import { toast } from '../../lib/toast';
import { ApplicationReviewers } from './ApplicationReviewers';
import { errorText, recordDecision, reopenSheet, scoringDetailQuery } from './api';
import { AggregateSummary, SheetStatusBadge } from './parts';
import { ScoreSheetForm } from './ScoreSheetForm';

const box = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

/** The scoring detail of an application, kept live: any sheet or decision change refetches it. */
export function useScoringDetail(applicationId: string) {
  const query = useQuery(scoringDetailQuery(applicationId));
  useTopic(`review:${applicationId}`, () => void query.refetch());
  return query;
}

/**
 * The right-hand column of an independent-scoring application: the caller's own sheet (reviewers,
 * and admins who are also assigned) and, for admins, the final decision with the aggregate beside it.
 */
export function ScoringSide({ applicationId, programId }: { applicationId: string; programId: string }) {
  const query = useScoringDetail(applicationId);
  const detail = query.data;
  if (!detail)
    return query.isError ? (
      <ErrorState
        message="Failed to load data"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    ) : (
      <Skeleton className="h-72 w-full" />
    );
  return (
    <div className="flex flex-col gap-6">
      {detail.can_admin && <FinalDecision detail={detail} />}
      {detail.my_sheet && <ScoreSheetForm key={detail.my_sheet.id} detail={detail} programId={programId} />}
      {!detail.can_admin && <OtherSheets detail={detail} />}
    </div>
  );
}

/** Other reviewers' submitted sheets, as the program's independence setting allows. */
function OtherSheets({ detail }: { detail: ScoringDetail }) {
  return (
    <section aria-labelledby="others-heading" className={box}>
      <h2 id="others-heading" className="text-lg font-semibold text-slate-900">
        Other reviewers
      </h2>
      {detail.others_hidden ? (
        <p className="mt-2 text-sm text-slate-600">{detail.others_hidden}</p>
      ) : detail.others.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No other submitted score sheets yet.</p>
      ) : (
        <>
          <div className="mt-3">
            <AggregateSummary aggregate={detail.aggregate} />
          </div>
          <ul className="mt-4 space-y-3">
            {detail.others.map((s) => (
              <li key={s.id} className="rounded-lg border border-slate-200 p-3">
                <p className="flex flex-wrap items-center justify-between gap-2 font-medium text-slate-900">
                  {s.reviewer_name ?? 'Reviewer'}
                  <span className="tabular-nums">
                    {s.abstain ? 'Abstained' : `${scoreNumber(s.total)} / 100`}
                  </span>
                </p>
                <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 text-sm">
                  {detail.criteria.map((c) => (
                    <Fragment key={c.key}>
                      <dt className="text-slate-600">{c.name}</dt>
                      <dd className="tabular-nums">{s.scores[c.key] ?? '\u2014'}</dd>
                    </Fragment>
                  ))}
                </dl>
                {s.comments && <p className="mt-2 text-sm whitespace-pre-wrap">{s.comments}</p>}
                {s.notes && (
                  <p className="mt-2 text-sm whitespace-pre-wrap text-slate-600">
                    <span className="font-medium">Notes: </span>
                    {s.notes}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The org admin's final decision, with the aggregate beside it; publishing sends it as the result. */
function FinalDecision({ detail }: { detail: ScoringDetail }) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const recorded = detail.decision?.status === 'submitted' ? detail.decision : null;
  return (
    <section aria-labelledby="decision-heading" className={`${box} lg:sticky lg:top-4`}>
      <h2 id="decision-heading" className="text-lg font-semibold text-slate-900">
        Final decision
      </h2>
      <div className="mt-3">
        <AggregateSummary aggregate={detail.aggregate} />
      </div>
      {recorded ? (
        <div className="mt-4 rounded-lg border border-green-200 bg-green-50 p-3 text-green-900">
          <p className="flex items-center gap-2 font-semibold">
            Decision recorded: {recorded.decision && <DecisionBadge decision={recorded.decision} />}
          </p>
          <p className="text-sm">
            Score {scoreNumber(recorded.score)}
            {recorded.submitted_at && ` · ${formatDateTime(recorded.submitted_at)}`}
          </p>
          <p className="mt-1 text-sm">Publish it from Publish Results.</p>
        </div>
      ) : (
        <form
          className="mt-4 flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!choice) setProblem('Choose a decision.');
            else setConfirming(true);
          }}
        >
          <Select
            label="Decision"
            value={choice}
            onChange={(e) => {
              setChoice(e.target.value);
              setProblem(null);
            }}
            placeholder="Choose a decision"
            options={detail.decision_options.map((o) => ({ value: o, label: o }))}
            error={problem ?? undefined}
          />
          {detail.aggregate && detail.aggregate.sheets < detail.aggregate.assigned && (
            <p className="text-sm text-amber-900">
              {detail.aggregate.assigned - detail.aggregate.sheets} of {detail.aggregate.assigned} score
              sheets are not submitted yet.
            </p>
          )}
          <Button type="submit">Record final decision</Button>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Record "${choice}" as the final decision?`}
        description={`The result is finalized with the weighted mean (${scoreNumber(detail.aggregate?.mean)}) as its score and the reviewers' comments for the applicant. It can then be published; it can no longer be changed.`}
        confirmLabel="Record decision"
        destructive={false}
        onConfirm={async () => {
          try {
            const next = await recordDecision(detail.application_id, choice, detail.decision?.version ?? 0);
            queryClient.setQueryData(scoringDetailQuery(detail.application_id).queryKey, next);
            void queryClient.invalidateQueries({ queryKey: ['review-lists'] });
            toast.success('Final decision recorded');
          } catch (err) {
            toast.error(errorText(err, 'Failed to record the decision'));
            void queryClient.invalidateQueries({
              queryKey: scoringDetailQuery(detail.application_id).queryKey,
            });
            throw err;
          }
        }}
      />
    </section>
  );
}

/** Every sheet side by side (admins): criteria as rows, reviewers as columns; reopen a submitted sheet. */
export function SheetsSideBySide({ applicationId, programId }: { applicationId: string; programId: string }) {
  const queryClient = useQueryClient();
  const query = useScoringDetail(applicationId);
  const [reopening, setReopening] = useState<ScoreSheet | null>(null);
  const detail = query.data;
  if (!detail?.can_admin) return null;
  const sheets = [...(detail.my_sheet ? [detail.my_sheet] : []), ...detail.others];
  return (
    <section aria-labelledby="sheets-heading" className={`${box} mt-6`}>
      <h2 id="sheets-heading" className="text-lg font-semibold text-slate-900">
        Score sheets
      </h2>
      {sheets.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No reviewer is assigned to this application yet.</p>
      ) : (
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
          aria-label="Score sheets side by side"
          className="mt-3 overflow-x-auto rounded-lg border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          <table className="w-full min-w-[32rem] border-collapse text-sm">
            <thead className="bg-slate-50">
              <tr>
                <th
                  scope="col"
                  className="sticky left-0 bg-slate-50 px-3 py-2 text-left text-xs uppercase text-slate-600"
                >
                  Criterion
                </th>
                {sheets.map((s) => (
                  <th
                    key={s.id}
                    scope="col"
                    className="px-3 py-2 text-left align-top font-semibold text-slate-900"
                  >
                    <span className="block">{s.reviewer_name ?? 'Reviewer'}</span>
                    <span className="mt-1 flex flex-wrap items-center gap-1 font-normal">
                      <SheetStatusBadge status={s.status} />
                      {s.reopen_requested_at && (
                        <span className="text-xs text-amber-900">Reopen requested</span>
                      )}
                    </span>
                    {s.status === 'submitted' && (
                      <Button
                        size="sm"
                        variant="ghost"
                        className="mt-1 px-2"
                        aria-label={`Reopen the sheet of ${s.reviewer_name ?? 'this reviewer'}`}
                        onClick={() => setReopening(s)}
                      >
                        Reopen
                      </Button>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {detail.criteria.map((c) => (
                <tr key={c.key}>
                  <th
                    scope="row"
                    className="sticky left-0 bg-white px-3 py-2 text-left font-medium text-slate-800"
                  >
                    {c.name}
                    {!c.counts && (
                      <span className="block text-xs font-normal text-slate-500">not counted</span>
                    )}
                  </th>
                  {sheets.map((s) => (
                    <td key={s.id} className="px-3 py-2 tabular-nums">
                      {s.scores[c.key] ?? '\u2014'}
                    </td>
                  ))}
                </tr>
              ))}
              <tr className="bg-slate-50">
                <th scope="row" className="sticky left-0 bg-slate-50 px-3 py-2 text-left font-semibold">
                  Total
                </th>
                {sheets.map((s) => (
                  <td key={s.id} className="px-3 py-2 font-semibold tabular-nums">
                    {s.abstain ? 'Abstained' : scoreNumber(s.total)}
                  </td>
                ))}
              </tr>
              <tr>
                <th scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-medium">
                  Comments for the applicant
                </th>
                {sheets.map((s) => (
                  <td key={s.id} className="px-3 py-2 align-top whitespace-pre-wrap">
                    {s.comments ?? '\u2014'}
                  </td>
                ))}
              </tr>
              <tr>
                <th scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-medium">
                  Private notes
                </th>
                {sheets.map((s) => (
                  <td key={s.id} className="px-3 py-2 align-top whitespace-pre-wrap text-slate-600">
                    {s.notes ?? '\u2014'}
                    {s.reopen_note && (
                      <span className="mt-1 block text-amber-900">Reopen: {s.reopen_note}</span>
                    )}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </section>
      )}
      <ApplicationReviewers detail={detail} programId={programId} />
      <ConfirmDialog
        open={reopening !== null}
        onOpenChange={(open) => !open && setReopening(null)}
        title={`Reopen the score sheet of ${reopening?.reviewer_name ?? 'this reviewer'}?`}
        description="It becomes a draft again: the reviewer can change it and submit it again. Until then it is left out of the aggregate."
        confirmLabel="Reopen"
        destructive={false}
        onConfirm={async () => {
          try {
            await reopenSheet(reopening!.id);
            toast.success('Score sheet reopened');
            void queryClient.invalidateQueries({ queryKey: scoringDetailQuery(applicationId).queryKey });
            void queryClient.invalidateQueries({ queryKey: ['review-lists'] });
          } catch (err) {
            toast.error(errorText(err, 'Failed to reopen'));
            throw err;
          }
        }}
      />
    </section>
  );
}
