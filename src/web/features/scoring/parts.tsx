import { AlertTriangle } from 'lucide-react';
import { scoreNumber } from '../../../shared/domain/scoring';
import type { AggregateRow, SheetStatus } from '../../../shared/schemas/scoring';
import { Badge, sheetStatusTone } from '../../components/ui/Badge';

export const sheetStatusLabels: Record<SheetStatus, string> = {
  assigned: 'To score',
  draft: 'In progress',
  submitted: 'Submitted',
};

export function SheetStatusBadge({ status }: { status: SheetStatus }) {
  return <Badge tone={sheetStatusTone[status] ?? 'neutral'}>{sheetStatusLabels[status]}</Badge>;
}

/** "High disagreement": the spread of the totals is at or above the threshold. */
export function DisagreementFlag() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-300">
      <AlertTriangle className="size-3.5" aria-hidden="true" />
      High disagreement
    </span>
  );
}

/** "2 / 3": submitted sheets of assigned. */
export const sheetsText = (a: AggregateRow | null | undefined) =>
  a ? `${a.sheets} / ${a.assigned}` : '0 / 0';

/** The aggregate as a short list (the detail page and phones). */
export function AggregateSummary({ aggregate }: { aggregate: AggregateRow | null }) {
  if (!aggregate) return <p className="text-sm text-slate-600">No score sheets yet.</p>;
  const items: [string, string][] = [
    ['Sheets', sheetsText(aggregate)],
    ['Weighted mean', scoreNumber(aggregate.mean)],
    ['Median', scoreNumber(aggregate.median)],
    ['Spread', scoreNumber(aggregate.spread)],
    ['Rank', aggregate.rank ? `#${aggregate.rank}` : '\u2014'],
  ];
  return (
    <div>
      <dl className="grid grid-cols-3 gap-x-4 gap-y-3">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600">
        Scores out of 100. {aggregate.scored < aggregate.sheets && 'Abstentions are left out. '}
        {aggregate.disagreement && <DisagreementFlag />}
      </p>
    </div>
  );
}
