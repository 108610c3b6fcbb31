import { describe, expect, it } from 'vitest';
import { previewKind, uploadProblem, uploadRules } from './uploads';

const MB = 1024 * 1024;

describe('uploadProblem', () => {
  it('accepts a resume that is a PDF, Word document or text under 10MB', () => {
    for (const type of [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'text/plain',
    ])
      expect(uploadProblem('resume', { type, size: 10 * MB - 1 })).toBeNull();
  });

  it('refuses other resume types with the spec message', () => {
    expect(uploadProblem('resume', { type: 'image/png', size: 10 })).toBe(
      'Please upload a PDF, Word document, or text file',
    );
    expect(uploadProblem('resume', { type: '', size: 10 })).toBe(uploadRules.resume.typeMessage(''));
  });

  it('needs a file smaller than the limit (10MB resume, 50MB portfolio and answers)', () => {
    expect(uploadProblem('resume', { type: 'application/pdf', size: 10 * MB })).toBe(
      'File size must be less than 10MB',
    );
    expect(uploadProblem('portfolio', { type: 'video/mp4', size: 50 * MB - 1 })).toBeNull();
    expect(uploadProblem('portfolio', { type: 'video/mp4', size: 50 * MB })).toBe(
      'File size must be less than 50MB',
    );
    expect(uploadProblem('answer', { type: 'audio/mpeg', size: 50 * MB })).toBe('File too large. Max 50 MB.');
  });

  it('accepts the portfolio list of the spec and refuses anything else', () => {
    for (const type of [
      'image/jpeg',
      'image/png',
      'image/gif',
      'image/webp',
      'video/mp4',
      'video/quicktime',
      'video/x-msvideo',
      'audio/mpeg',
      'audio/wav',
      'application/pdf',
      'application/msword',
      'text/plain',
    ])
      expect(uploadProblem('portfolio', { type, size: 1 })).toBeNull();
    expect(uploadProblem('portfolio', { type: 'application/x-msdownload', size: 1 })).toBe(
      'Please upload images, videos, audio, PDF, Word documents, or text files',
    );
  });

  it('accepts on file questions the types of spec 000 (png, jpeg, heic, mp4, mp3, pdf), naming any other', () => {
    for (const type of [
      'image/png',
      'image/jpeg',
      'image/heic',
      'video/mp4',
      'audio/mpeg',
      'application/pdf',
    ])
      expect(uploadProblem('answer', { type, size: 50 * MB - 1 })).toBeNull();
    expect(uploadProblem('answer', { type: 'image/svg+xml', size: 1 })).toBe(
      'Unsupported file type: image/svg+xml',
    );
    expect(uploadProblem('answer', { type: 'application/msword', size: 1 })).toBe(
      'Unsupported file type: application/msword',
    );
    expect(uploadProblem('answer', { type: '', size: 1 })).toBe('Unsupported file type: unknown');
  });
});

describe('previewKind', () => {
  it('previews images, audio, video and PDF inline; anything else is a link', () => {
    expect(previewKind('image/png')).toBe('image');
    expect(previewKind('audio/wav')).toBe('audio');
    expect(previewKind('video/quicktime')).toBe('video');
    expect(previewKind('application/pdf')).toBe('pdf');
    expect(previewKind('text/plain')).toBe('link');
    expect(previewKind('application/msword')).toBe('link');
  });
});
