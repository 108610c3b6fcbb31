/** Rules and words of the super-admin governance screens (spec 000 §2, §4, §8, §9). */

export const BULK_ROLE_BATCH_SIZE = 10;
export const USER_SEARCH_DEBOUNCE_MS = 300;
export const COALITION_ADD_MAX_MATCHES = 3;

export const governanceMessages = {
  orgCreated: 'Organization created successfully',
  orgDeleted: 'Organization deleted successfully',
  orgRestored: 'Organization restored successfully',
  orgCreateFailed: 'Failed to create organization',
  orgDeleteFailed: 'Failed to delete organization',
  orgRestoreFailed: 'Failed to restore organization',
  orgsLoadFailed: 'Failed to load organizations',
  coalitionCreated: 'Coalition created successfully',
  coalitionDeleted: 'Coalition deleted successfully',
  coalitionRestored: 'Coalition restored successfully',
  coalitionCreateFailed: 'Failed to create coalition',
  coalitionDeleteFailed: 'Failed to delete coalition',
  coalitionRestoreFailed: 'Failed to restore coalition',
  coalitionsLoadFailed: 'Failed to load coalitions',
  membersLoadFailed: 'Failed to load coalition members',
  memberAdded: 'Organization added to coalition',
  memberRemoved: 'Organization removed from coalition',
  memberAddFailed: 'Failed to add organization',
  memberRemoveFailed: 'Failed to remove organization',
  usersLoadFailed: 'Failed to fetch users',
  rolesUpdated: 'Roles updated.',
  rolesPartlyFailed: 'Some updates failed. Changes were reverted for those rows.',
  orgAdminAdded: 'Organization admin added successfully',
  coalitionManagerAdded: 'Coalition manager added successfully',
  reviewerAdded: 'Reviewer added successfully',
  orgSlugTaken: 'An organization with this slug already exists.',
  coalitionSlugTaken: 'A coalition with this slug already exists.',
  lastSuperAdmin: 'ApplyHub must keep at least one super admin. Make someone else a super admin first.',
  userDeleted: 'This user is deleted. Restore them first.',
  userNotFound: 'User not found.',
  confirmSuperAdmin: 'Confirm making this user a super admin.',
} as const;

/** The question before a bulk promotion to Superadmin names the count: 'Make 20 users super admins?' */
export function superAdminPrompt(count: number): string {
  return count === 1 ? 'Make 1 user a super admin?' : `Make ${count} users super admins?`;
}

/** The selection kept when the list changes: only rows still shown stay selected. */
export function keepShown(selected: ReadonlySet<string>, rows: readonly { id: string }[]): Set<string> {
  const shown = new Set(rows.map((r) => r.id));
  return new Set([...selected].filter((id) => shown.has(id)));
}

/** 'Organization admin added successfully' and its two siblings, by assignment kind. */
export function assignmentAddedMessage(kind: 'org_admin' | 'coalition_manager' | 'reviewer'): string {
  if (kind === 'org_admin') return governanceMessages.orgAdminAdded;
  if (kind === 'coalition_manager') return governanceMessages.coalitionManagerAdded;
  return governanceMessages.reviewerAdded;
}

/** A member with no name shows a shortened id: its first 8 characters and an ellipsis. */
export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

/** Case-insensitive substring match (the spec's client-side search filters). */
export function matches(text: string | null | undefined, term: string): boolean {
  const t = term.trim().toLowerCase();
  return !t || (text ?? '').toLowerCase().includes(t);
}

/**
 * The Add Organization picker of a coalition: live organizations matching the search that are not
 * yet members, at most three. The prompt says why the list is empty.
 */
export function addableOrganizations<T extends { id: string; name: string }>(
  orgs: T[],
  memberIds: Iterable<string>,
  search: string,
): { matches: T[]; prompt: string | null } {
  const members = new Set(memberIds);
  const candidates = orgs.filter((o) => !members.has(o.id));
  if (candidates.length === 0) return { matches: [], prompt: 'All organizations are already members' };
  const found = candidates.filter((o) => matches(o.name, search));
  if (found.length === 0) return { matches: [], prompt: 'No organizations found matching your search' };
  return { matches: found.slice(0, COALITION_ADD_MAX_MATCHES), prompt: null };
}

export interface BatchOutcome<K> {
  succeeded: K[];
  failed: { key: K; error: unknown }[];
}

/**
 * Runs `task` for every key, `size` at a time in parallel (a batch waits for the previous one).
 * Never throws: every key ends in `succeeded` or `failed`.
 */
export async function inBatches<K>(
  keys: readonly K[],
  task: (key: K) => Promise<unknown>,
  size = BULK_ROLE_BATCH_SIZE,
): Promise<BatchOutcome<K>> {
  const out: BatchOutcome<K> = { succeeded: [], failed: [] };
  for (let i = 0; i < keys.length; i += size) {
    const batch = keys.slice(i, i + size);
    const settled = await Promise.allSettled(batch.map((k) => task(k)));
    settled.forEach((r, j) => {
      if (r.status === 'fulfilled') out.succeeded.push(batch[j]);
      else out.failed.push({ key: batch[j], error: r.reason });
    });
  }
  return out;
}

export interface RoleRow {
  id: string;
  role: string;
  deleted_at: string | null;
}

/**
 * The bulk role change plan: the selected rows that are not deleted and do not already hold the role
 * (deleted users are skipped), and the rows as they will look optimistically.
 */
export function planRoleChange<R extends RoleRow>(rows: R[], selected: Iterable<string>, role: string) {
  const chosen = new Set(selected);
  const targets = rows.filter((r) => chosen.has(r.id) && !r.deleted_at && r.role !== role);
  const skipped = rows.filter((r) => chosen.has(r.id) && r.deleted_at).map((r) => r.id);
  const ids = new Set(targets.map((r) => r.id));
  const optimistic = rows.map((r) => (ids.has(r.id) ? { ...r, role } : r));
  return { targets: targets.map((r) => r.id), skipped, optimistic };
}

/** After the bulk change: failed rows get their previous values back, the others keep the new role. */
export function revertFailed<R extends RoleRow>(
  current: R[],
  previous: R[],
  failedIds: Iterable<string>,
): R[] {
  const failed = new Set(failedIds);
  const before = new Map(previous.map((r) => [r.id, r]));
  return current.map((r) => (failed.has(r.id) && before.has(r.id) ? before.get(r.id)! : r));
}

/** The message after a bulk change. */
export function bulkRoleMessage(failedCount: number): { ok: boolean; message: string } {
  return failedCount > 0
    ? { ok: false, message: governanceMessages.rolesPartlyFailed }
    : { ok: true, message: governanceMessages.rolesUpdated };
}
