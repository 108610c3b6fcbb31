import { html } from '../text';
import { hello, type MailTemplate } from './kinds';
import { formatWhen } from './layout';

/** The request to a recommender (no account): the link carries the request's token (decision 065). */
export interface LetterRequestData {
  requestId: string;
  recommenderName: string;
  applicantName: string;
  programName: string;
  orgName: string;
  message: string;
  token: string;
  /** When the link stops working (ISO). */
  expiresAt: string;
  /** A reminder rather than the first request (or a resend). */
  reminder?: boolean;
  /** Which reminder (decision 065): 7 days after the request, or 3 days before the letter deadline. */
  reminderKind?: 'after_request' | 'before_deadline';
  /** The letter deadline (ISO), if there is one: after it the link takes no letter. */
  deadline?: string | null;
  /** The reminder had to issue a new link: the one in earlier emails no longer works. */
  newLink?: boolean;
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export const letterRequest: MailTemplate<LetterRequestData> = {
  category: 'essential',
  content: (d) => {
    const line = d.reminder
      ? `A reminder: ${d.applicantName} asked you for a reference letter for their application to ${d.programName} (${d.orgName}).`
      : `${d.applicantName} asked you for a reference letter for their application to ${d.programName} (${d.orgName}).`;
    const how =
      'The link below opens the letter page; no account is needed. You can save a draft and come back with the same link, or decline.';
    const until = `The link works until ${day(d.expiresAt)} (UTC).`;
    const due = d.deadline ? `Letters are due by ${formatWhen(d.deadline)}.` : null;
    const link = d.reminder
      ? d.newLink
        ? 'This email has a new link: the link in earlier emails no longer works.'
        : 'The link is the same as in the first email; anything you saved is still there.'
      : null;
    const lines = [line, ...(due ? [due] : []), how, ...(link ? [link] : []), until];
    return {
      subject: d.reminder
        ? `Reminder: reference letter for ${d.applicantName}`
        : `Reference letter request: ${d.applicantName}`,
      heading: 'A reference letter request',
      body: [html`${hello(d.recommenderName)}`, ...lines.map((l) => html`${l}`)],
      bodyText: [hello(d.recommenderName), ...lines],
      facts: [
        { label: 'Applicant', value: d.applicantName },
        { label: 'Program', value: d.programName },
      ],
      quotes: d.message.trim() ? [{ label: `${d.applicantName} wrote`, text: d.message }] : undefined,
      action: { label: 'Write the letter', path: `/letters/${d.token}` },
      reason: `You get this email because ${d.applicantName} gave your address for a reference letter on ApplyHub. If you did not expect it, you can ignore it or decline on the page.`,
    };
  },
};

/** The footer link of every request email: it stops this request's reminders only (decision 065). */
export const letterUnsubscribeLabel = 'Stop reminders about this request';

/** The receipt to the recommender: the letter is in (never its text). */
export interface LetterReceiptData {
  recommenderName: string;
  applicantName: string;
  programName: string;
}

export const letterReceipt: MailTemplate<LetterReceiptData> = {
  category: 'essential',
  content: (d) => {
    const line = `Your reference letter for ${d.applicantName}'s application to ${d.programName} has been received. Thank you.`;
    return {
      subject: `Letter received: ${d.applicantName}`,
      heading: 'Your letter was received',
      body: [html`${hello(d.recommenderName)}`, html`${line}`],
      bodyText: [hello(d.recommenderName), line],
      facts: [{ label: 'Program', value: d.programName }],
      reason: 'You get this email because you submitted a reference letter on ApplyHub.',
    };
  },
};

/** To the applicant: a letter arrived (who wrote it, never what). */
export interface LetterReceivedData {
  name: string | null;
  recommenderName: string;
  programName: string;
  applicationId: string;
}

export const letterReceived: MailTemplate<LetterReceivedData> = {
  category: 'essential',
  content: (d) => {
    const line = `${d.recommenderName} submitted a reference letter for your application to ${d.programName}.`;
    return {
      subject: `Reference letter received: ${d.programName}`,
      heading: 'A reference letter arrived',
      body: [html`${hello(d.name)}`, html`${line}`],
      bodyText: [hello(d.name), line],
      facts: [{ label: 'Program', value: d.programName }],
      action: { label: 'See your application', path: `/applications/${d.applicationId}` },
      reason: `You get this email because you applied to ${d.programName} on ApplyHub.`,
    };
  },
};
