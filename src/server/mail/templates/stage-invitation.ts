import { html } from '../text';
import { hello, type MailTemplate } from './kinds';
import { formatWhen } from './layout';

export interface StageInvitationData {
  name: string | null;
  /** The stage-1 program's name. */
  programName: string;
  stageName: string;
  orgName: string;
  message: string;
  closeAt: string | null;
  applicationId: string;
}

/** To an applicant invited to the next stage of a program (issue 32, decision 066). */
export const stageInvitation: MailTemplate<StageInvitationData> = {
  category: 'essential',
  content: (d) => {
    const line = `${d.orgName} invited you to the next stage of ${d.programName}: ${d.stageName}.`;
    const after = 'Your application is started for you, with the answers you already gave filled in.';
    const facts = [
      { label: 'Program', value: d.programName },
      { label: 'Stage', value: d.stageName },
    ];
    if (d.closeAt) facts.push({ label: 'Due', value: formatWhen(d.closeAt) });
    return {
      subject: `You are invited to the next stage: ${d.programName}`,
      heading: 'You are invited to the next stage',
      body: [html`${hello(d.name)}`, html`${line}`, html`${after}`],
      bodyText: [hello(d.name), line, after],
      facts,
      quotes: d.message ? [{ label: d.orgName, text: d.message }] : [],
      action: { label: `Continue to ${d.stageName}`, path: `/applications/${d.applicationId}` },
      reason: `You get this email because you applied to ${d.programName} on ApplyHub.`,
    };
  },
};

export interface StageInvitationWithdrawnData {
  name: string | null;
  programName: string;
  stageName: string;
  orgName: string;
}

/** To the applicant when their invitation to a stage is withdrawn before they submitted it. */
export const stageInvitationWithdrawn: MailTemplate<StageInvitationWithdrawnData> = {
  category: 'essential',
  content: (d) => {
    const line = `${d.orgName} withdrew your invitation to ${d.stageName} of ${d.programName}.`;
    const after = 'Your application to the earlier stage stays as you submitted it.';
    return {
      subject: `Invitation withdrawn: ${d.programName}`,
      heading: 'Your invitation was withdrawn',
      body: [html`${hello(d.name)}`, html`${line}`, html`${after}`],
      bodyText: [hello(d.name), line, after],
      facts: [
        { label: 'Program', value: d.programName },
        { label: 'Stage', value: d.stageName },
      ],
      action: { label: 'Your applications', path: '/my-submissions' },
      reason: `You get this email because you were invited to ${d.stageName} of ${d.programName} on ApplyHub.`,
    };
  },
};
