import { html } from '../text';
import { hello, type MailTemplate } from './kinds';

export interface ResultUpdatedData {
  name: string | null;
  programName: string;
  orgName: string;
}

/** A correction of a published result: short, the result itself is in My Submissions. */
export const resultUpdated: MailTemplate<ResultUpdatedData> = {
  category: 'essential',
  content: (d) => ({
    subject: `Your result was updated: ${d.programName}`,
    heading: 'Your result was updated',
    body: [html`${hello(d.name)}`, html`${d.orgName} updated your result for ${d.programName}.`],
    bodyText: [hello(d.name), `${d.orgName} updated your result for ${d.programName}.`],
    action: { label: 'See it in My Submissions', path: '/my-submissions?tab=results' },
    reason: 'You get this email because you applied to this program on ApplyHub.',
  }),
};
