import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireSignedIn } from '../../../features/access/guards';
import { Pending } from '../../../features/access/Pending';
import { screeningRequired } from '../../../features/screening/required';
import { api } from '../../../lib/api';

/**
 * Where a visitor who pressed 'Learn More' (or a featured program) returns after signing in: starts
 * or fetches the application and opens it. When it cannot be started (not open yet, closed,
 * unpublished) the program's apply page explains why.
 */
export const Route = createFileRoute('/programs/$id/start')({
  beforeLoad: async ({ context, location, params }) => {
    await requireSignedIn(context.queryClient, location.href);
    let id: string | null = null;
    let screen = false;
    try {
      id = (await api<{ id: string }>('POST', `/programs/${encodeURIComponent(params.id)}/applications`)).id;
    } catch (err) {
      id = null;
      screen = screeningRequired(err);
    }
    // The program asks its eligibility questions first (decision 061).
    if (screen) throw redirect({ to: '/programs/$id/screening', params: { id: params.id }, replace: true });
    if (id) throw redirect({ to: '/applications/$appId', params: { appId: id }, replace: true });
    throw redirect({ to: '/programs/$id/apply', params: { id: params.id }, replace: true });
  },
  pendingComponent: () => <Pending />,
  component: () => <Pending />,
});
