import { html } from '../text';
import { hello, type MailTemplate } from './kinds';

export interface RoleAddedData {
  name: string | null;
  role: 'reviewer' | 'program_admin';
  programName: string;
  orgName: string;
  programId: string;
  orgSlug: string;
}

/** Added as reviewer (link to the review queue) or admin (link to the program's admin page). */
export const roleAdded: MailTemplate<RoleAddedData> = {
  category: 'updates',
  content: (d) => {
    const reviewer = d.role === 'reviewer';
    const what = reviewer ? 'a reviewer' : 'an admin';
    const line = `${d.orgName} added you as ${what} of ${d.programName}.`;
    return {
      subject: `You are now ${what} of ${d.programName}`,
      heading: reviewer ? 'You were added as a reviewer' : 'You were added as an admin',
      body: [html`${hello(d.name)}`, html`${line}`],
      bodyText: [hello(d.name), line],
      facts: [
        { label: 'Program', value: d.programName },
        { label: 'Organization', value: d.orgName },
      ],
      // The queue: reviewers review there; program admins also find the program's admin pages there.
      action: {
        label: reviewer ? 'Open the review queue' : 'Open the program',
        path: `/review/${d.programId}`,
      },
      reason: `You get this email because ${d.orgName} gave you a role on ApplyHub.`,
    };
  },
};
