import type { Actor } from '../../shared/policy';
import { assertCan } from '../context';
import type { Db } from '../db/client';
import { liveCoalitionBySlug } from '../discovery/queries';
import { NotFound } from '../errors';
import { coalitionPrograms } from './queries';

/** The coalition manager's list: programs of the coalition's member organizations. */
export async function listCoalitionPrograms(db: Db, actor: Actor | null, slug: string) {
  const coalition = await liveCoalitionBySlug(db, slug);
  if (!coalition) throw new NotFound('Coalition not found.');
  assertCan(actor, { kind: 'coalition:manage', coalitionId: coalition.id });
  const items = await coalitionPrograms(db, coalition.id);
  return { items, total: items.length };
}
