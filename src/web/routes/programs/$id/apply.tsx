import { useMutation } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { profileSectionOn } from '../../../../shared/domain/forms';
import { windowState } from '../../../../shared/domain/programs';
import type { PublicProgramDetail } from '../../../../shared/schemas/public';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { cn, focusRing } from '../../../components/ui/cn';
import { LinkButton } from '../../../components/ui/LinkButton';
import { requireSignedIn } from '../../../features/access/guards';
import { Pending } from '../../../features/access/Pending';
import { programQuery } from '../../../features/access/queries';
import { DashboardShell } from '../../../features/dashboard/DashboardShell';
import { FormPreview } from '../../../features/forms/FormPreview';
import { screeningRequired } from '../../../features/screening/required';
import { ApiError, api } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { usePageTitle } from '../../../lib/title';
import { toast } from '../../../lib/toast';

/** Program apply page: signed in only; a missing or unpublished program goes to /unauthorized. */
export const Route = createFileRoute('/programs/$id/apply')({
  beforeLoad: async ({ context, location }) => ({
    me: await requireSignedIn(context.queryClient, location.href),
  }),
  loader: async ({ context, params }) => {
    const program = await context.queryClient.fetchQuery(programQuery(params.id)).catch(() => null);
    if (!program) throw redirect({ to: '/unauthorized' });
    return program;
  },
  pendingComponent: () => <Pending />,
  component: function ApplyRoute() {
    const { me } = Route.useRouteContext();
    return <ApplyPage program={Route.useLoaderData()} showReviews={me.effective_roles.has_reviewer} />;
  },
});

const sectionNames = {
  personal: 'Personal information',
  family: 'Family and emergency contact',
  writing: 'Writing and essays',
  experience: 'Experience and portfolio',
} as const;

function ApplyPage({ program, showReviews }: { program: PublicProgramDetail; showReviews: boolean }) {
  usePageTitle(`Apply · ${program.name}`);
  const navigate = useNavigate();
  const state = windowState(program.open_at, program.close_at, new Date());
  const { form } = program;
  const autofill = form.profile.enabled
    ? (Object.keys(sectionNames) as (keyof typeof sectionNames)[]).filter((k) => profileSectionOn(form, k))
    : [];

  const start = useMutation({
    mutationFn: () =>
      api<{ id: string; created: boolean }>(
        'POST',
        `/programs/${encodeURIComponent(program.id)}/applications`,
      ),
    onSuccess: (res) => navigate({ to: `/applications/${res.id}` as never }),
    onError: (err) => {
      if (screeningRequired(err)) {
        void navigate({ to: '/programs/$id/screening', params: { id: program.id } });
        return;
      }
      if (err instanceof ApiError && err.status === 403) {
        void navigate({ to: '/unauthorized' });
        return;
      }
      const detail =
        err instanceof ApiError && (err.status === 409 || err.status === 422) ? err.message : undefined;
      toast.error(
        'Could not start application. Please try again.',
        detail ? { description: detail } : undefined,
      );
    },
  });

  return (
    <DashboardShell showReviews={showReviews}>
      <div className="mx-auto max-w-3xl">
        <p className="text-sm text-slate-500">
          <Link
            to="/org/$orgSlug"
            params={{ orgSlug: program.organization_slug }}
            className={cn('hover:underline', focusRing)}
          >
            {program.organization_name}
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">{program.name}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {program.close_at ? `Deadline ${formatDateTime(program.close_at)}` : 'No deadline set'}
        </p>

        {state !== 'open' && (
          <p
            role="status"
            className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
          >
            {state === 'not_open'
              ? `Application Coming Soon${program.open_at ? ` — opens ${formatDateTime(program.open_at)}` : ''}`
              : 'Application Closed'}
          </p>
        )}

        <Card title="Application" className="mt-6">
          {autofill.length > 0 && (
            <div className="mb-6 rounded-lg bg-blue-50 px-4 py-3 text-sm text-blue-900">
              <p className="font-medium">Filled in from your profile:</p>
              <ul className="mt-1 list-disc pl-5">
                {autofill.map((k) => (
                  <li key={k}>{sectionNames[k]}</li>
                ))}
              </ul>
            </div>
          )}
          <FormPreview form={form} showProfileSample={false} />
        </Card>

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <LinkButton to="/dashboard" variant="ghost">
            Cancel
          </LinkButton>
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            <LinkButton to="/programs/$id" params={{ id: program.id }} variant="secondary">
              View Overview
            </LinkButton>
            <Button onClick={() => start.mutate()} loading={start.isPending} disabled={state !== 'open'}>
              Start / Continue Application
              {!start.isPending && <ArrowRight className="size-4" aria-hidden="true" />}
            </Button>
          </div>
        </div>
      </div>
    </DashboardShell>
  );
}
