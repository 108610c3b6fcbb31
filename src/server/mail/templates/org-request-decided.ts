import { html } from '../text';
import { hello, type MailTemplate } from './kinds';

export interface OrgRequestDecidedData {
  name: string | null;
  outcome: 'approved' | 'declined';
  /** The organization's name: created (approved) or as requested (declined). */
  orgName: string;
  /** Approved: the new organization's admin hub. */
  orgSlug: string | null;
}

/** To whoever asked for an organization: it exists now (and they administer it), or it was declined. */
export const orgRequestDecided: MailTemplate<OrgRequestDecidedData> = {
  category: 'essential',
  content: (d) => {
    const approved = d.outcome === 'approved';
    const lines = approved
      ? [`Your request was approved: ${d.orgName} is now on ApplyHub, and you are its admin.`]
      : [`Your request to create ${d.orgName} on ApplyHub was declined.`];
    return {
      subject: approved
        ? `Your organization is ready: ${d.orgName}`
        : `Your organization request: ${d.orgName}`,
      heading: approved ? 'Your organization request was approved' : 'Your organization request was declined',
      body: [html`${hello(d.name)}`, ...lines.map((l) => html`${l}`)],
      bodyText: [hello(d.name), ...lines],
      action:
        approved && d.orgSlug
          ? { label: 'Open your organization', path: `/org/${encodeURIComponent(d.orgSlug)}/admin` }
          : { label: 'Go to your dashboard', path: '/dashboard' },
      reason: 'You get this email because you asked to create an organization on ApplyHub.',
    };
  },
};
