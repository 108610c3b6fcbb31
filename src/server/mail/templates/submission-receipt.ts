import { html } from '../text';
import { hello, type MailTemplate } from './kinds';
import { formatWhen } from './layout';

export interface SubmissionReceiptData {
  name: string | null;
  programName: string;
  orgName: string;
  submittedAt: string;
  applicationId: string;
  /** Which submitted version was received (decision 063); absent in receipts queued before versions. */
  version?: number;
}

/** To the applicant when they submit: what, to whom, when, and where to find it. */
export const submissionReceipt: MailTemplate<SubmissionReceiptData> = {
  category: 'essential',
  content: (d) => ({
    subject: `Application received: ${d.programName}${d.version && d.version > 1 ? ` (version ${d.version})` : ''}`,
    heading: 'We received your application',
    body: [html`${hello(d.name)}`, html`Your application to ${d.programName} was submitted.`],
    bodyText: [hello(d.name), `Your application to ${d.programName} was submitted.`],
    facts: [
      { label: 'Program', value: d.programName },
      { label: 'Organization', value: d.orgName },
      { label: 'Submitted', value: formatWhen(d.submittedAt) },
      ...(d.version ? [{ label: 'Version', value: `Version ${d.version}` }] : []),
    ],
    action: { label: 'View your application', path: `/applications/${d.applicationId}` },
    reason: 'You get this email because you submitted an application on ApplyHub.',
  }),
};
