import { queryOptions } from '@tanstack/react-query';
import type { Visibility } from '../../../shared/domain/results';
import type {
  PublishedResult,
  PublishInput,
  PublishProgramCard,
  PublishQueue,
  PublishResult,
  UpdatePublishedInput,
  UpdatePublishedResult,
} from '../../../shared/schemas/results';
import { api } from '../../lib/api';

const enc = encodeURIComponent;

export const publishGalleryQuery = (slug: string) =>
  queryOptions({
    queryKey: ['publish-gallery', slug],
    queryFn: () =>
      api<{ items: PublishProgramCard[]; total: number }>('GET', `/orgs/${enc(slug)}/publish/programs`),
  });

export const publishQueueQuery = (programId: string) =>
  queryOptions({
    queryKey: ['publish-queue', programId],
    queryFn: () => api<PublishQueue>('GET', `/programs/${enc(programId)}/publish-queue`),
  });

export const myResultsQuery = queryOptions({
  queryKey: ['my-results'],
  queryFn: () => api<{ items: PublishedResult[]; total: number }>('GET', '/me/results'),
});

export function publishResults(
  programId: string,
  body: Omit<PublishInput, 'visibility'> & { visibility: Visibility },
) {
  return api<PublishResult>('POST', `/programs/${enc(programId)}/publish-results`, body);
}

export function updatePublishedResults(programId: string, body: UpdatePublishedInput) {
  return api<UpdatePublishedResult>('POST', `/programs/${enc(programId)}/update-published-results`, body);
}
