import { DELETE_ACCOUNT_WORD, privacyMessages } from '../../shared/domain/privacy';
import type { Actor } from '../../shared/policy';
import type { DeleteAccountInput, DeleteAccountResult } from '../../shared/schemas/privacy';
import type { Deps } from '../context';
import { requireActor } from '../context';
import { Conflict, Invalid } from '../errors';
import { logger } from '../log/logger';
import { deleteObjects, eraseAccount } from './erase';

/** Staff accounts are not deleted by their owners: their roles are taken away by a super admin first. */
const hasStaffRoles = (me: Actor) =>
  me.role === 'superadmin' ||
  me.orgAdmin.length > 0 ||
  me.coalitionManager.length > 0 ||
  me.reviewerOrgs.length > 0 ||
  me.reviewerPrograms.length > 0 ||
  me.programAdmin.length > 0;

/**
 * Delete my account (issue 33 item 22, decision 056): the person confirms with the word; their
 * personal data is erased in one transaction (see eraseAccount), their stored files are deleted once
 * it commits. (No queued job holds the object paths: a job's data would outlive the erasure.)
 */
export async function deleteMyAccount(
  deps: Deps,
  actor: Actor | null,
  input: DeleteAccountInput,
): Promise<DeleteAccountResult> {
  const me = requireActor(actor, { allowNotOnboarded: true });
  if (input.confirmation.trim() !== DELETE_ACCOUNT_WORD)
    throw new Invalid(privacyMessages.confirm, { confirmation: privacyMessages.confirm });
  if (hasStaffRoles(me)) throw new Conflict(privacyMessages.staff);
  const at = deps.clock.now();
  const erased = await deps.db.transaction((tx) => eraseAccount(tx, me.userId, at));
  await deleteObjects(deps.storage, erased.paths).catch((err) =>
    // The log names no file (their names were personal data).
    logger().warn(
      { err: err instanceof Error ? err.message : String(err), files: erased.paths.length },
      'the files of a deleted account could not all be deleted from storage',
    ),
  );
  return { message: privacyMessages.deleted };
}
