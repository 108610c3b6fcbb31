/**
 * The audit log's vocabulary (decision 038): every action it records, grouped by family, with the
 * words the log pages show. One list, so the server's filter and the page's picker agree.
 */
export const auditActions = {
  'program.created': 'Program created',
  'program.submitted': 'Program submitted for approval',
  'program.approved': 'Program approved',
  'program.changes_requested': 'Changes requested',
  'program.published': 'Program published',
  'program.form_published': 'Form changes published',
  'program.deleted': 'Program deleted',
  'program.restored': 'Program restored',
  'assignment.added': 'Assignment added',
  'assignment.removed': 'Assignment removed',
  'user.role_changed': 'Role changed',
  'user.deleted': 'User deleted',
  'user.restored': 'User restored',
  'user.erased': 'Account deleted by its owner',
  'organization.created': 'Organization created',
  'organization.edited': 'Organization edited',
  'organization.deleted': 'Organization deleted',
  'organization.restored': 'Organization restored',
  'coalition.created': 'Coalition created',
  'coalition.edited': 'Coalition edited',
  'coalition.deleted': 'Coalition deleted',
  'coalition.restored': 'Coalition restored',
  'featured.changed': 'Featured changed',
  'application.withdrawn': 'Application withdrawn',
  'application.reinstated': 'Application reinstated',
  'application.changes_requested': 'Changes requested of the applicant',
  'application.resubmitted': 'Application resubmitted',
  'deadline.extended': 'Personal deadline set',
  'program.grace_period': 'Grace period changed',
  'late_link.created': 'Late-submission link created',
  'late_link.revoked': 'Late-submission link revoked',
  'late_link.redeemed': 'Late-submission link opened',
  'stage.added': 'Stage added to a program',
  'stage.settings_changed': 'Stage settings changed',
  'stage.invited': 'Applicants invited to the next stage',
  'stage.invitation_withdrawn': 'Invitation to a stage withdrawn',
  'review.finalized': 'Review finalized',
  'results.published': 'Results published',
  'results.corrected': 'Published results corrected',
  'applications.erased': 'Applications deleted (retention)',
  'export.downloaded': 'Export downloaded',
  'session.super_admin_sign_in': 'Super admin signed in',
  'api_token.created': 'API token created',
  'api_token.revoked': 'API token revoked',
  'api_token.used': 'API token used (first use of the day)',
  'webhook.created': 'Webhook endpoint added',
  'webhook.edited': 'Webhook endpoint edited',
  'webhook.secret_rotated': 'Webhook secret rotated',
  'webhook.disabled': 'Webhook endpoint turned off',
  'webhook.enabled': 'Webhook endpoint turned back on',
  'webhook.deleted': 'Webhook endpoint deleted',
  'message.created': 'Message on an application',
  'message.settings_changed': 'Reviewers’ access to messages changed',
  'letter.resent': 'Reference letter request sent again',
  'letter.uploaded_on_behalf': 'Reference letter uploaded on the recommender’s behalf',
  'letter.settings_changed': 'Blind reviewers’ access to letters changed',
} as const;
export type AuditAction = keyof typeof auditActions;
export const auditActionKeys = Object.keys(auditActions) as AuditAction[];

export const auditTargetTypes = {
  program: 'Program',
  assignment: 'Assignment',
  user: 'User',
  organization: 'Organization',
  coalition: 'Coalition',
  featured_section: 'Featured section',
  featured_item: 'Featured item',
  application: 'Application',
  review: 'Review',
  results: 'Results',
  export: 'Export',
  session: 'Session',
  api_token: 'API token',
  webhook: 'Webhook endpoint',
} as const;
export type AuditTargetType = keyof typeof auditTargetTypes;
export const auditTargetTypeKeys = Object.keys(auditTargetTypes) as AuditTargetType[];

/** The family of an action ('program', 'user' …): the filter offers families and single actions. */
export const auditFamily = (action: string) => action.split('.')[0];
export const auditFamilies = [...new Set(auditActionKeys.map(auditFamily))];

export const auditActionLabel = (action: string) =>
  (auditActions as Record<string, string>)[action] ?? action;

type Shown = string | number | boolean | null | undefined;
const shown = (v: Shown) => (v === null || v === undefined || v === '' ? '(none)' : String(v));

/**
 * A before/after summary of the fields that changed, e.g. `status: draft → published; name: A → B`.
 * Unchanged fields are left out; nothing changed gives ''.
 */
export function beforeAfter(before: Record<string, Shown>, after: Record<string, Shown>): string {
  return Object.keys(after)
    .filter((k) => shown(before[k]) !== shown(after[k]))
    .map((k) => `${k}: ${shown(before[k])} → ${shown(after[k])}`)
    .join('; ');
}

/** Summaries are short: at most this many characters are kept. */
export const AUDIT_SUMMARY_MAX = 500;
export const clipSummary = (text: string) =>
  text.length > AUDIT_SUMMARY_MAX ? `${text.slice(0, AUDIT_SUMMARY_MAX - 1)}…` : text;
