import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Building2, Inbox } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ORG_APPLICATION_PROGRAM_ID } from '../../../shared/domain/applyhub';
import { slugify } from '../../../shared/domain/slug';
import type { CreateOrgResult, OrgRequest } from '../../../shared/schemas/featured';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { cn, focusRing } from '../../components/ui/cn';
import { DecisionBadge } from '../../components/ui/DecisionBadge';
import { Dialog } from '../../components/ui/Dialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { Input, Textarea } from '../../components/ui/Field';
import { QueryStates } from '../../components/ui/QueryStates';
import { ApiError, api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/title';
import { toast } from '../../lib/toast';
import { useForbiddenRedirect } from '../programs-admin/api';
import { actionsCell, nameCell, rowClass, ScrollTable, TableSkeleton, td } from '../programs-admin/parts';
import { SuperAdminPage } from '../super/SuperAdminPage';

const orgRequestsQuery = queryOptions({
  queryKey: ['org-requests'],
  queryFn: () => api<{ items: OrgRequest[]; total: number }>('GET', '/super/org-requests'),
});

const link = cn('font-medium text-blue-700 hover:underline', focusRing);

function CreateOrgDialog({ request, onClose }: { request: OrgRequest | null; onClose: () => void }) {
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Create organization"
      description={
        request
          ? `From the request of ${request.applicant_name ?? request.applicant_email}. They become its org admin.`
          : undefined
      }
    >
      {request && <CreateOrgForm key={request.application_id} request={request} onClose={onClose} />}
    </Dialog>
  );
}

function CreateOrgForm({ request, onClose }: { request: OrgRequest; onClose: () => void }) {
  const queryClient = useQueryClient();
  const initialName = request.organization_name ?? '';
  const [name, setName] = useState(initialName);
  const [slug, setSlug] = useState(slugify(initialName));
  const [slugEdited, setSlugEdited] = useState(false);
  const [description, setDescription] = useState(request.mission ?? '');
  const [errors, setErrors] = useState<{ name?: string; slug?: string }>({});
  const create = useMutation({
    mutationFn: () =>
      api<CreateOrgResult>('POST', `/super/org-requests/${request.application_id}/create-org`, {
        name: name.trim(),
        slug: slug.trim(),
        description: description.trim() || null,
      }),
    onSuccess: (res) => {
      toast.success(res.message);
      onClose();
      return queryClient.invalidateQueries({ queryKey: orgRequestsQuery.queryKey });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields && (err.fields.slug || err.fields.name)) {
        setErrors({ name: err.fields.name, slug: err.fields.slug });
        return;
      }
      toast.error(err instanceof ApiError ? err.message : 'Failed to create organization');
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const next = {
      name: name.trim() ? undefined : 'Name is required.',
      slug: slug.trim() ? undefined : 'Slug is required.',
    };
    setErrors(next);
    if (next.name || next.slug) return;
    create.mutate();
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Input
        label="Name"
        required
        value={name}
        error={errors.name}
        onChange={(e) => {
          setName(e.target.value);
          if (!slugEdited) setSlug(slugify(e.target.value));
        }}
      />
      <Input
        label="Slug"
        required
        hint="Lowercase letters, digits and hyphens; the organization's address."
        value={slug}
        error={errors.slug}
        maxLength={60}
        onChange={(e) => {
          setSlugEdited(true);
          setSlug(e.target.value);
        }}
      />
      <Textarea label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Create organization
        </Button>
      </div>
    </form>
  );
}

/** /super/org-requests: submitted applications to ApplyHub's "Organization application". */
export function OrgRequestsPage() {
  usePageTitle('Org Creation Requests');
  const requests = useQuery(orgRequestsQuery);
  useForbiddenRedirect(requests.error);
  const [creating, setCreating] = useState<OrgRequest | null>(null);

  return (
    <SuperAdminPage title="Org Creation Requests">
      <p className="mt-1 text-slate-600">
        Organizations asking to join ApplyHub. Review a request, then turn an accepted one into an
        organization.{' '}
        <Link to={`/review/${ORG_APPLICATION_PROGRAM_ID}` as never} className={link}>
          Open the review queue
        </Link>
      </p>

      <section aria-labelledby="requests-heading" className="mt-6">
        <h2 id="requests-heading" className="sr-only">
          Requests
        </h2>
        <QueryStates
          query={requests}
          loading={<TableSkeleton />}
          error="Failed to load organization requests."
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState icon={<Inbox />} title="No organization requests yet." />}
        >
          {(data) => (
            <ScrollTable
              label="Organization requests"
              stickyFirst
              columns={['Organization', 'Applicant', 'Submitted', 'Review', 'Actions']}
            >
              {data.items.map((r) => {
                const orgName = r.organization_name ?? 'Unnamed organization';
                return (
                  <tr key={r.application_id} className={rowClass}>
                    <th scope="row" className={nameCell}>
                      {orgName}
                      {r.website && (
                        <span className="block text-xs font-normal text-slate-600">{r.website}</span>
                      )}
                    </th>
                    <td className={td} data-label="Applicant">
                      {r.applicant_name && <span className="block">{r.applicant_name}</span>}
                      <span className="block text-slate-600">{r.applicant_email}</span>
                    </td>
                    <td className={td} data-label="Submitted">
                      {r.submitted_at ? formatDateTime(r.submitted_at) : '—'}
                    </td>
                    <td className={td} data-label="Review">
                      {r.review ? (
                        <span className="flex flex-wrap gap-1.5">
                          <Badge status={r.review.status === 'submitted' ? 'finalized' : 'draft'}>
                            {r.review.status === 'submitted' ? 'Finalized' : 'Commented'}
                          </Badge>
                          {r.review.decision && <DecisionBadge decision={r.review.decision} />}
                        </span>
                      ) : (
                        <Badge tone="neutral">Not started</Badge>
                      )}
                    </td>
                    <td className={actionsCell}>
                      <div className="flex flex-wrap items-center gap-2">
                        <Link to={`/review/app/${r.application_id}` as never} className={link}>
                          Review<span className="sr-only"> the request for {orgName}</span>
                        </Link>
                        {r.converted ? (
                          <Link to="/org/$orgSlug" params={{ orgSlug: r.converted.slug }} className={link}>
                            <Building2 className="mr-1 inline size-4" aria-hidden="true" />
                            {r.converted.name}
                          </Link>
                        ) : r.accepted ? (
                          <Button
                            size="sm"
                            onClick={() => setCreating(r)}
                            aria-label={`Create organization ${orgName}`}
                          >
                            Create organization
                          </Button>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </ScrollTable>
          )}
        </QueryStates>
      </section>
      <CreateOrgDialog request={creating} onClose={() => setCreating(null)} />
    </SuperAdminPage>
  );
}
