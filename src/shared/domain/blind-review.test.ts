import { describe, expect, it } from 'vitest';
import type { ApplicationForm } from '../schemas/forms';
import {
  answersForReviewer,
  applicantDisplayName,
  attachmentName,
  formForReviewer,
  reviewerView,
  snapshotForReviewer,
} from './blind-review';

const form: ApplicationForm = {
  questions: [
    { key: 'piece', type: 'short_text', label: 'Piece', required: false },
    { key: 'school', type: 'short_text', label: 'School', required: false },
  ],
  common: { applyhub: false, coalition: false },
  profile: { enabled: true, sections: {} },
};

describe('blind review', () => {
  it('hides nothing from admins, and what the settings say from reviewers', () => {
    const settings = { blind: true, hidden_questions: ['school'] };
    expect(reviewerView(settings, true)).toEqual({ hideIdentity: false, hiddenQuestions: [] });
    expect(reviewerView(settings, false)).toEqual({ hideIdentity: true, hiddenQuestions: ['school'] });
    expect(reviewerView({ blind: false, hidden_questions: [] }, false).hideIdentity).toBe(false);
  });

  it('leaves hidden questions and their answers out, in either mode', () => {
    const view = reviewerView({ blind: false, hidden_questions: ['school'] }, false);
    expect(formForReviewer(form, view).questions.map((q) => q.key)).toEqual(['piece']);
    expect(answersForReviewer({ piece: 'Bach', school: 'North High' }, view)).toEqual({ piece: 'Bach' });
  });

  it('drops the contact and family fields of the profile, keeping writing and experience', () => {
    const view = reviewerView({ blind: true, hidden_questions: [] }, false);
    const snapshot = {
      id: 'the-user-id',
      full_name: 'Ada Lovelace',
      email: 'ada@example.test',
      phone_number: '555',
      address_city: 'London',
      parent_guardian_name: 'Lord Byron',
      emergency_contact_email: 'e@example.test',
      personal_statement: 'I like engines.',
      __snapshot_at: '2026-01-01T00:00:00.000Z',
    };
    expect(snapshotForReviewer(snapshot, view)).toEqual({
      personal_statement: 'I like engines.',
      __snapshot_at: '2026-01-01T00:00:00.000Z',
    });
    expect(snapshotForReviewer({ full_name: 'Ada', __snapshot_at: 'x' }, view)).toBeNull();
    const open = reviewerView({ blind: false, hidden_questions: [] }, false);
    expect(snapshotForReviewer(snapshot, open)).toBe(snapshot);
  });

  it('names a hidden applicant "Applicant #N"', () => {
    expect(applicantDisplayName({ applicant_name: null, applicant_number: 7, identity_hidden: true })).toBe(
      'Applicant #7',
    );
    expect(applicantDisplayName({ applicant_name: 'Ada', identity_hidden: false })).toBe('Ada');
  });
});

describe('attachmentName', () => {
  it('names a hidden file by its place and keeps only its extension', () => {
    expect(attachmentName(3, 'Jane Doe recording.PDF')).toBe('Attachment 3.pdf');
    expect(attachmentName(1, 'no-extension')).toBe('Attachment 1');
    expect(attachmentName(2, 'Jane.Doe.verylongext')).toBe('Attachment 2');
    expect(attachmentName(null, 'cv.docx')).toBe('Attachment.docx');
  });
});
