import { type SQL, sql } from 'drizzle-orm';
import { disagrees, round } from '../../shared/domain/scoring';
import type { AggregateRow } from '../../shared/schemas/scoring';
import type { Raw } from './queries';

/**
 * The one query helper for application aggregates (issue 20 item 3): per application of the sheets
 * matching `where` (alias s), the submitted sheets, assigned sheets and the totals' mean, median and
 * spread, and the rank by mean within the program. It computes in SQL what `aggregateOf` computes in
 * shared/domain/scoring.ts (tests compare the two); join it `on ag.application_id = a.id`.
 */
export function aggregatesSql(where: SQL): SQL {
  return sql`select g.*, case when g.ag_mean is null then null
      else rank() over (partition by g.ag_program_id order by round(g.ag_mean::numeric, 2) desc nulls last) end as ag_rank
    from (
      select s.application_id, s.program_id as ag_program_id,
        (count(*) filter (where s.status = 'submitted'))::int as ag_sheets,
        count(*)::int as ag_assigned,
        (count(s.total) filter (where s.status = 'submitted'))::int as ag_scored,
        avg(s.total) filter (where s.status = 'submitted') as ag_mean,
        percentile_cont(0.5) within group (order by s.total) filter (where s.status = 'submitted') as ag_median,
        stddev_samp(s.total) filter (where s.status = 'submitted') as ag_spread
      from score_sheets s
      where ${where}
      group by s.application_id, s.program_id
    ) g`;
}

/** The aggregate of a row joined with `aggregatesSql` (as `ag`), or null when it has no sheets. */
export function toAggregate(r: Raw): AggregateRow | null {
  if (r.ag_assigned === null || r.ag_assigned === undefined) return null;
  // The numbers come from SQL; rounding and the disagreement flag from the shared rule.
  const rounded = (v: unknown) => (v === null || v === undefined ? null : round(Number(v)));
  const spread = rounded(r.ag_spread);
  return {
    sheets: Number(r.ag_sheets),
    assigned: Number(r.ag_assigned),
    scored: Number(r.ag_scored),
    mean: rounded(r.ag_mean),
    median: rounded(r.ag_median),
    spread,
    disagreement: disagrees(spread),
    rank: r.ag_rank === null || r.ag_rank === undefined ? null : Number(r.ag_rank),
  };
}

/** The aggregate columns to select from the joined `ag`. */
export const aggregateColumns = sql`ag.ag_sheets, ag.ag_assigned, ag.ag_scored, ag.ag_mean, ag.ag_median,
  ag.ag_spread, ag.ag_rank`;
