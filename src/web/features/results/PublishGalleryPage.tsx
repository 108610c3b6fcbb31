import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import type { PublicOrg } from '../../../shared/schemas/public';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { LinkButton } from '../../components/ui/LinkButton';
import { Skeleton } from '../../components/ui/Skeleton';
import { usePageTitle } from '../../lib/title';
import { OrgAdminPage } from '../org-admin/OrgAdminPage';
import { isForbidden, useForbiddenRedirect } from '../programs-admin/api';
import { typeLabel } from '../programs-admin/parts';
import { publishGalleryQuery } from './api';

/** /org/{slug}/admin/publish-results: the organization's published programs, each with its counts. */
export function PublishGalleryPage({ org }: { org: PublicOrg }) {
  usePageTitle(`Publish Results · ${org.name}`);
  const gallery = useQuery(publishGalleryQuery(org.slug));
  useForbiddenRedirect(gallery.error);

  return (
    <OrgAdminPage
      org={org}
      title="Publish Results"
      description="Send finalized decisions to applicants, program by program."
    >
      <div className="mt-6">
        {gallery.isPending ? (
          <div role="status" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <span className="sr-only">Loading…</span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-44 w-full" />
            ))}
          </div>
        ) : gallery.isError ? (
          isForbidden(gallery.error) ? null : (
            <ErrorState
              message="Failed to load programs"
              onRetry={() => void gallery.refetch()}
              retrying={gallery.isFetching}
            />
          )
        ) : gallery.data.items.length === 0 ? (
          <EmptyState
            icon={<Send />}
            title="No published programs found."
            action={
              <LinkButton to={`/org/${org.slug}/admin/programs` as never} variant="secondary">
                Create a program
              </LinkButton>
            }
          />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {gallery.data.items.map((p) => (
              <li key={p.id}>
                <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                  <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
                    {typeLabel(p.type)}
                  </p>
                  <h2 className="mt-1 text-lg font-semibold text-slate-900">{p.name}</h2>
                  {p.stage && (
                    <p className="text-sm text-slate-600">
                      Stage {p.stage.stage_number} of {p.stage.program_name}
                    </p>
                  )}
                  <p className="mt-1 line-clamp-3 text-sm text-slate-600">
                    {p.description || 'No description'}
                  </p>
                  <dl className="mt-4 grid grid-cols-2 gap-3">
                    <div className="rounded-lg bg-slate-50 px-3 py-2">
                      <dt className="text-xs font-medium text-slate-600">Finalized</dt>
                      <dd className="text-xl font-semibold text-slate-900">{p.finalized_count}</dd>
                    </div>
                    <div className="rounded-lg bg-slate-50 px-3 py-2">
                      <dt className="text-xs font-medium text-slate-600">Published</dt>
                      <dd className="text-xl font-semibold text-slate-900">{p.published_count}</dd>
                    </div>
                  </dl>
                  <div className="mt-auto pt-4">
                    <LinkButton
                      to={`/org/${org.slug}/admin/programs/${p.id}/publish` as never}
                      variant="secondary"
                      className="w-full"
                      aria-label={`Publish results for ${p.name}`}
                    >
                      <Send className="size-4" aria-hidden="true" />
                      Publish results
                    </LinkButton>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </OrgAdminPage>
  );
}
