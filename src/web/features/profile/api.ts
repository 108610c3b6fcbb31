import { queryOptions } from '@tanstack/react-query';
import type { DeleteAccountResult } from '../../../shared/schemas/privacy';
import type { Profile, ProfileUpdateInput } from '../../../shared/schemas/profiles';
import { api } from '../../lib/api';

export const profileKey = ['me', 'profile'] as const;

export const profileQuery = queryOptions({
  queryKey: profileKey,
  queryFn: () => api<Profile>('GET', '/me/profile'),
  staleTime: 0,
});

export const saveProfile = (input: ProfileUpdateInput) => api<Profile>('PUT', '/me/profile', input);

export const removeResume = () => api<Profile>('DELETE', '/me/profile/resume');

export const removePortfolioFile = (path: string) =>
  api<Profile>('DELETE', `/me/profile/files?path=${encodeURIComponent(path)}`);

/** Delete my account (issue 33 item 22): the server checks the typed word too. */
export const deleteMyAccount = (confirmation: string) =>
  api<DeleteAccountResult>('POST', '/me/account/delete', { confirmation });
