import { html } from '../text';
import { hello, type MailTemplate } from './kinds';
import { formatWhen } from './layout';

export interface ChangesRequestedData {
  name: string | null;
  programName: string;
  orgName: string;
  dueAt: string;
  message: string;
  applicationId: string;
}

/** To the applicant when an admin asks for changes to their submitted application (issue 31 item 1). */
export const changesRequested: MailTemplate<ChangesRequestedData> = {
  category: 'essential',
  content: (d) => {
    const line = `${d.orgName} asked for changes to your application to ${d.programName}.`;
    const after = 'Make the changes and resubmit before the due date.';
    return {
      subject: `Changes requested: ${d.programName}`,
      heading: 'Changes requested',
      body: [html`${hello(d.name)}`, html`${line}`, html`${after}`],
      bodyText: [hello(d.name), line, after],
      facts: [
        { label: 'Program', value: d.programName },
        { label: 'Due', value: formatWhen(d.dueAt) },
      ],
      quotes: [{ label: d.orgName, text: d.message }],
      action: { label: 'Make the changes', path: `/applications/${d.applicationId}` },
      reason: `You get this email because you applied to ${d.programName} on ApplyHub.`,
    };
  },
};
