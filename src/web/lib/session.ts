import { queryOptions } from '@tanstack/react-query';
import type { Me } from '../../shared/schemas/me';
import type { PublicConfig } from '../../shared/schemas/system';
import { ApiError, api } from './api';
import { bootDemoMode, knownSignedOut } from './boot';

/** The signed-in user, or null for a visitor (401). */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<Me | null> => {
    // A page served without a session cookie is a visitor's: no request (and no 401 in the console).
    if (knownSignedOut()) return null;
    try {
      return await api<Me>('GET', '/me');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 30_000,
  // A visitor's page (served without a session cookie) renders signed out from the first frame, instead
  // of a skeleton that the query's answer (null, asked of no server) replaces a moment later.
  placeholderData: () => (knownSignedOut() ? null : undefined),
});

export const publicConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: (): Promise<Pick<PublicConfig, 'demo_mode' | 'sign_in'>> => api<PublicConfig>('GET', '/config'),
  // Known before the first render when the server served the page: the demo banner is laid out at once.
  initialData:
    bootDemoMode === undefined
      ? undefined
      : { demo_mode: bootDemoMode, sign_in: bootDemoMode ? ('demo' as const) : ('google' as const) },
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * Whether mail is off on this server (decision 054): the admin screens that promise an email say so
 * before the action. Asked of the server (the page hints carry demo mode only).
 */
export const mailOffQuery = queryOptions({
  queryKey: ['config', 'mail'],
  queryFn: async () => (await api<PublicConfig>('GET', '/config')).mail_off,
  staleTime: Number.POSITIVE_INFINITY,
});
