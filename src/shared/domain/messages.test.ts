import { describe, expect, it } from 'vitest';
import { type AuthorFacts, messageAuthorLabel, type ReaderFacts } from './messages';

const applicantReader: ReaderFacts = {
  userId: 'ana',
  side: 'applicant',
  hideIdentity: false,
  orgName: 'Riverside Arts Center',
  applicantName: 'Ana Ortiz',
};
const adminReader: ReaderFacts = { ...applicantReader, userId: 'avery', side: 'staff' };
const blindReviewer: ReaderFacts = {
  ...adminReader,
  userId: 'riley',
  hideIdentity: true,
  applicantName: null,
};

const staff = (over: Partial<AuthorFacts> = {}): AuthorFacts => ({
  side: 'staff',
  authorId: 'avery',
  asOrganization: true,
  authorName: 'Avery Admin',
  ...over,
});
const fromAna: AuthorFacts = {
  side: 'applicant',
  authorId: 'ana',
  asOrganization: false,
  authorName: 'Ana Ortiz',
};

describe('messageAuthorLabel', () => {
  it('the reader’s own messages are “You”', () => {
    expect(messageAuthorLabel(staff(), adminReader)).toBe('You');
    expect(messageAuthorLabel(fromAna, applicantReader)).toBe('You');
  });
  it('the applicant reads staff under the organization’s name unless the writer signed', () => {
    expect(messageAuthorLabel(staff(), applicantReader)).toBe('Riverside Arts Center');
    expect(messageAuthorLabel(staff({ asOrganization: false }), applicantReader)).toBe('Avery Admin');
    expect(messageAuthorLabel(staff({ asOrganization: false, authorName: null }), applicantReader)).toBe(
      'Riverside Arts Center',
    );
  });
  it('staff read each other by name and the applicant by name, except a blind program’s reviewer', () => {
    expect(messageAuthorLabel(staff(), blindReviewer)).toBe('Avery Admin');
    expect(messageAuthorLabel(fromAna, adminReader)).toBe('Ana Ortiz');
    expect(messageAuthorLabel(fromAna, blindReviewer)).toBe('Applicant');
    expect(messageAuthorLabel(fromAna, { ...blindReviewer, applicantName: 'Ana Ortiz' })).toBe('Applicant');
  });
});
