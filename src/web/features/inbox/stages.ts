import type { QueryClient } from '@tanstack/react-query';
import type { Invitation, InviteInput, InviteResult, Stage } from '../../../shared/schemas/stages';
import { api } from '../../lib/api';
import { stagesKey, stagesQuery } from '../builder/api';
import { reviewListsKey } from '../reviews/queue-query';

/**
 * Programs in stages in the Applications Inbox (issue 32, decision 066): a program's chain of
 * stages, inviting applications to the next stage and withdrawing an invitation.
 */

const enc = encodeURIComponent;

/** The chain of stages (the builder's query: one cache for both screens). */
export const programStagesQuery = stagesQuery;

/** The stage `programId` is, and the one after it (null when it is the last). */
export function stageAndNext(chain: Stage[] | undefined, programId: string | undefined) {
  const current = chain?.find((s) => s.id === programId) ?? null;
  const next = current
    ? (chain?.find((s) => s.stage_number === current.stage_number + 1 && !s.deleted_at) ?? null)
    : null;
  return { current, next };
}

/** After an invitation changes: the inbox's rows, the chain's counts and the dashboards. */
async function refresh(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewListsKey }),
    queryClient.invalidateQueries({ queryKey: stagesKey }),
    queryClient.invalidateQueries({ queryKey: ['program-dashboard'] }),
  ]);
}

/** POST /programs/{id}/invitations: the previous stage's applications, named or by the inbox's filter. */
export async function inviteToNextStage(queryClient: QueryClient, programId: string, body: InviteInput) {
  const result = await api<InviteResult>('POST', `/programs/${enc(programId)}/invitations`, body);
  await refresh(queryClient);
  return result;
}

/** DELETE /invitations/{id}: before the applicant submits the stage (the server refuses after). */
export async function withdrawInvitation(queryClient: QueryClient, invitationId: string) {
  try {
    return await api<Invitation>('DELETE', `/invitations/${enc(invitationId)}`);
  } finally {
    // Refused (submitted meanwhile) or not: the row shows where the invitation stands now.
    await refresh(queryClient);
  }
}
