import { createFileRoute } from '@tanstack/react-router';
import { FeaturedManager } from '../../../features/featured-admin/FeaturedManager';

export const Route = createFileRoute('/_authed/super/featured')({
  component: FeaturedManager,
});
