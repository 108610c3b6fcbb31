import { html } from '../text';
import { hello, type MailTemplate } from './kinds';

export interface ScoreReminderData {
  name: string | null;
  programName: string;
  orgName: string;
  programId: string;
  /** Score sheets the reviewer still has to submit in the program. */
  remaining: number;
}

/** An org admin's reminder to a reviewer of an independent-scoring program (issue 20 item 7). */
export const scoreReminder: MailTemplate<ScoreReminderData> = {
  category: 'reminders',
  content: (d) => {
    const left = `${d.remaining} application${d.remaining === 1 ? '' : 's'}`;
    const line = `${d.orgName} asks you to finish scoring: ${left} in ${d.programName} ${d.remaining === 1 ? 'is' : 'are'} waiting for your score.`;
    return {
      subject: `${left} to score in ${d.programName}`,
      heading: 'Applications are waiting for your scores',
      body: [html`${hello(d.name)}`, html`${line}`],
      bodyText: [hello(d.name), line],
      facts: [
        { label: 'Program', value: d.programName },
        { label: 'Organization', value: d.orgName },
        { label: 'To score', value: String(d.remaining) },
      ],
      action: { label: 'Open your queue', path: `/review/${d.programId}` },
      reason: `You get this email because you review ${d.programName} for ${d.orgName}.`,
    };
  },
};
