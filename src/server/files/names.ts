import { randomUUID } from 'node:crypto';

/** The name shown to people: the last path part, control characters removed, at most 200 characters. */
export function displayName(raw: string | undefined | null): string {
  let name = raw ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not percent-encoded: use as sent.
  }
  name = name.split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  name = name.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (name.length > 200) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, 200 - ext.length) + ext;
  }
  return name || 'file';
}

/** The folder of one application's message attachments. */
export const messageFilePrefix = (applicationId: string) => `messages/${applicationId}`;

/** The folder of résumés and portfolio files: one for everyone, so a key names no user. */
export const PROFILE_FILES = 'profiles';

const ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const RANDOM_KEY = new RegExp(
  `^(?:${PROFILE_FILES}|applications/${ID}/[^/]+|messages/${ID}|orgs/${ID}/logo)/${ID}\\.[a-z0-9]{1,8}$`,
);

/**
 * A new object's key: `<folder>/<random id>.<ext>`. It reveals nothing (decision 051): no file name,
 * no user id; the name people see is kept in the files table.
 */
export function objectKey(prefix: string, ext: string): string {
  return `${prefix}/${randomUUID()}.${ext}`;
}

/** Whether a key is of that kind; keys of objects stored before (`…/<time>_<name>`) may name someone. */
export function revealsNothing(path: string): boolean {
  return RANDOM_KEY.test(path);
}
