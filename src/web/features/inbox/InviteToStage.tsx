import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  inviteResultText,
  MAX_INVITATION_MESSAGE,
  stageMessages,
  stageTabLabel,
} from '../../../shared/domain/stages';
import type { InboxStatus } from '../../../shared/schemas/reviews';
import type { InviteInput, Stage } from '../../../shared/schemas/stages';
import { Button } from '../../components/ui/Button';
import { cn, focusRing } from '../../components/ui/cn';
import { Dialog } from '../../components/ui/Dialog';
import { Textarea } from '../../components/ui/Field';
import { inviteToNextStage } from './stages';

/**
 * Invite to the next stage from the Applications Inbox (issue 32, decision 066): one row, the rows
 * selected, or every application matching the inbox's filter. The dialog names the stage and how
 * many, takes a message and says what happens; the server decides who is invited (submitted ones,
 * once) and the result line says how many were invited and skipped.
 */

/** Who an invitation is for: named applications, or the inbox's filter (with how many it shows). */
export type InviteTarget =
  | { kind: 'named'; ids: string[]; who: string }
  | {
      kind: 'filter';
      count: number;
      /** The filter in words ("Score ≥ 80 · Decision: shortlist"), or '' for the whole view. */
      words: string;
      filter: { view: InboxStatus; min_score?: number; decision?: string; submitted_since?: string };
    };

/** The inbox's filter in words, as the dialog and the "all matching" button say it. */
export function filterWords(f: { viewLabel: string; min_score?: number; decision?: string; since?: string }) {
  return [
    f.viewLabel === 'All' ? '' : f.viewLabel,
    f.min_score !== undefined ? `Score ≥ ${f.min_score}` : '',
    f.decision ? `Decision: ${f.decision}` : '',
    f.since ? 'Submitted since your last visit' : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The toolbar of a stage's inbox: invite the selected rows or all matching the filter; or, when the
 * next stage is not published, why not (and where to publish it). The last result stays in view.
 */
export function InviteBar({
  orgSlug,
  next,
  selected,
  selectable,
  matching,
  result,
  onInvite,
}: {
  orgSlug: string;
  next: Stage;
  /** Selected rows that can be invited (submitted, not invited yet). */
  selected: string[];
  /** The table has row checkboxes (not in independent scoring's table). */
  selectable: boolean;
  /** The filter's target (its count: submitted applications on screen). */
  matching: Extract<InviteTarget, { kind: 'filter' }>;
  result: string | null;
  onInvite: (target: InviteTarget) => void;
}) {
  if (!next.published)
    return (
      <div className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <p>
          <strong>{stageTabLabel(next.stage_number, next.name)}</strong> is not published yet.{' '}
          {stageMessages.nextStageNotLive}
        </p>
        <Link
          to="/org/$orgSlug/admin/programs/$programId/builder"
          params={{ orgSlug, programId: next.id }}
          className={cn('mt-1 inline-block font-medium text-blue-700 underline', focusRing)}
        >
          Open {next.name} in the builder
        </Link>
      </div>
    );
  const count = matching.count;
  return (
    <section
      aria-label={`Invite to ${next.name}`}
      className="space-y-2 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-slate-800">
          Next stage: {stageTabLabel(next.stage_number, next.name)}
        </span>
        {selectable && (
          <Button
            size="sm"
            onClick={() => onInvite({ kind: 'named', ids: selected, who: `${selected.length} selected` })}
            disabled={selected.length === 0}
          >
            Invite selected ({selected.length})
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => onInvite(matching)} disabled={count === 0}>
          {matching.words ? `Invite all ${count} matching this filter` : `Invite all ${count} submitted`}
        </Button>
      </div>
      {matching.words && <p className="text-xs text-slate-600">Filter: {matching.words}</p>}
      <p role="status" className="text-sm text-slate-800">
        {result}
      </p>
    </section>
  );
}

/** The invitation dialog: the stage, how many, a message, what happens; the server's words on refusal. */
export function InviteDialog({
  programId,
  programName,
  next,
  target,
  onClose,
  onDone,
}: {
  programId: string;
  programName: string;
  next: Stage;
  target: InviteTarget | null;
  onClose: () => void;
  onDone: (resultText: string) => void;
}) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = target !== null;
  const count = target ? (target.kind === 'named' ? target.ids.length : target.count) : 0;
  const plural = count === 1 ? 'application' : 'applications';
  const whom =
    target?.kind === 'named'
      ? count === 1
        ? target.who
        : `${count} selected ${plural}`
      : target?.words
        ? `All ${count} ${plural} matching this filter (${target.words})`
        : `All ${count} submitted ${plural}`;

  function close() {
    if (busy) return;
    setError(null);
    onClose();
  }

  async function send() {
    if (!target) return;
    setBusy(true);
    setError(null);
    const body: InviteInput =
      target.kind === 'named'
        ? { application_ids: target.ids, message: message.trim() }
        : { filter: target.filter, message: message.trim() };
    try {
      const result = await inviteToNextStage(queryClient, programId, body);
      // The result line above the table says it (a status region, announced): no toast as well.
      setMessage('');
      onDone(inviteResultText(result));
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={`Invite to ${next.name}`}
      description={`${whom} of ${programName}.`}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void send()} loading={busy}>
            Send invitations
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {error && (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {error}
          </p>
        )}
        <div>
          <h3 className="text-sm font-medium text-slate-800">What happens</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>Each applicant is emailed your message with a link to {next.name}.</li>
            <li>Each gets a draft of {next.name}, prefilled where a question is the same.</li>
            <li>Their answers to {programName} become read-only.</li>
            <li>Applications already invited, and those not submitted, are skipped.</li>
          </ul>
        </div>
        <Textarea
          label="Message to the applicants"
          hint="Optional. It is included in the email."
          value={message}
          rows={4}
          maxLength={MAX_INVITATION_MESSAGE}
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>
    </Dialog>
  );
}
