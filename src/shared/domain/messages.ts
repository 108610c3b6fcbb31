/**
 * Messages on an application (issue 31 item 2, decision 059): the thread's limits, words, and the one
 * rule of the name a reader sees on each message. Pure: the server applies it to every response and
 * email; the client shows the same words.
 */
export const MAX_MESSAGE_LENGTH = 5_000;

export const messageWords = {
  title: 'Messages',
  empty: 'No messages yet.',
  bodyRequired: 'Write a message first.',
  draft: 'You can write to the program’s staff once your application is submitted.',
  reviewersOff: 'Only the program’s admins can read and write its messages.',
  applicant: 'Applicant',
  you: 'You',
  send: 'Send message',
  asOrganization: (org: string) => `Send as ${org}`,
  reviewersMayWrite: 'Reviewers can read and write messages with applicants',
  attach: 'Attach files',
  tooManyFiles: 'A message can carry up to 3 files.',
  fileGone: 'An attached file was not found: upload it again.',
  /** The text of a message whose writer deleted their account (decision 056). */
  erased: '(deleted)',
};

export type MessageSide = 'applicant' | 'staff';

export interface AuthorFacts {
  side: MessageSide;
  authorId: string | null;
  asOrganization: boolean;
  authorName: string | null;
}

export interface ReaderFacts {
  userId: string;
  side: MessageSide;
  /** A blind program's reviewer (not an admin): the applicant's identity is hidden. */
  hideIdentity: boolean;
  orgName: string;
  /** The applicant's name as staff who may see it see it. */
  applicantName: string | null;
}

/**
 * The name shown on one message. The reader's own messages: "You". The applicant reads staff messages
 * under the organization's name unless the writer signed with their own; a reviewer of a blind program
 * reads the applicant's as "Applicant".
 */
export function messageAuthorLabel(m: AuthorFacts, r: ReaderFacts): string {
  if (m.authorId && m.authorId === r.userId) return messageWords.you;
  if (m.side === 'staff') {
    if (r.side === 'applicant') return m.asOrganization || !m.authorName ? r.orgName : m.authorName;
    return m.authorName ?? r.orgName;
  }
  if (r.hideIdentity || !r.applicantName) return messageWords.applicant;
  return r.applicantName;
}
