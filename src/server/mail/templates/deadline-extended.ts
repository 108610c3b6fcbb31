import { html } from '../text';
import { hello, type MailTemplate } from './kinds';
import { formatWhen } from './layout';

export interface DeadlineExtendedData {
  name: string | null;
  programName: string;
  orgName: string;
  closeAt: string | null;
  previousCloseAt: string | null;
  applicationId: string;
}

/** To drafters when a program's deadline moves later (or is removed). */
export const deadlineExtended: MailTemplate<DeadlineExtendedData> = {
  category: 'reminders',
  content: (d) => {
    const line = d.closeAt
      ? `${d.orgName} extended the deadline of ${d.programName}. You have more time to finish your application.`
      : `${d.orgName} removed the deadline of ${d.programName}. You can finish your application at any time.`;
    const facts = [{ label: 'Program', value: d.programName }];
    if (d.closeAt) facts.push({ label: 'New deadline', value: formatWhen(d.closeAt) });
    if (d.previousCloseAt) facts.push({ label: 'Was', value: formatWhen(d.previousCloseAt) });
    return {
      subject: `Deadline extended: ${d.programName}`,
      heading: 'The deadline was extended',
      body: [html`${hello(d.name)}`, html`${line}`],
      bodyText: [hello(d.name), line],
      facts,
      action: { label: 'Finish your application', path: `/applications/${d.applicationId}` },
      reason: `You get this email because you started an application to ${d.programName} on ApplyHub.`,
    };
  },
};
