import { queryOptions } from '@tanstack/react-query';
import type { OrgSettings, OrgSettingsInput } from '../../../shared/schemas/orgs';
import { api } from '../../lib/api';

const enc = encodeURIComponent;

export const orgSettingsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['org-settings', slug],
    queryFn: () => api<OrgSettings>('GET', `/orgs/${enc(slug)}/settings`),
  });

export function saveOrgSettings(slug: string, input: OrgSettingsInput) {
  return api<{ message: string; settings: OrgSettings }>('PUT', `/orgs/${enc(slug)}/settings`, input);
}

export function removeOrgLogo(slug: string) {
  return api<{ message: string; settings: OrgSettings }>('DELETE', `/orgs/${enc(slug)}/logo`);
}
