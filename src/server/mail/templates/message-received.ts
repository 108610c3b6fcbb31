import { html } from '../text';
import { hello, type MailTemplate } from './kinds';

export interface MessageReceivedData {
  name: string | null;
  programName: string;
  orgName: string;
  applicationId: string;
  /** Who wrote, as the recipient may see it: the organization (or the staff member who signed), or the applicant. */
  from: string;
  body: string;
  /** To the program's admins (link to the review page) rather than to the applicant. */
  toStaff: boolean;
  /** To a reviewer assigned to the application (the program lets reviewers take part in threads). */
  asReviewer?: boolean;
}

/** A message on an application, to the other side of its thread (issue 31 item 2), with a link back. */
export const messageReceived: MailTemplate<MessageReceivedData> = {
  category: 'essential',
  content: (d) => {
    const line = d.toStaff
      ? `${d.from} wrote a message about their application to ${d.programName}.`
      : `${d.from} wrote you a message about your application to ${d.programName}.`;
    return {
      subject: `New message: ${d.programName}`,
      heading: 'You have a new message',
      body: [html`${hello(d.name)}`, html`${line}`],
      bodyText: [hello(d.name), line],
      facts: [{ label: 'Program', value: d.programName }],
      quotes: [{ label: d.from, text: d.body }],
      action: {
        label: 'Read and reply',
        path: d.toStaff ? `/review/app/${d.applicationId}` : `/applications/${d.applicationId}`,
      },
      reason: d.asReviewer
        ? `You get this email because you review ${d.programName} on ApplyHub and its messages are open to reviewers.`
        : d.toStaff
          ? `You get this email because you administer ${d.programName} on ApplyHub.`
          : `You get this email because you applied to ${d.programName} on ApplyHub.`,
    };
  },
};
