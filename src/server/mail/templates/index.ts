import { type ApplicationResubmittedData, applicationResubmitted } from './application-resubmitted';
import { type ChangesRequestedData, changesRequested } from './changes-requested';
import { type DeadlineExtendedData, deadlineExtended } from './deadline-extended';
import { type DeadlineReminderData, deadlineReminder } from './deadline-reminder';
import type { MailCategory, MailTemplate } from './kinds';
import { layout, type MailContext, type RenderedMail } from './layout';
import {
  type LetterReceiptData,
  type LetterReceivedData,
  type LetterRequestData,
  letterReceipt,
  letterReceived,
  letterRequest,
} from './letters';
import { type MessageReceivedData, messageReceived } from './message-received';
import { type OrgRequestDecidedData, orgRequestDecided } from './org-request-decided';
import { type PersonalDeadlineData, personalDeadline } from './personal-deadline';
import { type ProgramReviewedData, programReviewed } from './program-reviewed';
import { type ResultUpdatedData, resultUpdated } from './result-updated';
import { type ResultsPublishedData, resultsPublished } from './results-published';
import { type RoleAddedData, roleAdded } from './role-added';
import { type ScoreReminderData, scoreReminder } from './score-reminder';
import {
  type StageInvitationData,
  type StageInvitationWithdrawnData,
  stageInvitation,
  stageInvitationWithdrawn,
} from './stage-invitation';
import { type SubmissionReceiptData, submissionReceipt } from './submission-receipt';
import { type WebhookDisabledData, webhookDisabled } from './webhook-disabled';

/** Every kind of email and the data its template renders. Adding a kind: a template file and a line here. */
export interface MailKinds {
  submission_receipt: SubmissionReceiptData;
  results_published: ResultsPublishedData;
  result_updated: ResultUpdatedData;
  role_added: RoleAddedData;
  program_reviewed: ProgramReviewedData;
  org_request_decided: OrgRequestDecidedData;
  deadline_reminder: DeadlineReminderData;
  deadline_extended: DeadlineExtendedData;
  personal_deadline: PersonalDeadlineData;
  score_reminder: ScoreReminderData;
  webhook_disabled: WebhookDisabledData;
  message_received: MessageReceivedData;
  changes_requested: ChangesRequestedData;
  application_resubmitted: ApplicationResubmittedData;
  letter_request: LetterRequestData;
  letter_receipt: LetterReceiptData;
  letter_received: LetterReceivedData;
  stage_invitation: StageInvitationData;
  stage_invitation_withdrawn: StageInvitationWithdrawnData;
}
export type MailKind = keyof MailKinds;

const templates: { [K in MailKind]: MailTemplate<MailKinds[K]> } = {
  submission_receipt: submissionReceipt,
  results_published: resultsPublished,
  result_updated: resultUpdated,
  role_added: roleAdded,
  program_reviewed: programReviewed,
  org_request_decided: orgRequestDecided,
  deadline_reminder: deadlineReminder,
  deadline_extended: deadlineExtended,
  personal_deadline: personalDeadline,
  score_reminder: scoreReminder,
  webhook_disabled: webhookDisabled,
  message_received: messageReceived,
  changes_requested: changesRequested,
  application_resubmitted: applicationResubmitted,
  letter_request: letterRequest,
  letter_receipt: letterReceipt,
  letter_received: letterReceived,
  stage_invitation: stageInvitation,
  stage_invitation_withdrawn: stageInvitationWithdrawn,
};

export const mailKinds = Object.keys(templates) as MailKind[];

export function isMailKind(value: string): value is MailKind {
  return Object.hasOwn(templates, value);
}

export function categoryOf(kind: MailKind): MailCategory {
  return templates[kind].category;
}

/** The subject, HTML and text of one email, from its kind's template and the common layout. */
export function renderMail<K extends MailKind>(kind: K, data: MailKinds[K], ctx: MailContext): RenderedMail {
  return layout(templates[kind].content(data), ctx);
}

export type { MailCategory, MailContext, RenderedMail };
