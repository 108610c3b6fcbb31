import type { QueryClient } from '@tanstack/react-query';
import { safeNextPath } from '../../../shared/domain/redirect';
import { ApiError, api } from '../../lib/api';
import { navigateTo } from '../../lib/navigation';
import { queryClient } from '../../lib/query-client';
import { publicConfigQuery } from '../../lib/session';
import { toast } from '../../lib/toast';

export type AuthIntent = 'signup' | 'login';

/** sessionStorage key of the intent chosen before leaving for Google (spec §7 Auth). */
export const AUTH_INTENT_KEY = 'applyhub.auth_intent';

export function readAuthIntent(): AuthIntent | null {
  try {
    const v = sessionStorage.getItem(AUTH_INTENT_KEY);
    return v === 'signup' || v === 'login' ? v : null;
  } catch {
    return null;
  }
}

export function clearAuthIntent() {
  try {
    sessionStorage.removeItem(AUTH_INTENT_KEY);
  } catch {
    // storage unavailable (private mode): nothing to clear
  }
}

function storeAuthIntent(intent: AuthIntent) {
  try {
    sessionStorage.setItem(AUTH_INTENT_KEY, intent);
  } catch {
    // storage unavailable: the intent is a hint only
  }
}

/**
 * Where to come back to after signing in: the given `next`, else the current page. From the landing
 * page itself (whose signed-in calls to action all lead to the dashboard) the target is /dashboard.
 */
export function resolveNext(next?: string | null): string {
  if (next) return safeNextPath(next);
  const here = safeNextPath(window.location.pathname + window.location.search + window.location.hash);
  return here === '/' || here.startsWith('/?') || here.startsWith('/#') ? '/dashboard' : here;
}

/**
 * Sign up or log in "with Google". In demo mode this opens the demo sign-in page instead.
 * Resolves once the browser is on its way; failures are shown as an error toast (and rethrown).
 */
export async function startGoogleSignIn(intent: AuthIntent, next?: string | null): Promise<void> {
  const target = resolveNext(next);
  storeAuthIntent(intent);
  try {
    const config = await queryClient.fetchQuery(publicConfigQuery);
    if (config.sign_in === 'demo') {
      navigateTo(`/demo-sign-in?next=${encodeURIComponent(target)}`);
      return;
    }
    const res = await api<{ url?: string; redirect?: boolean }>('POST', '/auth/sign-in/social', {
      provider: 'google',
      callbackURL: `/post-auth?next=${encodeURIComponent(target)}`,
      errorCallbackURL: '/login?auth_error=1',
    });
    if (!res?.url) throw new ApiError(500, 'error', 'Could not start Google sign-in. Please try again.');
    window.location.href = res.url;
  } catch (err) {
    clearAuthIntent();
    const message = err instanceof Error && err.message ? err.message : 'An error occurred.';
    toast.error(message);
    throw err;
  }
}

/**
 * Drop everything cached about the previous user (keeping the public config, the demo accounts and the
 * 'me' query itself, which observers stay attached to: refetch or set it next).
 */
export function forgetUserData(client: QueryClient) {
  client.removeQueries({ predicate: (q) => !['config', 'demo', 'me'].includes(String(q.queryKey[0])) });
}
