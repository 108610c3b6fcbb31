import { stageLineLabels } from '../../../shared/domain/stages';
import type { StageLine } from '../../../shared/schemas/stages';
import { LinkButton } from '../../components/ui/LinkButton';
import { formatDateTime } from '../../lib/format';

/**
 * The later stages of a program on its My Submissions card (issue 32, decision 066): one line per
 * stage the applicant was invited to ("Full proposal — Invited, due …") with a way into it.
 */
export function StageLines({ programName, stages }: { programName: string; stages: StageLine[] }) {
  if (stages.length === 0) return null;
  return (
    <ul
      aria-label={`Later stages of ${programName}`}
      className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3"
    >
      {stages.map((s) => {
        const action = s.status === 'invited' ? 'Continue' : s.status === 'submitted' ? 'View' : null;
        return (
          <li key={s.application_id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="text-slate-700">
              <span className="font-medium text-slate-900">{s.name}</span> — {stageLineLabels[s.status]}
              {s.status === 'invited' && s.due ? `, due ${formatDateTime(s.due)}` : ''}
            </span>
            {action && (
              <LinkButton
                to="/applications/$appId"
                params={{ appId: s.application_id }}
                variant={s.status === 'invited' ? 'primary' : 'ghost'}
                size="sm"
                aria-label={`${action}: ${s.name}`}
              >
                {action}
              </LinkButton>
            )}
          </li>
        );
      })}
    </ul>
  );
}
