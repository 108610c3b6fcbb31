import { html } from '../text';
import { hello, type MailTemplate } from './kinds';
import { formatWhen } from './layout';

export interface DeadlineReminderData {
  name: string | null;
  programName: string;
  orgName: string;
  closeAt: string;
  /** `closeAt` is this applicant's personal deadline (set by an admin), not the program's. */
  personal?: boolean;
  /** The reminder's place before the deadline (72, 24 …). */
  hours: number;
  applicationId: string;
}

const inWords = (hours: number) =>
  hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`;

/** To an applicant who started but did not submit, before the deadline. */
export const deadlineReminder: MailTemplate<DeadlineReminderData> = {
  category: 'reminders',
  content: (d) => {
    const line = d.personal
      ? `Your application to ${d.programName} is not submitted yet. Your personal deadline is in about ${inWords(d.hours)}.`
      : `Your application to ${d.programName} is not submitted yet. The deadline is in about ${inWords(d.hours)}.`;
    return {
      subject: d.personal
        ? `Reminder: your deadline for ${d.programName} is in ${inWords(d.hours)}`
        : `Reminder: ${d.programName} closes in ${inWords(d.hours)}`,
      heading: 'Your application is not submitted yet',
      body: [html`${hello(d.name)}`, html`${line}`],
      bodyText: [hello(d.name), line],
      facts: [
        { label: 'Program', value: d.programName },
        { label: d.personal ? 'Your deadline' : 'Deadline', value: formatWhen(d.closeAt) },
      ],
      action: { label: 'Finish your application', path: `/applications/${d.applicationId}` },
      reason: `You get this email because you started an application to ${d.programName} on ApplyHub.`,
    };
  },
};
