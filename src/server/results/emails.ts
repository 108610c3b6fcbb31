import { sql } from 'drizzle-orm';
import type { Visibility } from '../../shared/domain/results';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { type OutgoingEmail, queueEmails } from '../mail';
import type { MailKinds } from '../mail/templates';
import type { ResultStage } from './stages';

export interface ResultProgram {
  id: string;
  /** The program applied to: stage 1's name for a later stage (decision 066). */
  name: string;
  /** A later stage's own name, shown beside the program's. */
  stageName?: string | null;
  orgId: string;
  orgName: string;
}

/**
 * What a result email names for the program `p` (its own name): the program applied to, stage 1's
 * name, and for a later stage (decision 066) that stage's name beside it.
 */
export function resultProgramOf(
  p: { id: string; name: string; orgId: string; orgName: string },
  stage: ResultStage | null,
): ResultProgram {
  const later = !!stage && stage.stage_number > 1;
  return { ...p, name: later ? stage.program_name : p.name, stageName: later ? p.name : null };
}

/**
 * The results email's data: exactly the fields 'What to send' shows (a hidden one is absent, not
 * empty), from the stored payload, plus the custom message.
 */
export function resultEmailData(
  program: ResultProgram,
  name: string | null,
  visibility: Visibility,
  payload: { decision: string | null; score: number | null; comments: string | null },
): MailKinds['results_published'] {
  return {
    name,
    programName: program.name,
    ...(program.stageName ? { stageName: program.stageName } : {}),
    orgName: program.orgName,
    ...(visibility.decision ? { decision: payload.decision } : {}),
    ...(visibility.score ? { score: payload.score } : {}),
    ...(visibility.comments ? { comments: payload.comments } : {}),
    ...(visibility.customMessage ? { customMessage: visibility.customMessage } : {}),
  };
}

interface Recipient {
  publication_id: string;
  user_id: string;
  email: string;
  name: string | null;
  visibility: Visibility;
  payload: { decision: string | null; score: number | null; comments: string | null };
  version: number;
}

/** The applicants of these publications with what was published to them: one statement. */
async function recipientsOf(tx: Db, publicationIds: string[]): Promise<Recipient[]> {
  if (publicationIds.length === 0) return [];
  const result = await tx.execute(sql`
    select p.id as publication_id, p.user_id, u.email, coalesce(pr.full_name, nullif(u.name, '')) as name,
      p.visibility, p.payload, p.version
    from publications p
    join "user" u on u.id = p.user_id
    left join profiles pr on pr.id = p.user_id
    where p.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(publicationIds)}::jsonb))`);
  return rowsOf<Recipient>(result);
}

/**
 * Inside the publishing transaction: one "your result is ready" email per new publication, keyed by
 * the publication (so publishing the same result again sends nothing).
 */
export async function queueResultEmails(
  tx: Db,
  program: ResultProgram,
  publicationIds: string[],
): Promise<number> {
  const recipients = await recipientsOf(tx, publicationIds);
  const emails: OutgoingEmail<'results_published'>[] = recipients.map((r) => ({
    kind: 'results_published',
    to: { email: r.email, userId: r.user_id },
    about: { entity: r.publication_id },
    organizationId: program.orgId,
    programId: program.id,
    data: resultEmailData(program, r.name, r.visibility, r.payload),
  }));
  return queueEmails(tx, emails as OutgoingEmail[]);
}

/** Inside a correction's transaction: a short "your result was updated", once per correction (version). */
export async function queueResultUpdatedEmails(
  tx: Db,
  program: ResultProgram,
  publicationIds: string[],
): Promise<number> {
  const recipients = await recipientsOf(tx, publicationIds);
  const emails: OutgoingEmail<'result_updated'>[] = recipients.map((r) => ({
    kind: 'result_updated',
    to: { email: r.email, userId: r.user_id },
    about: { entity: r.publication_id, version: r.version },
    organizationId: program.orgId,
    programId: program.id,
    data: { name: r.name, programName: program.name, orgName: program.orgName },
  }));
  return queueEmails(tx, emails as OutgoingEmail[]);
}
