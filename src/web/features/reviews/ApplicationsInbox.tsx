import { useQueries, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Inbox } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { changeRequestMessages, displayStatus } from '../../../shared/domain/change-requests';
import type { PublicOrg } from '../../../shared/schemas/public';
import type { InboxStatus } from '../../../shared/schemas/reviews';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { formatDateTime } from '../../lib/format';
import { useTopic } from '../../lib/realtime';
import { usePageTitle } from '../../lib/title';
import { programQuery } from '../access/queries';
import { editorQuery, reviewerFormQuery } from '../builder/api';
import { RequestChangesButton } from '../change-requests/RequestChanges';
import { PdfLink } from '../exports/PdfLink';
import { DraftsTable } from '../inbox/DraftsTable';
import { InboxDownloads } from '../inbox/InboxDownloads';
import { type InboxFilterChange, InboxFilters } from '../inbox/InboxFilters';
import { InvitationCell, WithdrawInvitationDialog } from '../inbox/InvitationCell';
import { filterWords, InviteBar, InviteDialog, type InviteTarget } from '../inbox/InviteToStage';
import { programStagesQuery, stageAndNext } from '../inbox/stages';
import { inboxViews } from '../inbox/views';
import { programMessageCountsQuery } from '../messages/api';
import { UnreadBadge } from '../messages/UnreadBadge';
import { OrgAdminPage } from '../org-admin/OrgAdminPage';
import { useForbiddenRedirect } from '../programs-admin/api';
import { orgReviewsQuery } from './api';
import { applicantDisplayName, TableSkeleton } from './parts';
import { loadError } from './ReviewQueuePage';
import { ReviewTable, type ReviewTableRow } from './ReviewTable';

// Independent scoring loads only when one of its programs is chosen.
const ScoringWorkbench = lazy(() =>
  import('../scoring/IndependentQueue').then((m) => ({ default: m.ScoringWorkbench })),
);

/**
 * /org/{slug}/admin/reviews: the organization's applications, one program or all, in a view (by
 * review state, published, not submitted, started; docs/decisions/019 and 037), narrowed by stage,
 * minimum score and decision (decision 066). The view and filters are in the address, so the
 * dashboard's numbers link here; every view downloads as CSV or XLSX. A program with a next stage
 * invites from here: one row, the rows selected, or all matching the filter.
 */
export function ApplicationsInbox({
  org,
  status,
  programId,
  since,
  stage,
  minScore,
  decision,
}: {
  org: PublicOrg;
  status: InboxStatus;
  programId: string | undefined;
  /** Only applications submitted after this time (the admin home's "new since your last visit"). */
  since?: string;
  /** All programs: only those at this stage (decision 066). */
  stage?: number;
  minScore?: number;
  decision?: string;
}) {
  usePageTitle(`Applications Inbox · ${org.name}`);
  const navigate = useNavigate();
  const narrowing = { stage: programId ? undefined : stage, minScore, decision };
  const list = useQuery(orgReviewsQuery(org.slug, status, programId, since, narrowing));
  useForbiddenRedirect(list.error);
  useTopic('reviews', () => void list.refetch());
  // From the address as it is when the change lands (two quick changes must not undo each other).
  const setFilter = (next: InboxFilterChange & { since?: undefined }) =>
    void navigate({
      to: '/org/$orgSlug/admin/reviews',
      params: { orgSlug: org.slug },
      search: (prev) => {
        const program = 'programId' in next ? next.programId : prev.program;
        return {
          status: next.status ?? prev.status,
          program,
          since: 'since' in next ? undefined : prev.since,
          stage: program ? undefined : 'stage' in next ? next.stage : prev.stage,
          min_score: 'minScore' in next ? next.minScore : prev.min_score,
          decision: 'decision' in next ? next.decision : prev.decision,
        };
      },
      replace: true,
    });

  const items = list.data?.items ?? [];
  const submitted = items.filter((r) => r.application_status !== 'draft');
  const drafts = items.filter((r) => r.application_status === 'draft');
  // Unread messages from applicants: one count request per program shown (an organization runs a few).
  const unread = useQueries({
    queries: [...new Set(submitted.map((r) => r.program_id))].map((id) => programMessageCountsQuery(id)),
    combine: (results) =>
      new Map(results.flatMap((r) => r.data?.items ?? []).map((i) => [i.application_id, i.unread])),
  });
  const view = inboxViews.find((v) => v.value === status) ?? inboxViews[0];
  // Programs in stages (decision 066): the chosen program's chain, its next stage, its decisions.
  const chain = useQuery({ ...programStagesQuery(programId ?? ''), enabled: !!programId });
  const { current, next } = stageAndNext(chain.data?.items, programId);
  const reviewForm = useQuery({ ...reviewerFormQuery(programId ?? ''), enabled: !!programId });
  const decisionOptions = reviewForm.data?.show_decision ? reviewForm.data.decision_options : null;
  const invitable = !!(programId && next?.published);
  const canInvite = (row: { application_status?: string; invitation?: unknown }) =>
    invitable && row.application_status === 'submitted' && !row.invitation;
  // Request changes in bulk (decision 063): rows of one program, submitted, not already asked.
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const program = useQuery({ ...programQuery(programId ?? ''), enabled: !!programId });
  // A later stage has no public page (decision 066): its live form is the editor's while no changes
  // to it are pending (with pending changes the review screen still asks per application).
  const editor = useQuery({ ...editorQuery(programId ?? ''), enabled: !!programId && program.data === null });
  const form = { data: program.data?.form ?? (editor.data?.has_pending ? undefined : editor.data?.form) };
  const eligible = (row: { application_status?: string; changes_due_at?: string | null }) =>
    row.application_status === 'submitted' &&
    displayStatus('submitted', row.changes_due_at, new Date()) !== 'changes_requested';
  const chosen = submitted
    .filter((r) => picked.has(r.application_id) && eligible(r))
    .map((r) => r.application_id);
  const chosenToInvite = submitted
    .filter((r) => picked.has(r.application_id) && canInvite(r))
    .map((r) => r.application_id);
  const shared = submitted[0]?.review_mode !== 'independent';
  const select =
    programId && shared && (form.data || invitable)
      ? {
          selected: picked,
          eligible: (row: ReviewTableRow) => (!!form.data && eligible(row)) || canInvite(row),
          onToggle: (id: string, on: boolean) =>
            setPicked((prev) => {
              const next = new Set(prev);
              if (on) next.add(id);
              else next.delete(id);
              return next;
            }),
        }
      : undefined;
  const [inviting, setInviting] = useState<InviteTarget | null>(null);
  // Independent scoring's table keeps its own selection: cleared after inviting from it.
  const clearWorkbench = useRef<(() => void) | null>(null);
  const [invited, setInvited] = useState<{ programId: string; text: string } | null>(null);
  const [withdrawing, setWithdrawing] = useState<{
    invitation: NonNullable<(typeof items)[number]['invitation']>;
    who: string;
    programName: string;
  } | null>(null);
  const matching: Extract<InviteTarget, { kind: 'filter' }> = {
    kind: 'filter',
    count: submitted.filter((r) => r.application_status === 'submitted').length,
    words: filterWords({ viewLabel: view.label, min_score: minScore, decision, since }),
    filter: { view: status, min_score: minScore, decision, submitted_since: since },
  };
  const stageColumn =
    (programId && next) || items.some((r) => r.invitation)
      ? {
          header: 'Next stage',
          cell: (row: ReviewTableRow) => (
            <InvitationCell
              invitation={row.invitation}
              who={applicantDisplayName(row)}
              onInvite={
                canInvite(row)
                  ? () =>
                      setInviting({
                        kind: 'named',
                        ids: [row.application_id],
                        who: applicantDisplayName(row),
                      })
                  : undefined
              }
              onWithdraw={(invitation) =>
                setWithdrawing({ invitation, who: applicantDisplayName(row), programName: row.program_name })
              }
            />
          ),
        }
      : undefined;

  return (
    <OrgAdminPage org={org} title="Applications Inbox">
      {since && (
        <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span>Submitted since {formatDateTime(since)}</span>
          <Button variant="ghost" size="sm" onClick={() => setFilter({ since: undefined })}>
            Show all
          </Button>
        </p>
      )}
      <InboxFilters
        orgSlug={org.slug}
        status={status}
        programId={programId}
        stage={narrowing.stage}
        minScore={minScore}
        decision={decision}
        chain={chain.data?.items}
        decisionOptions={decisionOptions}
        counts={list.data?.counts}
        onChange={setFilter}
      />
      <div className="mt-4">
        <InboxDownloads orgSlug={org.slug} status={status} programId={programId} narrowing={narrowing} />
      </div>
      {programId && next && (
        <div className="mt-4">
          <InviteBar
            orgSlug={org.slug}
            next={next}
            selected={chosenToInvite}
            selectable={!!select}
            matching={matching}
            result={invited?.programId === programId ? invited.text : null}
            onInvite={setInviting}
          />
        </div>
      )}

      <div className="mt-4 space-y-6">
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <ErrorState
            message={loadError(list.error)}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : items.length === 0 ? (
          <EmptyState icon={<Inbox />} title={view.empty} />
        ) : (
          <>
            {submitted.length > 0 && (
              <section aria-label={drafts.length > 0 ? 'Submitted' : undefined}>
                {drafts.length > 0 && (
                  <h2 className="mb-2 text-base font-semibold text-slate-900">
                    Submitted ({submitted.length})
                  </h2>
                )}
                {select && programId && form.data && shared && (
                  <div className="mb-3 flex flex-wrap items-center gap-3">
                    <RequestChangesButton
                      programId={programId}
                      applicationIds={chosen}
                      form={form.data}
                      size="sm"
                      label={`${changeRequestMessages.action} (${chosen.length} selected)`}
                      onDone={() => setPicked(new Set())}
                    />
                    {chosen.length === 0 && (
                      <span className="text-sm text-slate-600">
                        {invitable
                          ? 'Select submitted applications below to ask their applicants for changes, or to invite them.'
                          : 'Select submitted applications below to ask their applicants for changes.'}
                      </span>
                    )}
                  </div>
                )}
                {programId && submitted[0]?.review_mode === 'independent' ? (
                  <Suspense fallback={<TableSkeleton />}>
                    <ScoringWorkbench
                      items={submitted}
                      programId={programId}
                      unread={unread}
                      column={
                        stageColumn && {
                          header: stageColumn.header,
                          cell: (row) => stageColumn.cell(row as ReviewTableRow),
                        }
                      }
                      selectionActions={
                        invitable && next
                          ? (ids, clear) => {
                              const rows = submitted.filter(
                                (r) => ids.includes(r.application_id) && canInvite(r),
                              );
                              return (
                                <Button
                                  size="sm"
                                  variant="secondary"
                                  disabled={rows.length === 0}
                                  onClick={() => {
                                    clearWorkbench.current = clear;
                                    setInviting({
                                      kind: 'named',
                                      ids: rows.map((r) => r.application_id),
                                      who: `${rows.length} selected`,
                                    });
                                  }}
                                >
                                  Invite to {next.name} ({rows.length})
                                </Button>
                              );
                            }
                          : undefined
                      }
                    />
                  </Suspense>
                ) : (
                  <ReviewTable
                    label="Reviews"
                    rows={submitted}
                    program="with-organization"
                    editor="Reviewer"
                    decision={!!next || !!decision}
                    action="Open"
                    scores={submitted.some((r) => r.review_mode === 'independent')}
                    letters={submitted.some((r) => r.letters)}
                    select={select}
                    column={stageColumn}
                    extraAction={(row) => (
                      <>
                        <UnreadBadge count={unread.get(row.application_id)} />
                        <PdfLink applicationId={row.application_id} applicantName={row.applicant_name} />
                      </>
                    )}
                  />
                )}
              </section>
            )}
            {drafts.length > 0 && (
              <section aria-label="Not submitted">
                {submitted.length > 0 && (
                  <h2 className="mb-2 text-base font-semibold text-slate-900">
                    Not submitted ({drafts.length})
                  </h2>
                )}
                <DraftsTable rows={drafts} />
              </section>
            )}
          </>
        )}
      </div>
      {programId && next && (
        <InviteDialog
          programId={programId}
          programName={current?.name ?? 'this program'}
          next={next}
          target={inviting}
          onClose={() => setInviting(null)}
          onDone={(text) => {
            setInviting(null);
            setPicked(new Set());
            clearWorkbench.current?.();
            clearWorkbench.current = null;
            setInvited({ programId, text });
          }}
        />
      )}
      <WithdrawInvitationDialog target={withdrawing} onClose={() => setWithdrawing(null)} />
    </OrgAdminPage>
  );
}
