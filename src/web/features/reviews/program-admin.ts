import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { ApiError } from '../../lib/api';
import { isUuid, reviewQueueQuery } from './queue-query';

/**
 * Guard of /review/{programId}/reviewers and /publish: the caller may administer the program (its
 * program admins, its organization's admins, super admins; the queue's can_admin, computed on the
 * server). Anyone else, and a missing program, goes to /unauthorized. Returns the program.
 */
export async function requireProgramAdmin(queryClient: QueryClient, programId: string) {
  if (!isUuid(programId)) throw redirect({ to: '/unauthorized' });
  const queue = await queryClient.fetchQuery(reviewQueueQuery(programId)).catch((err: unknown) => {
    if (err instanceof ApiError && (err.status === 403 || err.status === 404))
      throw redirect({ to: '/unauthorized' });
    throw err;
  });
  if (!queue.can_admin) throw redirect({ to: '/unauthorized' });
  return queue.program;
}
