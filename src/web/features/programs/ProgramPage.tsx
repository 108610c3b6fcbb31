import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { deadlineMessages } from '../../../shared/domain/deadlines';
import { windowState } from '../../../shared/domain/programs';
import type { PublicProgramDetail } from '../../../shared/schemas/public';
import { BackLink } from '../../components/ui/BackLink';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { cn, focusRing } from '../../components/ui/cn';
import { LinkButton } from '../../components/ui/LinkButton';
import { formatDate, formatDateTime } from '../../lib/format';
import { meQuery } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import { myDraftsQuery } from '../applications/api';
import { useLoginDialog } from '../auth/login-dialog-context';
import { ProgramChip } from './ProgramChip';

const questionTypeLabel: Record<string, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  date: 'Date',
  select: 'Multiple choice',
  checkbox: 'Checkbox',
  file: 'File upload',
};

/** Public program page: what the program is, its window, and what the application asks. */
export function ProgramPage({ program }: { program: PublicProgramDetail }) {
  usePageTitle(program.name);
  const me = useQuery(meQuery);
  const state = windowState(program.open_at, program.close_at, new Date());
  // After the close, a signed-in applicant whose own deadline runs later (a personal deadline, a
  // late-submission link: shared/domain/deadlines) still continues their draft (decision 058).
  const drafts = useQuery({ ...myDraftsQuery, enabled: state === 'closed' && !!me.data });
  const mine = drafts.data?.items.find((d) => d.program_id === program.id);
  const ownClose = mine?.close_at && new Date(mine.close_at).getTime() > Date.now() ? mine.close_at : null;
  const blocked = state !== 'open' && !ownClose;
  const { form } = program;
  const { openLogin } = useLoginDialog();
  // Straight to the editable application (started or fetched); visitors sign in first, then land there.
  const startPath = `/programs/${program.id}/start`;

  return (
    <main id="main" className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <BackLink to={me.data ? '/dashboard' : '/'}>Back</BackLink>
      <div
        data-window={state}
        className={cn(
          'mt-4 rounded-xl border p-6 shadow-sm',
          // Dimmed by its surface, never by opacity: every text keeps its 4.5:1 contrast.
          blocked ? 'border-dashed border-slate-300 bg-slate-50' : 'border-slate-200 bg-white',
        )}
      >
        <p className="text-sm text-slate-500">
          <Link
            to="/org/$orgSlug"
            params={{ orgSlug: program.organization_slug }}
            className={cn('hover:underline', focusRing)}
          >
            {program.organization_name}
          </Link>
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900">{program.name}</h1>
          <ProgramChip program={program} />
        </div>
        <p className="mt-2 text-sm font-medium uppercase tracking-wide text-blue-700">{program.type}</p>

        <section className="mt-6" aria-labelledby="about">
          <h2 id="about" className="text-lg font-semibold">
            About
          </h2>
          <p className="mt-2 whitespace-pre-line text-slate-700">
            {program.description || 'A great program on our platform.'}
          </p>
        </section>

        <section className="mt-6" aria-labelledby="status">
          <h2 id="status" className="text-lg font-semibold">
            Status
          </h2>
          <dl className="mt-2 grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500">Published</dt>
              <dd>
                {program.published ? 'Yes' : 'No'}
                {program.published &&
                  program.published_scope === 'coalition' &&
                  ', shared with the coalition'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Published at</dt>
              <dd>{program.published_at ? formatDateTime(program.published_at) : '—'}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Opens</dt>
              <dd>{program.open_at ? formatDateTime(program.open_at) : 'Application is open'}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Closes</dt>
              <dd>{program.close_at ? formatDateTime(program.close_at) : 'No deadline set'}</dd>
            </div>
            {ownClose && (
              <div>
                <dt className="text-slate-500">{deadlineMessages.personal}</dt>
                <dd className="font-medium text-slate-900">{formatDateTime(ownClose)}</dd>
              </div>
            )}
          </dl>
        </section>

        <div className="mt-8">
          {state === 'not_open' ? (
            <p className="inline-flex items-center gap-2 font-semibold text-amber-700">
              Coming Soon
              {program.open_at && <span className="font-normal">— opens {formatDate(program.open_at)}</span>}
            </p>
          ) : state === 'closed' && !ownClose ? (
            <p className="font-semibold text-red-700">Closed</p>
          ) : me.data ? (
            <LinkButton to="/programs/$id/start" params={{ id: program.id }} size="lg">
              Start / Continue Application
            </LinkButton>
          ) : (
            <Button size="lg" onClick={() => openLogin(startPath)}>
              Start / Continue Application
            </Button>
          )}
        </div>
      </div>

      <Card title="Application Details" className="mt-6">
        <div className="flex flex-wrap gap-2">
          {form.common.applyhub && <Badge tone="info">ApplyHub Common App</Badge>}
          {form.common.coalition && <Badge tone="purple">Coalition Common App</Badge>}
          {form.profile.enabled && <Badge tone="success">Profile autofill</Badge>}
        </div>
        {form.questions.length === 0 ? (
          <p className="mt-4 text-slate-600">This program has no custom questions yet.</p>
        ) : (
          <ol className="mt-4 space-y-2">
            {form.questions.map((q) => (
              <li
                key={q.key}
                className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2"
              >
                <span>
                  {q.label}
                  {q.required && (
                    <span className="ml-1 text-red-600" title="Required">
                      *<span className="sr-only"> (required)</span>
                    </span>
                  )}
                </span>
                <span className="text-xs text-slate-500">{questionTypeLabel[q.type]}</span>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </main>
  );
}
