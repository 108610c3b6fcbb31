import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../lib/api';
import { navigateTo } from '../../lib/navigation';
import { meQuery } from '../../lib/session';
import { toast } from '../../lib/toast';
import { clearAuthIntent, forgetUserData } from './sign-in';

/** The server has no session for this browser (the spec's tolerated answers): it is signed out. */
const NO_SESSION = new Set([401, 403, 404]);

/**
 * Sign out: ask the server to end the session. When it did, or has no session for us (401, 403,
 * 404), forget everything cached about the user and go home. When it could not (503, a network
 * error, any other failure) the session may still be live: say so and stay signed in.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  async function signOut() {
    setPending(true);
    try {
      await api('POST', '/auth/sign-out', {});
    } catch (err) {
      if (!(err instanceof ApiError && NO_SESSION.has(err.status))) {
        // The toast sits over the Sign out button: it carries the retry itself.
        toast.error('Could not sign out. You are still signed in.', {
          action: { label: 'Try again', onClick: () => void signOut() },
        });
        setPending(false);
        return;
      }
    }
    clearAuthIntent();
    await queryClient.cancelQueries();
    forgetUserData(queryClient);
    queryClient.setQueryData(meQuery.queryKey, null);
    setPending(false);
    navigateTo('/');
  }
  return { signOut, pending };
}
