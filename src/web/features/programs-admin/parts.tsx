import { Copy, Pencil, Trash2 } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { reviewStatusLabel } from '../../../shared/domain/program-status';
import type { AdminProgram } from '../../../shared/schemas/programs';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { cn, focusRing } from '../../components/ui/cn';
import { DeletedList } from '../../components/ui/DeletedList';
import { LinkButton } from '../../components/ui/LinkButton';
import type { QueryLike } from '../../components/ui/QueryStates';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatDateTime } from '../../lib/format';
import { type CopyRequest, copyTitle } from './api';

export const programTypeOptions = [
  { value: 'audition', label: 'Audition' },
  { value: 'scholarship', label: 'Scholarship' },
  { value: 'application', label: 'Application' },
  { value: 'competition', label: 'Competition' },
] as const;

export const typeLabel = (type: string) => programTypeOptions.find((o) => o.value === type)?.label ?? type;

/** The review status badge, in plain words. */
export function ReviewStatusBadge({ status }: { status: string }) {
  return <Badge status={status}>{reviewStatusLabel(status)}</Badge>;
}

/** Published scope: Organization / Coalition, or 'Not published'. */
export function ScopeText({ program }: { program: AdminProgram }) {
  if (!program.published) return <span className="text-slate-500">Not published</span>;
  return <span>{program.published_scope === 'coalition' ? 'Coalition' : 'Organization'}</span>;
}

/** Opens and closes, in the viewer's time zone. */
export function WindowText({ program }: { program: AdminProgram }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs whitespace-nowrap">
      <dt className="text-slate-500">Opens</dt>
      <dd>{program.open_at ? formatDateTime(program.open_at) : '—'}</dd>
      <dt className="text-slate-500">Closes</dt>
      <dd>{program.close_at ? formatDateTime(program.close_at) : '—'}</dd>
    </dl>
  );
}

export const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
/**
 * A data cell. On phones the rows stack into cards: each cell shows its column name (data-label)
 * beside its value.
 */
export const td = cn(
  'px-4 py-3 align-top text-sm text-slate-800',
  'max-sm:flex max-sm:items-start max-sm:gap-3 max-sm:px-0 max-sm:py-1',
  'max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:pt-0.5 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]',
);
/** The row's name: the card title on phones, the sticky first column when the table scrolls. */
export const nameCell =
  'sticky left-0 z-[1] bg-white px-4 py-3 align-top text-left text-sm font-medium text-slate-900 max-sm:static max-sm:block max-sm:px-0 max-sm:pt-0 max-sm:pb-2 max-sm:text-base';
/** The actions cell: a row of buttons under the card on phones. */
export const actionsCell = 'px-4 py-3 align-top max-sm:block max-sm:px-0 max-sm:pt-3';

/**
 * A table: on phones its rows stack into cards; between phone and desktop widths it scrolls sideways
 * (first column sticky). The scroll area is focusable so keyboard users can scroll it too, and named
 * so it is announced when focused. A group, not a region: tables sit inside titled sections, and a
 * region named like its section is the same landmark twice (axe landmark-unique).
 *
 * The header is `columns` (their names; '' is an actions column, named for screen readers only), or
 * `head` where header cells hold more than a name (a select-all box, sort buttons).
 */
export function ScrollTable({
  label,
  columns,
  stickyFirst = false,
  head,
  children,
}: {
  label: string;
  columns?: string[];
  /** The first column stays in view when the table scrolls sideways (rows that start with nameCell). */
  stickyFirst?: boolean;
  head?: ReactNode;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a table's scroll area, not a fieldset of form controls.
    <div
      role="group"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable area must be reachable by keyboard.
      tabIndex={0}
      className={cn('overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm', focusRing)}
    >
      <table className="w-full border-collapse sm:min-w-[48rem] max-sm:block">
        <thead className="sticky top-0 bg-slate-50 max-sm:sr-only">
          <tr className="border-b border-slate-200">
            {head ?? <ColumnHeadings names={columns ?? []} stickyFirst={stickyFirst} />}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block">{children}</tbody>
      </table>
    </div>
  );
}

/** Header cells from column names ('' is an actions column, named for screen readers only). */
export function ColumnHeadings({ names, stickyFirst = false }: { names: string[]; stickyFirst?: boolean }) {
  return names.map((name, i) => (
    <th
      key={name || i}
      scope="col"
      className={i === 0 && stickyFirst ? cn(th, 'sticky left-0 z-[1] bg-slate-50') : th}
    >
      {name || <span className="sr-only">Actions</span>}
    </th>
  ));
}

/** A table row (a card on phones). */
export const rowClass = 'max-sm:block max-sm:px-4 max-sm:py-4';

/** Skeleton rows while a table loads. */
export function TableSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div role="status" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <span className="sr-only">Loading…</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows.
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** The collapsible 'Deleted Programs (n)' list with View and Restore. */
export function DeletedPrograms({
  query,
  restore,
  viewHref,
  copy,
  showOrganization = false,
}: {
  query: QueryLike<{ items: AdminProgram[] }>;
  restore: ComponentProps<typeof DeletedList>['restore'];
  viewHref: (p: AdminProgram) => string;
  /** Copy into a new draft (issue 29 item 5: a deleted program is copied like any other). */
  copy?: CopyAction;
  showOrganization?: boolean;
}) {
  return (
    <DeletedList
      title="Deleted Programs"
      query={query}
      error="Failed to load programs"
      emptyText="No deleted programs."
      detail={(p) => `${showOrganization ? `${p.organization_name} · ` : ''}${typeLabel(p.type)}`}
      actions={(p) => (
        <>
          <LinkButton to={viewHref(p) as never} variant="secondary" size="sm" aria-label={`View ${p.name}`}>
            View
          </LinkButton>
          {copy && <CopyProgramButton program={p} copy={copy} />}
        </>
      )}
      restore={restore}
    />
  );
}

/** The copy mutation of `useProgramMutations`, as the Copy buttons use it. */
type CopyAction = { mutate: (request: CopyRequest) => void; isPending: boolean; variables?: CopyRequest };

/** A deleted program's Copy button: a new draft "… (copy)" with the same form and settings. */
function CopyProgramButton({ program, copy }: { program: AdminProgram; copy: CopyAction }) {
  const laterStage = !!program.parent_program_id;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`Copy ${program.name}`}
      title={copyTitle({ laterStage })}
      loading={copy.isPending && copy.variables?.id === program.id}
      disabled={copy.isPending}
      onClick={() => copy.mutate({ id: program.id, laterStage })}
    >
      <Copy className="size-4" aria-hidden="true" />
      Copy
    </Button>
  );
}

/** The row's Edit link to the program's builder. */
export function EditProgramLink({ program, href }: { program: AdminProgram; href: string }) {
  return (
    <LinkButton to={href as never} variant="secondary" size="sm" aria-label={`Edit ${program.name}`}>
      <Pencil className="size-4" aria-hidden="true" />
      Edit
    </LinkButton>
  );
}

/** The row's Delete button (it opens the confirmation; it deletes nothing itself). */
export function DeleteProgramButton({ program, onClick }: { program: AdminProgram; onClick: () => void }) {
  return (
    <Button variant="danger-ghost" size="sm" onClick={onClick} aria-label={`Delete ${program.name}`}>
      <Trash2 className="size-4" aria-hidden="true" />
      Delete
    </Button>
  );
}
