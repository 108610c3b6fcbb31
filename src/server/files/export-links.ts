import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Actor } from '../../shared/policy';
import type { Deps } from '../context';
import { Forbidden } from '../errors';
import { LINK_EXPIRED, signFile } from './service';

/**
 * File links inside exports (decision 037). A spreadsheet is opened days later, so the 600 s download
 * link will not do; instead the link is signed for the exporting user and lives 30 days. Opening it
 * needs that user's session and their right to read the file now; it then hands over a fresh 600 s
 * download link. A copied spreadsheet therefore opens nothing for anyone else.
 */
export const EXPORT_LINK_DAYS = 30;

function key(secret: string): Buffer {
  return createHmac('sha256', secret).update('applyhub:export-links:v1').digest();
}

function mac(secret: string, path: string, userId: string, expires: number): Buffer {
  return createHmac('sha256', key(secret)).update(`${path}\n${userId}\n${expires}`).digest();
}

/** The absolute link to put in an export cell. */
export function exportLink(deps: Pick<Deps, 'config' | 'clock'>, path: string, userId: string): string {
  const expires = Math.floor(deps.clock.now().getTime() / 1000) + EXPORT_LINK_DAYS * 86_400;
  const params = new URLSearchParams({
    path,
    user: userId,
    expires: String(expires),
    sig: mac(deps.config.authSecret, path, userId, expires).toString('base64url'),
  });
  return `${deps.config.publicUrl}/api/files/export-link?${params}`;
}

/** A fresh download link when the link is genuine, not expired, and the caller is the one it was made for. */
export async function openExportLink(
  deps: Deps,
  actor: Actor,
  q: { path: string; user: string; expires: string; sig: string },
) {
  const expires = Number(q.expires);
  const given = /^[A-Za-z0-9_-]{43}$/.test(q.sig) ? Buffer.from(q.sig, 'base64url') : Buffer.alloc(0);
  const expected = mac(deps.config.authSecret, q.path, q.user, expires);
  const genuine = given.length === expected.length && timingSafeEqual(given, expected);
  if (!genuine || !Number.isSafeInteger(expires) || expires * 1000 <= deps.clock.now().getTime())
    throw new Forbidden(LINK_EXPIRED);
  if (actor.userId !== q.user) throw new Forbidden('This link was made for someone else’s export.');
  return signFile(deps, actor, q.path);
}
