import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed links live 600 s (the spec's signed URL lifetime). */
export const SIGNED_URL_SECONDS = 600;

/** A key for file links only, derived from the auth secret (a leaked link key reveals no session key). */
function linkKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('applyhub:file-links:v1').digest();
}

function mac(secret: string, path: string, expires: number): Buffer {
  return createHmac('sha256', linkKey(secret)).update(`${path}\n${expires}`).digest();
}

export function signPath(secret: string, path: string, expires: number): string {
  return mac(secret, path, expires).toString('base64url');
}

/** True when `sig` is the signature of path+expires (constant-time) and `expires` (unix s) is after now. */
export function verifySignature(
  secret: string,
  path: string,
  expires: number,
  sig: string,
  now: Date,
): boolean {
  if (!Number.isSafeInteger(expires) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  const expected = mac(secret, path, expires);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return expires * 1000 > now.getTime();
}

export function downloadUrl(secret: string, path: string, expires: number): string {
  const params = new URLSearchParams({
    path,
    expires: String(expires),
    sig: signPath(secret, path, expires),
  });
  return `/api/files/download?${params}`;
}
