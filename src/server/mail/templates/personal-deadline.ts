import { html } from '../text';
import { hello, type MailTemplate } from './kinds';
import { formatWhen } from './layout';

export interface PersonalDeadlineData {
  name: string | null;
  programName: string;
  orgName: string;
  closeAt: string;
  note: string | null;
  applicationId: string;
}

/** To one applicant when an admin gives them a personal deadline (issue 31 item 3). */
export const personalDeadline: MailTemplate<PersonalDeadlineData> = {
  category: 'essential',
  content: (d) => {
    const line = `${d.orgName} gave you a personal deadline for your application to ${d.programName}.`;
    const facts = [
      { label: 'Program', value: d.programName },
      { label: 'Your deadline', value: formatWhen(d.closeAt) },
    ];
    if (d.note) facts.push({ label: 'Note', value: d.note });
    return {
      subject: `Your deadline: ${d.programName}`,
      heading: 'Your deadline was extended',
      body: [html`${hello(d.name)}`, html`${line}`],
      bodyText: [hello(d.name), line],
      facts,
      action: { label: 'Finish your application', path: `/applications/${d.applicationId}` },
      reason: `You get this email because you started an application to ${d.programName} on ApplyHub.`,
    };
  },
};
