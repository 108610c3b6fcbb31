import { useQuery } from '@tanstack/react-query';
import { Building2, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { SuperOrg } from '../../../shared/schemas/governance';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { cn } from '../../components/ui/cn';
import { DeletedList } from '../../components/ui/DeletedList';
import { Dialog } from '../../components/ui/Dialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { QueryStates } from '../../components/ui/QueryStates';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/title';
import { OrgSettingsForm } from '../org-settings/OrgSettingsForm';
import { actionsCell, nameCell, rowClass, ScrollTable, TableSkeleton, td } from '../programs-admin/parts';
import { SuperAdminPage } from '../super/SuperAdminPage';
import { superOrgsQuery, useEntityMutations, useForbiddenRedirect } from './api';
import { CreateEntityForm, Section } from './parts';

/** /super/orgs: create, list, soft delete and restore organizations. */
export function OrgsPage() {
  usePageTitle('Organizations');
  const active = useQuery(superOrgsQuery(false));
  const deleted = useQuery(superOrgsQuery(true));
  useForbiddenRedirect(active.error ?? deleted.error);
  const { create, remove, restore } = useEntityMutations('orgs');
  const [toDelete, setToDelete] = useState<SuperOrg | null>(null);
  const [toEdit, setToEdit] = useState<SuperOrg | null>(null);

  return (
    <SuperAdminPage title="Organizations" description="Create, delete and restore organizations.">
      <CreateEntityForm
        heading="Create Organization"
        submitLabel="Create Organization"
        onCreate={(input) => create.mutateAsync(input)}
      />

      <Section id="active-orgs" title="Active Organizations">
        <QueryStates
          query={active}
          loading={<TableSkeleton />}
          error="Failed to load organizations"
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState icon={<Building2 />} title="No organizations yet." />}
        >
          {(data) => (
            <ScrollTable
              label="Active organizations"
              stickyFirst
              columns={['Name', 'Slug', 'Description', 'Created', '']}
            >
              {data.items.map((o) => (
                <tr key={o.id} className={rowClass}>
                  <th scope="row" className={nameCell}>
                    {o.name}
                  </th>
                  <td className={td} data-label="Slug">
                    <code className="text-xs">{o.slug}</code>
                  </td>
                  <td className={td} data-label="Description">
                    <span className="line-clamp-2 max-w-md">{o.description || '—'}</span>
                  </td>
                  <td className={cn(td, 'sm:whitespace-nowrap')} data-label="Created">
                    {formatDate(o.created_at)}
                  </td>
                  <td className={actionsCell}>
                    <div className="flex flex-wrap gap-1 sm:flex-nowrap">
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setToEdit(o)}
                        aria-label={`Edit ${o.name}`}
                      >
                        <Pencil className="size-4" aria-hidden="true" />
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="danger-ghost"
                        onClick={() => setToDelete(o)}
                        aria-label={`Delete ${o.name}`}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </ScrollTable>
          )}
        </QueryStates>
      </Section>

      <DeletedList
        title="Deleted Organizations"
        query={deleted}
        error="Failed to load organizations"
        emptyText="No deleted organizations."
        detail={(item) => item.slug}
        restore={restore}
      />

      <Dialog
        open={toEdit !== null}
        onOpenChange={(open) => !open && setToEdit(null)}
        title={`Edit ${toEdit?.name ?? 'organization'}`}
        description="The same settings its org admins edit: its public page and the sender of its emails."
        size="lg"
      >
        {toEdit && <OrgSettingsForm slug={toEdit.slug} onSaved={() => setToEdit(null)} />}
      </Dialog>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={`Delete ${toDelete?.name ?? 'organization'}?`}
        description="The organization and its programs will disappear from every public page and stop accepting applications. All data is kept; you can restore it from Deleted Organizations."
        confirmLabel="Delete"
        onConfirm={() => (toDelete ? remove.mutateAsync(toDelete.id) : undefined)}
      />
    </SuperAdminPage>
  );
}
