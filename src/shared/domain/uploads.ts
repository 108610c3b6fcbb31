import type { UploadPurpose } from '../schemas/files';

const MB = 1024 * 1024;
const word = [
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];
const documents = ['application/pdf', ...word, 'text/plain'];
const media = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/quicktime',
  'video/x-msvideo',
  'video/avi',
  'audio/mpeg',
  'audio/wav',
  'audio/x-wav',
  'audio/mp3',
];

export interface UploadRule {
  /** Accepted content types (checked against the bytes on the server). */
  types: string[];
  /** Size limit in bytes: a file must be smaller. */
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
}

/** The spec's upload rules, word for word. Answer files accept what the portfolio accepts. */
export const uploadRules: Record<UploadPurpose, UploadRule> = {
  resume: {
    types: documents,
    maxBytes: 10 * MB,
    typeMessage: 'Please upload a PDF, Word document, or text file',
    sizeMessage: 'File size must be less than 10MB',
  },
  portfolio: {
    types: [...media, ...documents],
    maxBytes: 50 * MB,
    typeMessage: 'Please upload images, videos, audio, PDF, Word documents, or text files',
    sizeMessage: 'File size must be less than 50MB',
  },
  answer: {
    types: [...media, ...documents],
    maxBytes: 50 * MB,
    typeMessage: 'Please upload images, videos, audio, PDF, Word documents, or text files',
    sizeMessage: 'File size must be less than 50MB',
  },
};

/** The client's first check (the server checks again, against the bytes): a message or null. */
export function uploadProblem(purpose: UploadPurpose, file: { type: string; size: number }): string | null {
  const rule = uploadRules[purpose];
  if (!rule.types.includes(file.type)) return rule.typeMessage;
  if (file.size >= rule.maxBytes) return rule.sizeMessage;
  return null;
}

/** How a stored file is previewed: images, audio, video and PDF inline; anything else as a link. */
export function previewKind(contentType: string): 'image' | 'audio' | 'video' | 'pdf' | 'link' {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('audio/')) return 'audio';
  if (contentType.startsWith('video/')) return 'video';
  if (contentType === 'application/pdf') return 'pdf';
  return 'link';
}
