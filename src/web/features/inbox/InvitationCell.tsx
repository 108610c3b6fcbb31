import { useQueryClient } from '@tanstack/react-query';
import { invitationStateText } from '../../../shared/domain/stages';
import type { InvitationState } from '../../../shared/schemas/reviews';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { LazyConfirmDialog } from '../../components/ui/LazyConfirmDialog';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { withdrawInvitation } from './stages';

/**
 * A row's next stage in the Applications Inbox (issue 32, decision 066): where its invitation stands
 * ("Invited to Full proposal", "Submitted Full proposal", "Invitation withdrawn") with Withdraw while
 * the applicant has not submitted; or Invite, when the row can be invited.
 */

const tones: Record<InvitationState['status'], BadgeTone> = {
  invited: 'info',
  submitted: 'success',
  withdrawn: 'neutral',
};

export function InvitationCell({
  invitation,
  who,
  onInvite,
  onWithdraw,
}: {
  invitation: InvitationState | null | undefined;
  /** The applicant as the row names them (for the buttons' names). */
  who: string;
  /** Present when this row can be invited now. */
  onInvite?: () => void;
  onWithdraw?: (invitation: InvitationState) => void;
}) {
  if (invitation)
    return (
      <span className="flex flex-wrap items-center gap-2">
        <Badge tone={tones[invitation.status]}>
          {invitationStateText(invitation.status, invitation.stage_name)}
        </Badge>
        {invitation.status === 'invited' && onWithdraw && (
          <Button
            size="sm"
            variant="danger-ghost"
            onClick={() => onWithdraw(invitation)}
            aria-label={`Withdraw the invitation of ${who}`}
          >
            Withdraw
          </Button>
        )}
      </span>
    );
  if (onInvite)
    return (
      <Button size="sm" variant="secondary" onClick={onInvite} aria-label={`Invite ${who} to the next stage`}>
        Invite
      </Button>
    );
  return <span className="text-slate-500">—</span>;
}

/** Confirms withdrawing an invitation; the server refuses once the stage is submitted (its words shown). */
export function WithdrawInvitationDialog({
  target,
  onClose,
}: {
  target: { invitation: InvitationState; who: string; programName: string } | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <LazyConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Withdraw the invitation?"
      description={
        target
          ? `${target.who}'s draft of ${target.invitation.stage_name} is withdrawn: kept, but they can no longer change or submit it. They are emailed, and their answers to ${target.programName} can be changed again while it is open.`
          : ''
      }
      confirmLabel="Withdraw invitation"
      onConfirm={async () => {
        if (!target) return;
        try {
          await withdrawInvitation(queryClient, target.invitation.id);
          toast.success(`Invitation to ${target.invitation.stage_name} withdrawn.`);
        } catch (err) {
          toast.error(err instanceof ApiError || err instanceof Error ? err.message : 'Something went wrong');
          throw err;
        }
      }}
    />
  );
}
