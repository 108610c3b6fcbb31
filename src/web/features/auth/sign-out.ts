import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../../lib/api';
import { meQuery } from '../../lib/session';
import { clearAuthIntent, forgetUserData } from './sign-in';

/**
 * Sign out: ask the server to end the session, then, whatever it answers (401, 403, 404, network),
 * forget everything cached about the user and go home.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  async function signOut() {
    setPending(true);
    try {
      await api('POST', '/auth/sign-out', {});
    } catch {
      // tolerated: the local session ends anyway
    }
    clearAuthIntent();
    await queryClient.cancelQueries();
    forgetUserData(queryClient);
    queryClient.setQueryData(meQuery.queryKey, null);
    setPending(false);
    await navigate({ to: '/' });
  }
  return { signOut, pending };
}
