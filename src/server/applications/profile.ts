import type { Profile } from '../../shared/schemas/profiles';

/** The stored snapshot: the profile's fields plus the spec's markers (spec 001 §3 Application). */
export function profileSnapshot(profile: Profile | null, now: Date): Record<string, unknown> {
  return {
    ...(profile ?? {}),
    __source: 'profile',
    __version: 1,
    __snapshot_at: now.toISOString(),
  };
}
