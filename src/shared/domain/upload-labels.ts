import type { UploadRule } from './uploads';

const names: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'text/plain': 'text',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
  'image/heif': 'HEIC',
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
  'video/x-msvideo': 'AVI',
  'video/avi': 'AVI',
  'audio/mpeg': 'MP3',
  'audio/mp3': 'MP3',
  'audio/wav': 'WAV',
  'audio/x-wav': 'WAV',
};

/** An upload rule in words: 'PDF, Word, JPEG … up to 50 MB' (each type named once, in the rule's order). */
export function uploadRuleText(rule: UploadRule): string {
  const types = [...new Set(rule.types.map((t) => names[t] ?? t))];
  const mb = Math.round(rule.maxBytes / (1024 * 1024));
  return `Accepted files: ${types.join(', ')}; up to ${mb} MB.`;
}
