import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Stage } from '../../../shared/schemas/stages';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { cn, focusRing } from '../../components/ui/cn';
import { ApiError } from '../../lib/api';
import { saveStageSettings, stagesKey } from './api';

/** Where an org admin invites the previous stage's applicants: its Applications Inbox. */
export const inboxHref = (orgSlug: string, programId: string) =>
  `/org/${encodeURIComponent(orgSlug)}/admin/reviews?program=${encodeURIComponent(programId)}`;

/**
 * How applicants reach a later stage (decision 066), said on its builder: by invitation from the
 * previous stage's Applications Inbox, with the form prefilled where a question has the same key.
 */
export function StageExplanation({ previous, orgSlug }: { previous: Stage; orgSlug: string | null }) {
  const inbox = orgSlug ? (
    <Link
      to={inboxHref(orgSlug, previous.id) as never}
      className={cn('font-medium text-blue-800 underline hover:text-blue-900', focusRing)}
    >
      Applications Inbox
    </Link>
  ) : (
    'Applications Inbox'
  );
  return (
    <>
      By invitation only: applicants of {previous.name} you invite from the {inbox} get this form, prefilled
      where a question has the same key.
    </>
  );
}

/**
 * A later stage's own setting (PUT /programs/{id}/stage-settings): whether its reviewers see the
 * previous stage's aggregate score and decision. Saved on change, with its saved state said.
 */
export function StageSettingsCard({
  stage,
  previous,
  canEdit,
}: {
  stage: Stage;
  previous: Stage | undefined;
  canEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(stage.show_previous_scores);
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function change(next: boolean) {
    setValue(next);
    setState('saving');
    setError(null);
    try {
      const saved = await saveStageSettings(stage.id, { show_previous_scores: next });
      setValue(saved.show_previous_scores);
      setState('saved');
      void queryClient.invalidateQueries({ queryKey: stagesKey });
    } catch (err) {
      setValue(!next);
      setState('idle');
      setError(
        err instanceof ApiError && err.message && err.message !== 'An error occurred.'
          ? err.message
          : 'Failed to save the stage setting.',
      );
    }
  }

  return (
    <Card
      title="Stage settings"
      description={`Stage ${stage.stage_number}${previous ? `, after ${previous.name}` : ''}. Its reviewers always read the previous stage's answers.`}
    >
      <Checkbox
        label="Show reviewers of this stage the previous stage's score and decision"
        hint={
          canEdit
            ? "Its aggregate score and decision; never its reviewers' comments or private notes."
            : "Only the organization's admins change this setting."
        }
        checked={value}
        // Not disabled while saving: a disabled control would drop the keyboard focus.
        onCheckedChange={(next) => {
          if (state !== 'saving') void change(next);
        }}
        disabled={!canEdit}
      />
      <p role="status" className="mt-2 min-h-5 pl-8 text-sm text-slate-600">
        {state === 'saving' ? 'Saving…' : state === 'saved' ? 'Saved.' : ''}
      </p>
      {error && (
        <p
          role="alert"
          className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {error}
        </p>
      )}
    </Card>
  );
}
