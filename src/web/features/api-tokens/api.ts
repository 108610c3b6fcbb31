import { queryOptions } from '@tanstack/react-query';
import type { ApiTokenList, CreateApiTokenInput, CreatedApiToken } from '../../../shared/schemas/api-tokens';
import { api } from '../../lib/api';

const base = (slug: string) => `/orgs/${encodeURIComponent(slug)}/api-tokens`;

export const apiTokensQuery = (slug: string) =>
  queryOptions({
    queryKey: ['api-tokens', slug],
    queryFn: () => api<ApiTokenList>('GET', base(slug)),
  });

export const createApiToken = (slug: string, input: CreateApiTokenInput) =>
  api<CreatedApiToken>('POST', base(slug), input);

export const revokeApiToken = (slug: string, id: string) =>
  api<{ message: string }>('DELETE', `${base(slug)}/${encodeURIComponent(id)}`);
