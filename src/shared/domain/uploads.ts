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

/** Answer files (spec 000 §5, §9): png, jpeg, heic, mp4, mp3 (audio/mpeg), pdf. */
const answerTypes = ['image/png', 'image/jpeg', 'image/heic', 'video/mp4', 'audio/mpeg', 'application/pdf'];

export interface UploadRule {
  /** Accepted content types (checked against the bytes on the server). */
  types: string[];
  /** Size limit in bytes: a file must be smaller. */
  maxBytes: number;
  /** The refusal of a type (given the type the file declared, '' when none). */
  typeMessage: (type: string) => string;
  sizeMessage: string;
}

const fixed = (message: string) => () => message;

/**
 * The spec's upload rules, word for word: the profile's resume and portfolio (spec 001), and
 * application file questions with the upload rules of spec 000 §5/§9 and their messages.
 */
export const uploadRules: Record<UploadPurpose, UploadRule> = {
  resume: {
    types: documents,
    maxBytes: 10 * MB,
    typeMessage: fixed('Please upload a PDF, Word document, or text file'),
    sizeMessage: 'File size must be less than 10MB',
  },
  portfolio: {
    types: [...media, ...documents],
    maxBytes: 50 * MB,
    typeMessage: fixed('Please upload images, videos, audio, PDF, Word documents, or text files'),
    sizeMessage: 'File size must be less than 50MB',
  },
  /** An organization's logo (settings): shown on its public page and in its emails. No SVG (scripts). */
  logo: {
    types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    maxBytes: 2 * MB,
    typeMessage: fixed('Please upload a PNG, JPEG, WebP or GIF image'),
    sizeMessage: 'File size must be less than 2MB',
  },
  answer: {
    types: answerTypes,
    maxBytes: 50 * MB,
    typeMessage: (type) => `Unsupported file type: ${type || 'unknown'}`,
    sizeMessage: 'File too large. Max 50 MB.',
  },
  /** A message's attachment (decision 059): the answer files' rules. */
  message: {
    types: answerTypes,
    maxBytes: 50 * MB,
    typeMessage: (type) => `Unsupported file type: ${type || 'unknown'}`,
    sizeMessage: 'File too large. Max 50 MB.',
  },
};

/** The client's first check (the server checks again, against the bytes): a message or null. */
export function uploadProblem(purpose: UploadPurpose, file: { type: string; size: number }): string | null {
  const rule = uploadRules[purpose];
  if (!rule.types.includes(file.type)) return rule.typeMessage(file.type);
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
