import { html } from '../text';
import { hello, type MailTemplate } from './kinds';

export interface WebhookDisabledData {
  name: string | null;
  orgName: string;
  orgSlug: string;
  url: string;
  reason: string;
}

/** To an organization's admins when a webhook endpoint was turned off after failing for about a day. */
export const webhookDisabled: MailTemplate<WebhookDisabledData> = {
  category: 'essential',
  content: (d) => {
    const line = `ApplyHub turned off a webhook endpoint of ${d.orgName}: every delivery to it failed for about a day. Events are not sent to it until an admin turns it back on.`;
    return {
      subject: `Webhook endpoint turned off: ${d.orgName}`,
      heading: 'A webhook endpoint was turned off',
      body: [html`${hello(d.name)}`, html`${line}`],
      bodyText: [hello(d.name), line],
      facts: [
        { label: 'Endpoint', value: d.url },
        { label: 'Organization', value: d.orgName },
      ],
      quotes: [{ label: 'Last error', text: d.reason }],
      action: { label: 'Open webhooks', path: `/org/${encodeURIComponent(d.orgSlug)}/admin/webhooks` },
      reason: `You get this email because you administer ${d.orgName} on ApplyHub.`,
    };
  },
};
