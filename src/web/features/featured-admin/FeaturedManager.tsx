import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/EmptyState';
import { usePageTitle } from '../../lib/title';
import { useForbiddenRedirect } from '../programs-admin/api';
import { SuperAdminPage } from '../super/SuperAdminPage';
import { AddItemPanel } from './AddItemPanel';
import { sectionsQuery } from './api';
import { ItemsPanel } from './ItemsPanel';
import { SectionsPanel } from './SectionsPanel';

/** /super/featured: sections and items of the discovery page's Featured tab. */
export function FeaturedManager() {
  usePageTitle('Featured Manager');
  const sections = useQuery(sectionsQuery);
  useForbiddenRedirect(sections.error);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = sections.data?.items ?? [];
  const selected = list.find((s) => s.id === selectedId) ?? list[0] ?? null;

  return (
    <SuperAdminPage
      title="Featured Manager"
      description="What the Featured tab of the discovery page shows: sections, their items, order and schedule."
    >
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <SectionsPanel selectedId={selected?.id ?? null} onSelect={setSelectedId} />
        <div className="min-w-0 space-y-6">
          {selected ? (
            <>
              <ItemsPanel key={`items-${selected.id}`} section={selected} />
              <AddItemPanel key={`add-${selected.id}`} section={selected} />
            </>
          ) : sections.isSuccess ? (
            <EmptyState title="Create a section to start featuring programs." />
          ) : null}
        </div>
      </div>
    </SuperAdminPage>
  );
}
