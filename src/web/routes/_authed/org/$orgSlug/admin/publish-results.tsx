import { createFileRoute } from '@tanstack/react-router';
import { PublishGalleryPage } from '../../../../../features/results/PublishGalleryPage';

/** Publish Results gallery (org-admin guard in admin.tsx). */
export const Route = createFileRoute('/_authed/org/$orgSlug/admin/publish-results')({
  component: function PublishGalleryRoute() {
    const { org } = Route.useRouteContext();
    return <PublishGalleryPage org={org} />;
  },
});
