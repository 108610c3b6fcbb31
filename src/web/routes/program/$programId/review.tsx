import { createFileRoute, redirect } from '@tanstack/react-router';

/** The spec's /program/{id}/review links lead to the per-program review queue. */
export const Route = createFileRoute('/program/$programId/review')({
  beforeLoad: ({ params }) => {
    throw redirect({ href: `/review/${params.programId}`, replace: true });
  },
});
