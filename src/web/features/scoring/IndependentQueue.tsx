import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ClipboardList, Shuffle } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import type { ReviewListRow, ReviewQueue } from '../../../shared/schemas/reviews';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/Tabs';
import {
  applicantDisplayName,
  Cell,
  OpenLink,
  reviewRowClass,
  ScrollTable,
  scoreNumber,
  titleCell,
} from '../reviews/parts';
import { AssignDialog, AutoAssignDialog } from './AssignDialogs';
import { nextToScoreQuery } from './api';
import { SheetStatusBadge } from './parts';
import { ReviewerProgress } from './ReviewerProgress';
import { ScoreTable, type Sort, sortRows } from './ScoreTable';

/** The queue of an independent-scoring program: the admins' scores table, or a reviewer's assignments. */
export function IndependentQueue({ queue, programId }: { queue: ReviewQueue; programId: string }) {
  return queue.can_admin ? (
    <AdminQueue queue={queue} programId={programId} />
  ) : (
    <MyQueue queue={queue} programId={programId} />
  );
}

function AdminQueue({ queue, programId }: { queue: ReviewQueue; programId: string }) {
  return (
    <Tabs defaultValue="applications">
      <TabsList aria-label="Scoring">
        <TabsTrigger value="applications">Applications</TabsTrigger>
        <TabsTrigger value="reviewers">Reviewer progress</TabsTrigger>
      </TabsList>
      <TabsContent value="applications">
        <ScoringWorkbench items={queue.items} programId={programId} />
      </TabsContent>
      <TabsContent value="reviewers">
        <ReviewerProgress program={queue.program} />
      </TabsContent>
    </Tabs>
  );
}

/**
 * The admins' view of an independent-scoring program's applications (the program queue and the
 * Applications Inbox filtered to the program): sortable aggregates, selection, bulk and automatic
 * assignment.
 */
export function ScoringWorkbench({
  items,
  programId,
  unread,
  column,
  selectionActions,
}: {
  items: ReviewListRow[];
  programId: string;
  /** Unread messages from applicants per application (the Applications Inbox passes them). */
  unread?: Map<string, number>;
  /** One more column (the inbox's Next stage, decision 066). */
  column?: { header: string; cell: (row: ReviewListRow) => ReactNode };
  /** More actions on the selected rows (the inbox's Invite), given the ids and a way to clear them. */
  selectionActions?: (ids: string[], clear: () => void) => ReactNode;
}) {
  const [sort, setSort] = useState<Sort>({ key: 'rank', dir: 'asc' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<'assign' | 'unassign' | 'auto' | null>(null);
  const rows = useMemo(() => sortRows(items, sort), [items, sort]);
  const chosen = items.filter((i) => selected.has(i.application_id)).map((i) => i.application_id);
  const unassigned = items.filter((i) => (i.scoring?.assigned ?? 0) === 0).length;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          {items.length} applications
          {unassigned > 0 && ` · ${unassigned} without a reviewer`}
        </p>
        <Button onClick={() => setDialog('auto')} disabled={items.length === 0}>
          <Shuffle className="size-4" aria-hidden="true" /> Auto-assign…
        </Button>
      </div>
      {selected.size > 0 && (
        <section
          aria-label="Selected applications"
          className="mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-blue-200 bg-blue-50 p-3"
        >
          <span className="text-sm font-medium text-blue-900">{chosen.length} selected</span>
          <Button size="sm" onClick={() => setDialog('assign')}>
            Assign reviewers…
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDialog('unassign')}>
            Unassign…
          </Button>
          {selectionActions?.(chosen, () => setSelected(new Set()))}
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </section>
      )}
      <div className="mt-3">
        {items.length === 0 ? (
          <EmptyState icon={<ClipboardList />} title="No submitted applications yet." />
        ) : (
          <ScoreTable
            rows={rows}
            sort={sort}
            onSort={setSort}
            selected={selected}
            onSelect={setSelected}
            unread={unread}
            column={column}
          />
        )}
      </div>
      <p className="mt-3 text-sm text-slate-600">
        Showing {items.length} applications. Scores are out of 100: each sheet's criteria weighted, then
        averaged over the submitted sheets.
      </p>
      <AssignDialog
        programId={programId}
        applicationIds={chosen}
        mode={dialog === 'unassign' ? 'unassign' : 'assign'}
        open={dialog === 'assign' || dialog === 'unassign'}
        onOpenChange={(open) => !open && setDialog(null)}
        onDone={() => setSelected(new Set())}
      />
      <AutoAssignDialog
        programId={programId}
        open={dialog === 'auto'}
        onOpenChange={(open) => !open && setDialog(null)}
      />
    </>
  );
}

/** A reviewer's assigned applications, "N to score", and Next (the least reviewed first). */
function MyQueue({ queue, programId }: { queue: ReviewQueue; programId: string }) {
  const navigate = useNavigate();
  const next = useQuery(nextToScoreQuery(programId));
  const left = queue.items.filter((i) => i.my_sheet && i.my_sheet.status !== 'submitted').length;
  const nextId = next.data?.application_id ?? null;

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-800" aria-live="polite">
          {queue.items.length === 0
            ? 'Nothing assigned to you yet.'
            : left === 0
              ? 'All scored'
              : `${left} to score`}
        </p>
        {nextId && (
          <Button
            onClick={() =>
              void navigate({ to: '/review/app/$applicationId', params: { applicationId: nextId } })
            }
          >
            Next
          </Button>
        )}
      </div>
      <div className="mt-3">
        {queue.items.length === 0 ? (
          <EmptyState
            icon={<ClipboardList />}
            title="No applications assigned to you yet."
            description="The program's admin assigns applications to reviewers; they appear here."
          />
        ) : (
          <ScrollTable
            label="Applications assigned to you"
            columns={['Applicant', 'Your sheet', 'Your total', 'Action']}
          >
            {queue.items.map((row) => {
              const name = applicantDisplayName(row);
              return (
                <tr key={row.application_id} className={reviewRowClass}>
                  <th scope="row" className={titleCell}>
                    {name}
                  </th>
                  <Cell label="Your sheet">
                    {row.my_sheet && <SheetStatusBadge status={row.my_sheet.status} />}
                  </Cell>
                  <Cell label="Your total" className="tabular-nums">
                    {scoreNumber(row.my_sheet?.status === 'submitted' ? row.my_sheet.total : null)}
                  </Cell>
                  <Cell label="Action">
                    <OpenLink row={row} label={`Open the application of ${name}`} />
                  </Cell>
                </tr>
              );
            })}
          </ScrollTable>
        )}
      </div>
    </>
  );
}
