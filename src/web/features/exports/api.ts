import { queryOptions } from '@tanstack/react-query';
import type { Notice } from '../../../shared/schemas/exports';
import { api } from '../../lib/api';

export const noticeQuery = queryOptions({
  queryKey: ['personal-data-notice'],
  queryFn: () => api<Notice>('GET', '/me/personal-data-notice'),
  staleTime: Number.POSITIVE_INFINITY,
});

export const acceptNotice = () => api<Notice>('POST', '/me/personal-data-notice');
