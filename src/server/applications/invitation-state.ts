import { type SQL, sql } from 'drizzle-orm';
import { stageLineStatus } from '../../shared/domain/stages';
import type { InvitationState } from '../../shared/schemas/reviews';

/**
 * Programs in stages (decision 066): where an earlier stage's application stands with the next stage,
 * for the lists that show it (the Applications Inbox, its downloads). The applications area owns the
 * invitations; the reviews and exports areas read them through this join.
 */

/**
 * A lateral join (alias `inv`) giving the application `app` (an id expression) its invitation to a
 * later stage, the newest, as `inv_*` columns, or nulls: one index lookup per row
 * (stage_invitations_from_stage_key).
 */
export const invitationStateJoin = (app: SQL) => sql`left join lateral (
    select si.id as inv_id, si.stage_program_id as inv_stage_program_id, sp.name as inv_stage_name,
      sp.stage_number as inv_stage_number, si.withdrawn_at as inv_withdrawn_at, sa.status as inv_status
    from stage_invitations si
    join programs sp on sp.id = si.stage_program_id
    join applications sa on sa.id = si.application_id
    where si.from_application_id = ${app}
    order by si.invited_at desc, si.id
    limit 1
  ) inv on true`;

/** The columns of `invitationStateJoin`, for a select list. */
export const invitationStateColumns = sql`inv.inv_id, inv.inv_stage_program_id, inv.inv_stage_name,
  inv.inv_stage_number, inv.inv_withdrawn_at, inv.inv_status`;

/** A row's invitation state from the `inv_*` columns (null: not invited). */
export function toInvitationState(r: Record<string, unknown>): InvitationState | null {
  if (r.inv_id === null || r.inv_id === undefined) return null;
  return {
    id: String(r.inv_id),
    stage_program_id: String(r.inv_stage_program_id),
    stage_name: String(r.inv_stage_name),
    stage_number: Number(r.inv_stage_number),
    status: stageLineStatus(
      String(r.inv_status),
      r.inv_withdrawn_at !== null && r.inv_withdrawn_at !== undefined,
    ),
  };
}
