import { Invalid } from '../errors';

/** How much of the start of a file is read before deciding its type (Word .docx needs its zip entries). */
export const SNIFF_BYTES = 64 * 1024;

/** Names the sniffer gives → the names the upload rules use. */
const canonical: Record<string, string> = {
  'video/vnd.avi': 'video/x-msvideo',
  'video/avi': 'video/x-msvideo',
  'audio/x-wav': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/mp3': 'audio/mpeg',
  // iPhone photos: HEIC is the HEIF container with HEVC images; browsers and sniffers name either.
  'image/heif': 'image/heic',
};

/** A declared Content-Type, without parameters, lower case, with the rules' names. */
export function declaredType(header: string | undefined | null): string {
  const type = (header ?? '').split(';')[0].trim().toLowerCase();
  return canonical[type] ?? type;
}

/**
 * The file's real type from its first bytes: a type the sniffer knows, or 'text/plain' when it knows
 * none and the declared type is plain text (then the whole body must be UTF-8 without NUL: see
 * TextCheck). Returns null when the bytes are not an allowed type.
 */
export async function sniffType(
  head: Uint8Array,
  declared: string,
  allowed: string[],
): Promise<string | null> {
  // file-type (~5 MB resident) is loaded on the first upload, not at start.
  const found = head.byteLength ? await (await import('file-type')).fileTypeFromBuffer(head) : undefined;
  if (!found) return declared === 'text/plain' && allowed.includes('text/plain') ? 'text/plain' : null;
  let type = canonical[found.mime] ?? found.mime;
  // Old Word files are OLE compound files (as are .xls and .msg): trust the container only as declared.
  if (type === 'application/x-cfb' && declared === 'application/msword') type = 'application/msword';
  return allowed.includes(type) ? type : null;
}

/** File extension for a stored type (object keys end in it), for every type an upload may have. */
export const extensionOf: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'txt',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-msvideo': 'avi',
  'video/avi': 'avi',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
};

/** Streams through plain text, refusing bytes that are not UTF-8 or contain NUL. */
export class TextCheck {
  private decoder = new TextDecoder('utf-8', { fatal: true });
  constructor(private readonly message: string) {}

  push(chunk: Uint8Array): void {
    if (chunk.includes(0)) throw new Invalid(this.message);
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      throw new Invalid(this.message);
    }
  }

  end(): void {
    try {
      this.decoder.decode();
    } catch {
      throw new Invalid(this.message);
    }
  }
}
