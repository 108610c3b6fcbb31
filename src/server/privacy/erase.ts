import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { messageWords } from '../../shared/domain/messages';
import {
  deletedApplicantEmail,
  deletedApplicantLabel,
  privacyMessages,
  SKIPPED_ERASED,
} from '../../shared/domain/privacy';
import { recordAudit } from '../audit/record';
import type { Db } from '../db/client';
import {
  account,
  accountErasures,
  apiTokens,
  applicationMessageReads,
  applicationMessages,
  applications,
  applicationVersions,
  files,
  letterRequests,
  letters,
  mailbox,
  mailMessages,
  mailPreferences,
  notifications,
  personalDataNotices,
  profiles,
  programs,
  screeningResults,
  session,
  user,
  verification,
} from '../db/schema';
import { Conflict, NotFound } from '../errors';

/** Words at least this long are replaced; shorter ones (an initial) would hit unrelated text. */
const MIN_NEEDLE = 3;

const WORD = /[\p{L}\p{N}_]/u;

/**
 * A needle as a PostgreSQL regular expression matching it as a whole word (case-insensitive): "Ann"
 * replaces "Ann" but not the start of "Annual".
 */
export function wholeWord(needle: string): string {
  const body = needle.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
  const before = WORD.test(needle[0]) ? '(?<![[:alnum:]_])' : '';
  const after = WORD.test(needle[needle.length - 1]) ? '(?![[:alnum:]_])' : '';
  return `${before}${body}${after}`;
}

/** `text` with every needle (a whole word, any case) replaced by `by`, as one SQL expression. */
function replaced(column: SQL, needles: string[], by: string): SQL {
  let out = column;
  for (const n of needles) out = sql`regexp_replace(${out}, ${wholeWord(n)}, ${by}, 'gi')`;
  return out;
}

/**
 * Replaces the needles in text columns of the rows `where` selects. For jsonb columns the needles are
 * matched as they appear inside JSON strings; the result must stay valid JSON, which a replacement
 * without quotes or backslashes guarantees.
 */
async function scrub(
  tx: Db,
  table: string,
  columns: { name: string; json?: boolean }[],
  where: SQL,
  needles: string[],
  by: string,
) {
  if (needles.length === 0) return;
  const sets = columns.map(({ name, json }) => {
    const col = sql.raw(`"${name}"`);
    if (!json) return sql`${col} = ${replaced(sql.raw(`"${name}"`), needles, by)}`;
    const jsonNeedles = needles.map((n) => JSON.stringify(n).slice(1, -1));
    return sql`${col} = (${replaced(sql.raw(`"${name}"::text`), jsonNeedles, by)})::jsonb`;
  });
  await tx.execute(sql`update ${sql.raw(`"${table}"`)} set ${sql.join(sets, sql`, `)} where ${where}`);
}

/** The words that identify a person: their names, addresses and the names of their files. */
export function personalNeedles(values: (string | null | undefined)[]): string[] {
  const set = new Set<string>();
  for (const v of values) {
    const t = v?.trim();
    if (t && t.length >= MIN_NEEDLE) set.add(t);
  }
  // Longest first, so a full name is replaced before a part of it.
  return [...set].sort((a, b) => b.length - a.length);
}

/**
 * Rewrites the audit log's words about a person (decision 056) through `audit_log_erase`, the one
 * function the log's trigger lets change an entry (actor_email, target_label and summary, whole words
 * replaced by the "Deleted applicant #N" label). It runs as the table's owner: the server's own role
 * has no UPDATE on the log (decision 055).
 */
export async function scrubAuditLog(
  tx: Db,
  o: { ids: string[]; emails: string[]; needles: string[]; label: string },
) {
  if (o.needles.length === 0 && o.emails.length === 0) return;
  const patterns = personalNeedles([...o.emails, ...o.needles]).map(wholeWord);
  await tx.execute(
    sql`select audit_log_erase(${JSON.stringify(o.ids)}::jsonb, ${JSON.stringify(o.emails)}::jsonb, ${JSON.stringify(patterns)}::jsonb, ${o.label})`,
  );
}

/** Deletes stored objects (after the transaction that erased their records commits). */
export async function deleteObjects(storage: { delete(path: string): Promise<void> }, paths: string[]) {
  for (const p of paths) await storage.delete(p);
}

export interface ErasedAccount {
  number: number;
  label: string;
  /** Stored objects to delete once the transaction commits. */
  paths: string[];
}

/**
 * Erases a person's account (decision 056), inside the caller's transaction. What the organizations
 * need to account for their decisions stays (submitted applications with their status, reviews,
 * scores, decisions, published results), under "Deleted applicant #N"; everything that names the
 * person goes: name, email, profile, answers, files, drafts, sessions, sign-in links, notifications,
 * unsent emails, the mailbox, the text of their messages and read markers, and their words in
 * reviews, results, the staff's messages and the audit log.
 */
export async function eraseAccount(tx: Db, userId: string, at: Date): Promise<ErasedAccount> {
  const [who] = await tx
    .select({ name: user.name, email: user.email, profile: profiles })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, userId))
    .for('update', { of: profiles });
  if (!who) throw new NotFound('Profile not found');
  const [done] = await tx
    .select({ n: accountErasures.number })
    .from(accountErasures)
    .where(eq(accountErasures.userId, userId));
  if (done) throw new Conflict(privacyMessages.alreadyDeleted);

  const [{ number }] = await tx
    .insert(accountErasures)
    .values({ userId, erasedAt: at })
    .returning({ number: accountErasures.number });
  const label = deletedApplicantLabel(number);
  const p = who.profile;

  const owned = await tx
    .select({ path: files.path, fileName: files.fileName })
    .from(files)
    .where(eq(files.ownerId, userId));
  const apps = await tx
    .select({
      id: applications.id,
      status: applications.status,
      programName: programs.name,
      orgId: programs.organizationId,
    })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .where(eq(applications.userId, userId));
  const emails = [...new Set([who.email, p.email].filter((e): e is string => !!e?.trim()))];
  const needles = personalNeedles([
    who.name,
    p.fullName,
    p.givenName,
    p.familyName,
    p.givenName && p.familyName ? `${p.givenName} ${p.familyName}` : null,
    p.phoneNumber,
    ...emails,
    ...owned.map((f) => f.fileName),
  ]);

  // Reference letters about them (decision 065) go with the account, kept applications' too: the
  // letters and their files, and their names in the emails sent to recommenders.
  const letterFiles = apps.length
    ? await tx
        .select({ path: letters.filePath })
        .from(letters)
        .innerJoin(letterRequests, eq(letterRequests.id, letters.requestId))
        .where(
          and(
            inArray(
              letterRequests.applicationId,
              apps.map((a) => a.id),
            ),
            sql`${letters.filePath} is not null`,
          ),
        )
    : [];
  if (apps.length) {
    await tx.delete(letterRequests).where(
      inArray(
        letterRequests.applicationId,
        apps.map((a) => a.id),
      ),
    );
    await scrub(
      tx,
      'mail_messages',
      [{ name: 'data', json: true }],
      sql`kind in ('letter_request', 'letter_receipt')`,
      needles,
      label,
    );
  }

  // Drafts mean nothing to an organization: they go (with their files' records, ON DELETE CASCADE).
  const drafts = apps.filter((a) => a.status === 'draft').map((a) => a.id);
  const kept = apps.filter((a) => a.status !== 'draft');
  const keptIds = kept.map((a) => a.id);
  if (drafts.length) await tx.delete(applications).where(inArray(applications.id, drafts));
  if (keptIds.length) {
    await tx
      .update(applications)
      .set({ answers: {}, profileSnapshot: null, changesAnswers: null, changesMessage: null })
      .where(inArray(applications.id, keptIds));
    // Every submitted version's answers go with them (decision 063).
    await tx
      .update(applicationVersions)
      .set({ answers: {} })
      .where(inArray(applicationVersions.applicationId, keptIds));
    // What reviewers and results wrote about them stays, without their name.
    const ids = sql.join(
      keptIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const ofApps = sql`application_id in (${ids})`;
    await scrub(
      tx,
      'reviews',
      [{ name: 'comments' }, { name: 'ratings', json: true }],
      ofApps,
      needles,
      label,
    );
    await scrub(
      tx,
      'score_sheets',
      [{ name: 'comments' }, { name: 'notes' }, { name: 'reopen_note' }],
      ofApps,
      needles,
      label,
    );
    await scrub(tx, 'review_conflicts', [{ name: 'note' }], ofApps, needles, label);
    // Their thread stays for the staff (decision 059), without their words or their name: what they
    // wrote is gone, in the thread and in the emails that told the staff about it.
    await tx
      .update(applicationMessages)
      .set({ body: messageWords.erased })
      .where(
        and(inArray(applicationMessages.applicationId, keptIds), eq(applicationMessages.side, 'applicant')),
      );
    await scrub(tx, 'application_messages', [{ name: 'body' }], ofApps, needles, label);
    const messageMail = sql`kind = 'message_received' and data->>'applicationId' in (${sql.join(
      keptIds.map((id) => sql`${id}`),
      sql`, `,
    )})`;
    await tx.execute(
      sql`update mail_messages set data = jsonb_set(data, '{body}', to_jsonb(${messageWords.erased}::text))
        where ${messageMail} and data->>'toStaff' = 'true'`,
    );
    await scrub(tx, 'mail_messages', [{ name: 'data', json: true }], messageMail, needles, label);
    // The emails that told the staff of a resubmission (decision 063) named them too.
    const resubmittedMail = sql`kind = 'application_resubmitted' and data->>'applicationId' in (${sql.join(
      keptIds.map((id) => sql`${id}`),
      sql`, `,
    )})`;
    await scrub(tx, 'mail_messages', [{ name: 'data', json: true }], resubmittedMail, needles, label);
    await scrub(
      tx,
      'publications',
      [
        { name: 'payload', json: true },
        { name: 'visibility', json: true },
      ],
      ofApps,
      needles,
      label,
    );
  }
  await tx.delete(files).where(eq(files.ownerId, userId));

  await tx
    .update(profiles)
    .set({
      fullName: label,
      givenName: null,
      familyName: null,
      dateOfBirth: null,
      phoneNumber: null,
      email: null,
      addressLine1: null,
      addressLine2: null,
      addressCity: null,
      addressState: null,
      addressPostalCode: null,
      addressCountry: null,
      personalStatement: null,
      parentGuardianName: null,
      parentGuardianEmail: null,
      parentGuardianPhone: null,
      emergencyContactIsParent: null,
      emergencyContactName: null,
      emergencyContactEmail: null,
      emergencyContactPhone: null,
      resumeFile: null,
      profileFiles: [],
      deletedAt: at,
      updatedAt: at,
    })
    .where(eq(profiles.id, userId));
  await tx
    .update(user)
    .set({
      name: label,
      email: deletedApplicantEmail(number),
      image: null,
      emailVerified: false,
      updatedAt: at,
    })
    .where(eq(user.id, userId));

  // Sessions end; Google can no longer sign into this account; nothing is sent to them any more.
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(account).where(eq(account.userId, userId));
  if (emails.length) await tx.delete(verification).where(inArray(verification.identifier, emails));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(applicationMessageReads).where(eq(applicationMessageReads.userId, userId));
  await tx.delete(mailPreferences).where(eq(mailPreferences.userId, userId));
  await tx.delete(personalDataNotices).where(eq(personalDataNotices.userId, userId));
  await tx.delete(apiTokens).where(eq(apiTokens.createdBy, userId));
  // Screening answers (a birth date …) go; the outcome stays in the program's counts (decision 061).
  await tx.update(screeningResults).set({ answers: {} }).where(eq(screeningResults.userId, userId));
  const lowered = emails.map((e) => e.toLowerCase());
  const theirMail = or(
    eq(mailMessages.toUserId, userId),
    inArray(sql`lower(${mailMessages.toAddress})`, lowered),
  );
  await tx
    .update(mailMessages)
    .set({ status: 'skipped', error: SKIPPED_ERASED, updatedAt: at })
    .where(and(theirMail, eq(mailMessages.status, 'pending')));
  await tx
    .update(mailMessages)
    .set({ toAddress: deletedApplicantEmail(number), data: {}, replyTo: null })
    .where(theirMail);
  await tx.delete(mailbox).where(inArray(sql`lower(${mailbox.toAddress})`, lowered));

  await scrubAuditLog(tx, { ids: [userId, ...apps.map((a) => a.id)], emails, needles, label });

  // The log says it happened, never who it was: the platform's log, and each organization whose
  // applications were anonymised.
  await recordAudit(tx, {
    actor: null,
    action: 'user.erased',
    target: { type: 'user', id: userId, label },
    summary: `personal data erased; ${kept.length} submitted application(s) kept anonymised; ${drafts.length} draft(s) deleted`,
    at,
  });
  const byOrg = new Map<string, string[]>();
  for (const a of kept) byOrg.set(a.orgId, [...(byOrg.get(a.orgId) ?? []), a.programName]);
  for (const [orgId, names] of byOrg)
    await recordAudit(tx, {
      actor: null,
      action: 'user.erased',
      target: { type: 'user', id: userId, label },
      orgId,
      summary: `applicant deleted their account; application(s) to ${names.join(', ')} kept with their scores and decisions, without personal data`,
      at,
    });

  return {
    number,
    label,
    paths: [...owned.map((f) => f.path), ...letterFiles.map((f) => f.path as string)],
  };
}
