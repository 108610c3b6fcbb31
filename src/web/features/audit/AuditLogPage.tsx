import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  auditActionKeys,
  auditActionLabel,
  auditFamilies,
  auditFamily,
  auditTargetTypeKeys,
  auditTargetTypes,
} from '../../../shared/domain/audit';
import type { AuditPage } from '../../../shared/schemas/audit';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { Input, Select } from '../../components/ui/Field';
import { PageHeader } from '../../components/ui/PageHeader';
import { ApiError, api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/title';
import { DashboardShell } from '../dashboard/DashboardShell';
import { DownloadButtons } from '../exports/DownloadButtons';
import { useForbiddenRedirect } from '../programs-admin/api';
import { Cell, LoadingText, reviewRowClass, ScrollTable, titleCell } from '../reviews/parts';

// The page's queries live with it (one chunk fewer in the map every page loads).
/** The filters of the log page (empty strings: not filtered). */
export interface AuditFilterState {
  actor: string;
  action: string;
  target_type: string;
  target: string;
  from: string;
  to: string;
}

export const emptyAuditFilter: AuditFilterState = {
  actor: '',
  action: '',
  target_type: '',
  target: '',
  from: '',
  to: '',
};

/** Where the log lives: an organization's, or the whole platform's (super admins). */
export type AuditWhere = { org: string } | { platform: true };

export const auditBase = (where: AuditWhere) =>
  'org' in where ? `/orgs/${encodeURIComponent(where.org)}/audit` : '/super/audit';

export function auditParams(f: AuditFilterState): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v.trim()) params.set(k, v.trim());
  return params;
}

export const auditQuery = (where: AuditWhere, f: AuditFilterState) =>
  infiniteQueryOptions({
    queryKey: ['audit', where, f],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = auditParams(f);
      if (pageParam) params.set('cursor', pageParam);
      return api<AuditPage>('GET', `${auditBase(where)}?${params}`);
    },
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });

const familyLabels: Record<string, string> = {
  program: 'Programs',
  assignment: 'Assignments',
  user: 'Users',
  organization: 'Organizations',
  coalition: 'Coalitions',
  featured: 'Featured',
  review: 'Reviews',
  results: 'Results',
  export: 'Exports',
  session: 'Sign-ins',
  webhook: 'Webhooks',
  letter: 'Reference letters',
};

/** The audit log: an organization's (org admins) or the whole platform's (super admins). */
export function AuditLogPage({
  where,
  title,
  eyebrow,
  back,
}: {
  where: AuditWhere;
  title: string;
  eyebrow: string;
  back: ReactNode;
}) {
  usePageTitle(title);
  const [draft, setDraft] = useState<AuditFilterState>(emptyAuditFilter);
  const [applied, setApplied] = useState<AuditFilterState>(emptyAuditFilter);
  const list = useInfiniteQuery(auditQuery(where, applied));
  useForbiddenRedirect(list.error);
  const entries = list.data?.pages.flatMap((p) => p.items) ?? [];
  const first = list.data?.pages[0];
  const fieldErrors =
    list.error instanceof ApiError && list.error.status === 400 ? (list.error.fields ?? {}) : {};
  const filtering = Object.values(applied).some((v) => v.trim());
  const set = (key: keyof AuditFilterState) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    setApplied(draft);
  }

  return (
    <DashboardShell showReviews={'org' in where}>
      <PageHeader
        back={back}
        eyebrow={eyebrow}
        title="Audit log"
        description="Every change of consequence, newest first. Entries are never changed or removed."
      />

      <form
        onSubmit={submit}
        aria-label="Filter the audit log"
        className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
      >
        <Input
          label="Actor"
          hint="An email, its beginning, or a user id"
          value={draft.actor}
          onChange={(e) => set('actor')(e.target.value)}
          error={fieldErrors.actor}
          autoComplete="off"
        />
        <Select
          label="Action"
          value={draft.action}
          onChange={(e) => set('action')(e.target.value)}
          error={fieldErrors.action}
        >
          <option value="">All actions</option>
          {auditFamilies.map((family) => (
            <optgroup key={family} label={familyLabels[family] ?? family}>
              <option value={family}>All {(familyLabels[family] ?? family).toLowerCase()}</option>
              {auditActionKeys
                .filter((a) => auditFamily(a) === family)
                .map((a) => (
                  <option key={a} value={a}>
                    {auditActionLabel(a)}
                  </option>
                ))}
            </optgroup>
          ))}
        </Select>
        <Select
          label="Target type"
          value={draft.target_type}
          onChange={(e) => set('target_type')(e.target.value)}
          options={[
            { value: '', label: 'Any' },
            ...auditTargetTypeKeys.map((k) => ({ value: k, label: auditTargetTypes[k] })),
          ]}
        />
        <Input
          label="Target"
          hint="Its id, or the beginning of its name"
          value={draft.target}
          onChange={(e) => set('target')(e.target.value)}
          autoComplete="off"
        />
        <Input
          label="From"
          type="date"
          value={draft.from}
          onChange={(e) => set('from')(e.target.value)}
          error={fieldErrors.from}
        />
        <Input
          label="To"
          type="date"
          value={draft.to}
          onChange={(e) => set('to')(e.target.value)}
          error={fieldErrors.to}
        />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
          <Button type="submit" loading={list.isFetching && !list.isFetchingNextPage}>
            Apply filters
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setDraft(emptyAuditFilter);
              setApplied(emptyAuditFilter);
            }}
            disabled={!filtering && !Object.values(draft).some((v) => v)}
          >
            Clear
          </Button>
        </div>
      </form>

      <div className="mt-4">
        <DownloadButtons
          what="Audit log"
          url={(format) => {
            const params = auditParams(applied);
            params.set('format', format);
            return `/api${auditBase(where)}/export?${params}`;
          }}
          hint="The entries matching these filters, oldest first."
        />
      </div>

      <div className="mt-4">
        {list.isPending ? (
          <LoadingText />
        ) : list.isError && entries.length === 0 ? (
          <ErrorState
            message={list.error instanceof Error ? list.error.message : 'Failed to load the audit log.'}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : entries.length === 0 ? (
          <EmptyState
            icon={<ScrollText />}
            title={filtering ? 'No entries match your filters.' : 'Nothing has been recorded yet.'}
          />
        ) : (
          <ScrollTable label="Audit log" columns={['Time', 'Action', 'Actor', 'Target', 'Summary']}>
            {entries.map((e) => (
              <tr key={e.id} className={reviewRowClass}>
                <Cell label="Time" className="whitespace-nowrap">
                  {formatDateTime(e.at)}
                </Cell>
                <th scope="row" className={titleCell}>
                  {auditActionLabel(e.action)}
                </th>
                <Cell label="Actor" className="break-all">
                  <span className="block">
                    {e.actor_email ?? (e.actor_id ? '—' : 'System')}
                    {e.via && <span className="block text-xs text-slate-600">via {e.via}</span>}
                  </span>
                </Cell>
                <Cell label="Target">
                  <span className="block min-w-0 break-words">
                    {e.target_label ?? e.target_id ?? '—'}
                    <span className="block text-xs text-slate-600">
                      {auditTargetTypes[e.target_type as keyof typeof auditTargetTypes] ?? e.target_type}
                    </span>
                  </span>
                </Cell>
                <Cell label="Summary" className="max-w-md break-words">
                  {e.summary}
                </Cell>
              </tr>
            ))}
          </ScrollTable>
        )}
        {first && entries.length > 0 && (
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
            <p role="status">
              Showing {entries.length.toLocaleString('en-US')} of {first.total.toLocaleString('en-US')}
              {first.total_capped ? '+' : ''} entries
            </p>
            {list.hasNextPage && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void list.fetchNextPage()}
                loading={list.isFetchingNextPage}
              >
                Show more
              </Button>
            )}
          </div>
        )}
      </div>
    </DashboardShell>
  );
}
