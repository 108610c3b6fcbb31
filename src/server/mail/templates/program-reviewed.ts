import { html } from '../text';
import { hello, type MailTemplate } from './kinds';

export interface ProgramReviewedData {
  name: string | null;
  outcome: 'approved' | 'changes_requested';
  programName: string;
  orgName: string;
  note: string | null;
  programId: string;
  orgSlug: string;
}

/** To the program's org admins when a super admin approves it or asks for changes (with the note). */
export const programReviewed: MailTemplate<ProgramReviewedData> = {
  category: 'updates',
  content: (d) => {
    const approved = d.outcome === 'approved';
    const line = approved
      ? `${d.programName} was approved and is now published.`
      : `Changes were requested for ${d.programName}. It is unpublished until a super admin approves it again.`;
    return {
      subject: approved ? `Approved and published: ${d.programName}` : `Changes requested: ${d.programName}`,
      heading: approved ? 'Your program is published' : 'Changes requested for your program',
      body: [html`${hello(d.name)}`, html`${line}`],
      bodyText: [hello(d.name), line],
      quotes: d.note?.trim() ? [{ label: 'Note from the super admin', text: d.note }] : [],
      action: {
        label: 'Open the program',
        path: `/org/${encodeURIComponent(d.orgSlug)}/admin/programs/${d.programId}/builder`,
      },
      reason: `You get this email because you administer ${d.orgName} on ApplyHub.`,
    };
  },
};
