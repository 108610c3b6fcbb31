import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Inbox, Send } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import {
  commentPreview,
  type PublishMode,
  stageQueueNote,
  type Visibility,
  visiblePayload,
} from '../../../shared/domain/results';
import type { PublicOrg } from '../../../shared/schemas/public';
import type { PublishQueueItem } from '../../../shared/schemas/results';
import { BackLink } from '../../components/ui/BackLink';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { cn } from '../../components/ui/cn';
import { DecisionBadge } from '../../components/ui/DecisionBadge';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { Textarea } from '../../components/ui/Field';
import { Notice as NoticeLine, type NoticeValue } from '../../components/ui/Notice';
import { PageHeader } from '../../components/ui/PageHeader';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/title';
import { DashboardShell } from '../dashboard/DashboardShell';
import { DownloadButtons } from '../exports/DownloadButtons';
import { mailDeliveryQuery } from '../mail/api';
import { DeliveryStatus } from '../mail/DeliveryStatus';
import { PublishEmailDialog } from '../mail/PublishEmailDialog';
import { isForbidden, useForbiddenRedirect } from '../programs-admin/api';
import { ColumnHeadings, ScrollTable, TableSkeleton, td, th } from '../programs-admin/parts';
import { publishQueueQuery, publishResults, updatePublishedResults } from './api';
import { ResultCard } from './MyResults';

type Notice = NoticeValue | null;
/** What the admin is about to confirm: publishing (all or the selection) or correcting sent results. */
type Pending = PublishMode | 'update' | null;

const sentFields = (v: Visibility) =>
  [
    v.decision && 'the decision',
    v.score && 'the score',
    v.comments && 'the reviewer comments',
    v.customMessage?.trim() && 'your message',
  ]
    .filter(Boolean)
    .join(', ') || 'nothing but the program name';

const boxClass = 'size-5 cursor-pointer rounded border-slate-400 accent-blue-600';
/** On phones a row is a card: the applicant as its title, the checkbox at its top right. */
const queueRow = 'max-sm:relative max-sm:flex max-sm:flex-col max-sm:px-4 max-sm:py-4';
const applicantCell =
  'px-4 py-3 align-top text-left text-sm font-medium text-slate-900 max-sm:order-first max-sm:px-0 max-sm:pt-0 max-sm:pr-10 max-sm:pb-2 max-sm:text-base';

/**
 * /org/{slug}/admin/programs/{id}/publish: the Results Queue and 'What to send'. Without an org (the
 * program admin's /review/{id}/publish) the back link leads to the program's review queue.
 */
export function PublishProgramPage({ org, programId }: { org?: PublicOrg; programId: string }) {
  const queue = useQuery(publishQueueQuery(programId));
  useForbiddenRedirect(queue.error);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const programName = queue.data?.program.name;
  usePageTitle(programName ? `Publish results · ${programName}` : 'Publish results');

  const [onlyUnpublished, setOnlyUnpublished] = useState(true);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [visibility, setVisibility] = useState<Visibility | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  // 'What to send' starts from the program's defaults once they are known.
  const defaults = queue.data?.default_visibility;
  useEffect(() => {
    if (defaults && !visibility) setVisibility({ ...defaults, customMessage: '' });
  }, [defaults, visibility]);

  const rows = useMemo(
    () => (queue.data?.items ?? []).filter((i) => !onlyUnpublished || !i.already_published),
    [queue.data, onlyUnpublished],
  );
  // Only what is on screen can be selected.
  const visibleSelected = rows.filter((r) => selected.has(r.application_id));
  const allSelected = rows.length > 0 && visibleSelected.length === rows.length;
  const toPublish = visibleSelected.filter((r) => !r.already_published);
  const toUpdate = visibleSelected.filter((r) => r.already_published);
  const unpublished = (queue.data?.items ?? []).filter((r) => !r.already_published);
  const [pending, setPending] = useState<Pending>(null);
  const sending = visibility ?? { decision: true, score: false, comments: false, customMessage: null };
  const previewRow = visibleSelected[0] ?? rows[0] ?? null;
  const laterStage = queue.data?.stage && queue.data.stage.stage_number > 1 ? queue.data.stage : null;

  const publish = useMutation({
    mutationFn: (mode: PublishMode) =>
      publishResults(programId, {
        mode,
        application_ids: mode === 'selected' ? toPublish.map((r) => r.application_id) : undefined,
        visibility: sending,
        only_unpublished: onlyUnpublished,
      }),
    onMutate: () => setNotice(null),
    onSuccess: (res) => {
      setNotice({ kind: 'success', text: res.message });
      setSelected(new Set());
      void queryClient.invalidateQueries({ queryKey: ['publish-gallery'] });
      return queryClient.invalidateQueries({ queryKey: publishQueueQuery(programId).queryKey });
    },
    onError: (err) => {
      if (isForbidden(err)) {
        void navigate({ to: '/unauthorized' });
        return;
      }
      setNotice({
        kind: 'error',
        text: err instanceof ApiError && err.message ? err.message : 'Publish failed.',
      });
    },
  });

  const update = useMutation({
    mutationFn: () =>
      updatePublishedResults(programId, {
        application_ids: toUpdate.map((r) => r.application_id),
        visibility: sending,
      }),
    onMutate: () => setNotice(null),
    onSuccess: (res) => {
      setNotice({ kind: 'success', text: res.message });
      setSelected(new Set());
      return queryClient.invalidateQueries({ queryKey: publishQueueQuery(programId).queryKey });
    },
    onError: (err) =>
      setNotice({
        kind: 'error',
        text: err instanceof ApiError && err.message ? err.message : 'Update failed.',
      }),
  });

  const busy = queue.isPending || queue.isFetching || publish.isPending || update.isPending;
  const confirmCount =
    pending === 'all_finalized'
      ? unpublished.length
      : pending === 'update'
        ? toUpdate.length
        : toPublish.length;
  const empty = rows.length === 0;

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <DashboardShell showReviews>
      <PageHeader
        back={
          org ? (
            <BackLink to="/org/$orgSlug/admin/publish-results" params={{ orgSlug: org.slug }}>
              Back to Publish Results
            </BackLink>
          ) : (
            <BackLink to="/review/$programId" params={{ programId }}>
              Back to Reviews
            </BackLink>
          )
        }
        eyebrow={org ? org.name : 'Publish Results'}
        title={programName ?? 'Loading…'}
      />
      <div className="mt-4">
        <DownloadButtons
          what="Published results"
          url={(format) => `/api/programs/${encodeURIComponent(programId)}/exports/results?format=${format}`}
          hint="What each applicant was sent."
        />
      </div>
      {queue.data?.stage && (
        <p className="mt-4 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-950">
          {stageQueueNote(queue.data.stage)}
        </p>
      )}

      {queue.isError ? (
        isForbidden(queue.error) ? null : (
          <ErrorState
            className="mt-6"
            message={
              queue.error instanceof ApiError && queue.error.status === 404
                ? 'Program not found.'
                : 'Failed to load the results queue'
            }
            onRetry={() => void queue.refetch()}
            retrying={queue.isFetching}
          />
        )
      ) : (
        <div className="mt-6 flex flex-col gap-6">
          <div className="grid gap-6 md:grid-cols-2">
            <aside aria-labelledby="send-heading">
              <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
                <h2 id="send-heading" className="text-lg font-semibold text-slate-900">
                  What to send
                </h2>
                <p className="mt-1 text-sm text-slate-600">Applicants see only what is ticked.</p>
                {visibility ? (
                  <div className="mt-4 space-y-3">
                    <Checkbox
                      label="Decision"
                      checked={visibility.decision}
                      onCheckedChange={(v) => setVisibility({ ...visibility, decision: v })}
                    />
                    <Checkbox
                      label="Score"
                      checked={visibility.score}
                      onCheckedChange={(v) => setVisibility({ ...visibility, score: v })}
                    />
                    <Checkbox
                      label="Reviewer comments"
                      checked={visibility.comments}
                      onCheckedChange={(v) => setVisibility({ ...visibility, comments: v })}
                    />
                    <Textarea
                      label="Custom message (optional)"
                      hint="Included with all results."
                      rows={4}
                      maxLength={5000}
                      value={visibility.customMessage ?? ''}
                      onChange={(e) => setVisibility({ ...visibility, customMessage: e.target.value })}
                    />
                  </div>
                ) : (
                  <p className="mt-4 text-sm text-slate-600">Loading…</p>
                )}
              </div>
            </aside>
            <section aria-labelledby="preview-heading" className="min-w-0">
              <div className="h-full rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-6">
                <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
                  Preview
                </h2>
                {previewRow ? (
                  <>
                    <p className="mt-1 text-sm text-slate-600">
                      What {previewRow.applicant_name || 'the applicant'} will see under My Submissions →
                      Results:
                    </p>
                    <div className="mt-4">
                      <ResultCard
                        result={{
                          publication_id: 'preview',
                          // A later stage's result is shown under the program applied to (stage 1).
                          ...(laterStage
                            ? {
                                program_name: laterStage.program_name,
                                stage: {
                                  name: previewRow.program_name,
                                  stage_number: laterStage.stage_number,
                                },
                              }
                            : { program_name: previewRow.program_name }),
                          published_at: new Date().toISOString(),
                          visibility: { ...sending, customMessage: sending.customMessage?.trim() || null },
                          payload: visiblePayload(sending, previewRow),
                        }}
                        headingLevel={3}
                      />
                    </div>
                  </>
                ) : (
                  <p className="mt-1 text-sm text-slate-600">
                    A preview appears once there is a finalized result.
                  </p>
                )}
              </div>
            </section>
          </div>
          <section aria-labelledby="queue-heading" className="min-w-0">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="queue-heading" className="text-lg font-semibold text-slate-900">
                Results Queue
              </h2>
              <Checkbox
                label="Only show not-yet-published"
                checked={onlyUnpublished}
                onCheckedChange={setOnlyUnpublished}
              />
            </div>

            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                onClick={() => setPending('all_finalized')}
                disabled={busy || unpublished.length === 0}
                loading={publish.isPending && publish.variables === 'all_finalized'}
              >
                <Send className="size-4" aria-hidden="true" />
                Publish all finalized results
              </Button>
              <Button
                variant="secondary"
                onClick={() => setPending('selected')}
                disabled={busy || empty || toPublish.length === 0}
                loading={publish.isPending && publish.variables === 'selected'}
              >
                Publish selected ({toPublish.length})
              </Button>
              {toUpdate.length > 0 && (
                <Button
                  variant="secondary"
                  onClick={() => setPending('update')}
                  disabled={busy}
                  loading={update.isPending}
                >
                  Update sent results ({toUpdate.length})
                </Button>
              )}
            </div>

            {notice && <NoticeLine notice={notice} className="mt-4" />}

            <div className="mt-4">
              {queue.isPending ? (
                <TableSkeleton />
              ) : empty ? (
                <EmptyState
                  icon={<Inbox />}
                  title={
                    queue.data.items.length === 0
                      ? 'No finalized results yet.'
                      : 'Every finalized result is published.'
                  }
                  description={
                    queue.data.items.length === 0
                      ? 'Results appear here once reviewers finalize their reviews.'
                      : 'Turn off ‘Only show not-yet-published’ to see them.'
                  }
                />
              ) : (
                <QueueTable
                  rows={rows}
                  selected={selected}
                  allSelected={allSelected}
                  onToggle={toggle}
                  onToggleAll={(on) =>
                    setSelected(on ? new Set(rows.map((r) => r.application_id)) : new Set())
                  }
                />
              )}
            </div>
          </section>
          <DeliveryStatus programId={programId} />
        </div>
      )}
      <ConfirmDialog
        open={pending === 'update'}
        onOpenChange={(open) => !open && setPending(null)}
        title={`Update ${toUpdate.length} sent ${toUpdate.length === 1 ? 'result' : 'results'}?`}
        description={`${toUpdate.length === 1 ? 'The applicant' : 'Each applicant'} will see ${sentFields(sending)} instead of what was sent before, gets a notification and a short email saying the result was updated.`}
        confirmLabel="Update"
        destructive={false}
        onConfirm={async () => {
          try {
            await update.mutateAsync();
          } catch {
            // The error is shown on the page (onError); the dialog closes either way.
          } finally {
            setPending(null);
          }
        }}
      />
      <PublishEmailDialog
        programId={programId}
        mode={pending === 'update' ? null : pending}
        applicationIds={toPublish.map((r) => r.application_id)}
        previewApplicationId={(toPublish[0] ?? unpublished[0])?.application_id}
        visibility={sending}
        fallbackCount={confirmCount}
        describe={(count) =>
          `${count === 1 ? 'The applicant' : 'Each applicant'} will see ${sentFields(sending)}, gets a notification and this email.`
        }
        onOpenChange={(open) => !open && setPending(null)}
        onConfirm={async () => {
          const mode = pending;
          try {
            if (mode && mode !== 'update') await publish.mutateAsync(mode);
          } catch {
            // The error is shown on the page (onError); the dialog closes either way.
          } finally {
            setPending(null);
            void queryClient.invalidateQueries({ queryKey: mailDeliveryQuery(programId).queryKey });
          }
        }}
      />
    </DashboardShell>
  );
}

function QueueTable({
  rows,
  selected,
  allSelected,
  onToggle,
  onToggleAll,
}: {
  rows: PublishQueueItem[];
  selected: Set<string>;
  allSelected: boolean;
  onToggle: (id: string, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
}) {
  return (
    <div>
      {/* On phones the header row is hidden: select all stays reachable here. */}
      <label className="mb-2 flex items-center gap-2 text-sm text-slate-800 sm:hidden">
        <input
          type="checkbox"
          className={boxClass}
          checked={allSelected}
          onChange={(e) => onToggleAll(e.target.checked)}
        />
        Select all
      </label>
      <ScrollTable
        label="Finalized results"
        head={
          <>
            <th scope="col" className={cn(th, 'w-10')}>
              <input
                type="checkbox"
                className={boxClass}
                aria-label="Select all"
                checked={allSelected}
                onChange={(e) => onToggleAll(e.target.checked)}
              />
            </th>
            <ColumnHeadings
              names={['Program', 'Applicant', 'Decision', 'Score', 'Comments', 'Finalized', 'Published']}
            />
          </>
        }
      >
        {rows.map((r) => {
          const name = r.applicant_name || 'Unknown applicant';
          return (
            <tr key={r.application_id} className={queueRow}>
              <td className="px-4 py-3 align-top max-sm:absolute max-sm:top-4 max-sm:right-4 max-sm:p-0">
                <input
                  type="checkbox"
                  className={boxClass}
                  aria-label={`Select ${name}`}
                  checked={selected.has(r.application_id)}
                  onChange={(e) => onToggle(r.application_id, e.target.checked)}
                />
              </td>
              <td className={td} data-label="Program">
                {r.program_name}
              </td>
              <th scope="row" className={applicantCell}>
                {name}
              </th>
              <td className={td} data-label="Decision">
                {r.decision ? (
                  <DecisionBadge decision={r.decision} />
                ) : (
                  <span className="text-slate-500">—</span>
                )}
              </td>
              <td className={td} data-label="Score">
                {r.score ?? <span className="text-slate-500">—</span>}
              </td>
              <td className={cn(td, 'sm:min-w-40')} data-label="Comments">
                {r.comments ? (
                  <span title={r.comments}>{commentPreview(r.comments)}</span>
                ) : (
                  <span className="text-slate-500">—</span>
                )}
              </td>
              <td className={cn(td, 'whitespace-nowrap')} data-label="Finalized">
                {r.review_finalized_at ? formatDate(r.review_finalized_at) : '—'}
              </td>
              <td className={td} data-label="Published">
                {r.already_published ? 'Yes' : 'No'}
              </td>
            </tr>
          );
        })}
      </ScrollTable>
    </div>
  );
}
