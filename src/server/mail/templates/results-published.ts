import { decisionLabel } from '../../../shared/domain/decisions';
import { html } from '../text';
import { hello, type MailTemplate } from './kinds';

/** Only the fields the admin chose in 'What to send' are present (hidden ones are absent). */
export interface ResultsPublishedData {
  name: string | null;
  /** The program applied to (stage 1's name for a later stage's result). */
  programName: string;
  /** A later stage's name (decision 066), shown beside the program's. */
  stageName?: string;
  orgName: string;
  decision?: string | null;
  score?: number | null;
  comments?: string | null;
  customMessage?: string | null;
  /** A test copy an admin sends to themselves. */
  test?: boolean;
}

export const resultsPublished: MailTemplate<ResultsPublishedData> = {
  category: 'essential',
  content: (d) => {
    const facts: { label: string; value: string }[] = [{ label: 'Program', value: d.programName }];
    if (d.stageName) facts.push({ label: 'Stage', value: d.stageName });
    if (d.decision !== undefined)
      facts.push({ label: 'Decision', value: d.decision?.trim() ? decisionLabel(d.decision) : '—' });
    if (d.score !== undefined)
      facts.push({ label: 'Score', value: d.score === null ? '—' : String(d.score) });
    const quotes: { label: string; text: string }[] = [];
    if (d.comments?.trim()) quotes.push({ label: 'Reviewer comments', text: d.comments });
    if (d.customMessage?.trim()) quotes.push({ label: `Message from ${d.orgName}`, text: d.customMessage });
    const intro = `Your result for ${d.programName} is ready.`;
    return {
      subject: `${d.test ? '[Test] ' : ''}Your result for ${d.programName}`,
      heading: 'Your result is ready',
      body: [html`${hello(d.name)}`, html`${intro}`],
      bodyText: [hello(d.name), intro],
      facts,
      quotes,
      action: { label: 'See it in My Submissions', path: '/my-submissions?tab=results' },
      reason: d.test
        ? 'This is a test copy you sent to yourself from Publish Results; applicants receive the same email.'
        : 'You get this email because you applied to this program on ApplyHub.',
    };
  },
};
