import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/landing/LandingPage';

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): { next?: string } =>
    typeof search.next === 'string' ? { next: search.next } : {},
  component: function LandingRoute() {
    return <LandingPage next={Route.useSearch().next} />;
  },
});
