/**
 * Webhooks (issue 22 item 5): the events an organization can subscribe to, and the rules of an
 * endpoint's address. Pure: the server enforces them, the client shows the same words.
 */
export const webhookEventTypes = [
  'application.submitted',
  'application.withdrawn',
  'application.changes_requested',
  'application.resubmitted',
  'application.reinstated',
  'deadline.extended',
  'application.invited',
  'stage.submitted',
  'review.finalized',
  'results.published',
  'program.published',
  'message.created',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The event of "Send test event": never subscribed, sent only on request. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const webhookEventLabels: Record<WebhookEventType, string> = {
  'application.submitted': 'An application is submitted',
  'application.withdrawn': 'An application is withdrawn',
  'application.changes_requested': 'Changes are requested of an applicant',
  'application.resubmitted': 'An application is resubmitted with changes',
  'application.reinstated': 'A withdrawn application is reinstated',
  'deadline.extended': 'A personal deadline is set',
  'application.invited': 'An applicant is invited to the next stage',
  'stage.submitted': 'An application to a later stage is submitted',
  'review.finalized': 'A review is finalized',
  'results.published': 'Results are published',
  'program.published': 'A program is published',
  'message.created': 'A message is written on an application',
};

/** Most endpoints one organization may register. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const MAX_WEBHOOK_URL_LENGTH = 2000;
export const MAX_WEBHOOK_DESCRIPTION = 200;
/** Bytes of an endpoint's answer kept in the delivery log. */
export const WEBHOOK_EXCERPT_BYTES = 1024;

export const webhookMessages = {
  urlInvalid: 'Enter a full URL such as https://example.org/hooks/applyhub.',
  httpsOnly: 'Use an https:// URL.',
  credentials: 'Leave user names and passwords out of the URL.',
  eventsRequired: 'Choose at least one event.',
  tooMany: `An organization can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints.`,
  notFound: 'Webhook endpoint not found.',
  deliveryNotFound: 'Delivery not found.',
  disabled: 'This endpoint is turned off. Turn it back on first.',
  privateAddress: 'This address is on a private or reserved network, which webhooks cannot reach.',
  portNotAllowed: 'Use the standard port: leave the port out of the URL (443 for https).',
  created: 'Endpoint added. Copy its signing secret now: it is shown only once.',
  updated: 'Endpoint saved.',
  deleted: 'Endpoint deleted.',
  rotated: 'New signing secret created. The old one keeps working for 24 hours.',
  resent: 'Delivery queued again.',
  testSent: 'Test event queued.',
  enabled: 'Endpoint turned back on.',
};

/**
 * The address rules checked before anything is stored: an absolute http(s) URL without credentials;
 * https only unless private addresses are allowed (tests, local development). Null when acceptable.
 */
export function webhookUrlProblem(value: string, { allowHttp }: { allowHttp: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return webhookMessages.urlInvalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return webhookMessages.urlInvalid;
  if (url.protocol === 'http:' && !allowHttp) return webhookMessages.httpsOnly;
  if (url.username || url.password) return webhookMessages.credentials;
  if (!url.hostname) return webhookMessages.urlInvalid;
  return null;
}
