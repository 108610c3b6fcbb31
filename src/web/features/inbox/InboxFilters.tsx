import { useQuery } from '@tanstack/react-query';
import type { InboxStatus } from '../../../shared/schemas/reviews';
import { Button } from '../../components/ui/Button';
import { Select } from '../../components/ui/Field';
import { orgProgramsQuery } from '../programs-admin/api';
import { inboxViews } from './views';

/** The inbox's program and view filters; each view's button shows how many applications it holds. */
export function InboxFilters({
  orgSlug,
  status,
  programId,
  counts,
  onChange,
}: {
  orgSlug: string;
  status: InboxStatus;
  programId: string | undefined;
  counts: Record<InboxStatus, number> | undefined;
  onChange: (next: { status?: InboxStatus; programId?: string | undefined }) => void;
}) {
  const programs = useQuery(orgProgramsQuery(orgSlug));
  return (
    <div className="mt-6 flex flex-col gap-4">
      <Select
        label="Program"
        className="max-w-sm"
        value={programId ?? ''}
        onChange={(e) => onChange({ programId: e.target.value || undefined })}
        options={[
          { value: '', label: 'All programs' },
          ...(programs.data?.items ?? []).map((p) => ({ value: p.id, label: p.name })),
          // A program from a link that is not (yet) in the list still shows as chosen.
          ...(programId && programs.data && !programs.data.items.some((p) => p.id === programId)
            ? [{ value: programId, label: 'This program' }]
            : []),
        ]}
      />
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mr-2 text-sm font-medium text-slate-700 max-sm:mb-2 max-sm:w-full sm:float-left sm:py-1.5">
          Review status
        </legend>
        {inboxViews.map((v) => {
          const count = counts?.[v.value];
          return (
            <Button
              key={v.value}
              size="sm"
              variant={status === v.value ? 'primary' : 'secondary'}
              aria-pressed={status === v.value}
              onClick={() => onChange({ status: v.value })}
            >
              {v.label}
              {count !== undefined && <span className="tabular-nums"> ({count})</span>}
            </Button>
          );
        })}
      </fieldset>
    </div>
  );
}
