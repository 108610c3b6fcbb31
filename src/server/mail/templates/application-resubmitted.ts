import { html } from '../text';
import { hello, type MailTemplate } from './kinds';
import { formatWhen } from './layout';

export interface ApplicationResubmittedData {
  name: string | null;
  programName: string;
  /** As the recipient may see the applicant: their name, or "Applicant #N" in a blind program. */
  applicant: string;
  version: number;
  submittedAt: string;
  applicationId: string;
}

/** To the program's admins when an applicant resubmits after a change request (issue 31 item 1). */
export const applicationResubmitted: MailTemplate<ApplicationResubmittedData> = {
  category: 'essential',
  content: (d) => {
    const line = `${d.applicant} resubmitted their application to ${d.programName} with the changes you asked for.`;
    return {
      subject: `Application resubmitted: ${d.programName}`,
      heading: 'An application was resubmitted',
      body: [html`${hello(d.name)}`, html`${line}`],
      bodyText: [hello(d.name), line],
      facts: [
        { label: 'Program', value: d.programName },
        { label: 'Version', value: `Version ${d.version}` },
        { label: 'Resubmitted', value: formatWhen(d.submittedAt) },
      ],
      action: { label: 'See what changed', path: `/review/app/${d.applicationId}` },
      reason: `You get this email because you administer ${d.programName} on ApplyHub.`,
    };
  },
};
