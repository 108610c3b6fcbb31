import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAfter } from '../../shared/domain/audit';
import { attachmentName } from '../../shared/domain/blind-review';
import { LIMITS } from '../../shared/domain/limits';
import {
  type MessageSide,
  messageAuthorLabel,
  messageWords,
  type ReaderFacts,
} from '../../shared/domain/messages';
import type { Actor } from '../../shared/policy';
import type {
  Message,
  MessageAttachment,
  MessageCounts,
  MessageSettings,
  MessageThread,
} from '../../shared/schemas/messages';
import { APPLICATION_NOT_FOUND, readableApplication } from '../applications/access';
import { recordAudit } from '../audit/record';
import type { Clock } from '../clock';
import { requireActor } from '../context';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { applicationMessageReads, applicationMessages, files, programMessageSettings } from '../db/schema';
import { Conflict, Forbidden, Invalid, NotFound } from '../errors';
import { rawId, type Who } from '../http/openapi';
import { queueEmails } from '../mail/queue';
import { assertAdmin, programAccess } from '../programs/access';
import { notifyTopic } from '../realtime/notify';
import { FILE_REF_PREFIX } from '../scoring/redaction';
import { emitWebhookEvent } from '../webhooks';
import { emailAssignedReviewers } from './reviewer-emails';

/** The realtime topic of one application's thread (checked with the read gate, see canWatchThread). */
export const threadTopic = (applicationId: string) => `messages:${applicationId}`;

interface ThreadReader {
  actor: Actor;
  applicationId: string;
  programId: string;
  orgId: string;
  ownerId: string;
  side: MessageSide;
  hideIdentity: boolean;
  admin: boolean;
  /** A draft is its applicant's alone: nobody on staff would read a message on it. */
  draft: boolean;
}

async function reviewersMayWrite(db: Db, programId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: programMessageSettings.reviewersMayWrite })
    .from(programMessageSettings)
    .where(eq(programMessageSettings.programId, programId));
  return row?.on ?? false;
}

/**
 * Who may read and write an application's thread: the read gate first (applicationReader through
 * readableApplication: its applicant, or its program's reviewers and admins once submitted; anyone
 * else 404), then the program's setting: a reviewer who does not administer the program only when
 * the admin allowed reviewers (403 otherwise). Exporters (coalition managers) are not staff: 404.
 */
export async function threadReader(
  db: Db,
  actor: Actor | null,
  applicationId: string,
): Promise<ThreadReader> {
  const me = requireActor(actor);
  const ref = await readableApplication(db, me, applicationId);
  const base = {
    actor: me,
    applicationId: ref.id,
    programId: ref.programId,
    orgId: ref.scope.orgId,
    ownerId: ref.userId,
    draft: ref.status === 'draft',
  };
  if (ref.role === 'owner') return { ...base, side: 'applicant', hideIdentity: false, admin: false };
  if (!ref.access.admin && !(await reviewersMayWrite(db, ref.programId)))
    throw new Forbidden(messageWords.reviewersOff);
  return { ...base, side: 'staff', hideIdentity: ref.access.view.hideIdentity, admin: ref.access.admin };
}

/** Route caller check (`who`, decision 052): those who may read the thread `/applications/{id}`. */
export const threadMembers: Who = (c, actor) =>
  threadReader(
    c.get('deps').db,
    actor,
    rawId(c, 'id', () => new NotFound(APPLICATION_NOT_FOUND)),
  );

/** Realtime: may this actor watch the thread (the same gate as reading it)? */
export async function canWatchThread(db: Db, actor: Actor, applicationId: string): Promise<boolean> {
  try {
    await threadReader(db, actor, applicationId);
    return true;
  } catch {
    return false;
  }
}

/** Where a message's attachment may be uploaded: the thread's gate, and never on a draft (decision 059). */
export async function messageFileTarget(db: Db, actor: Actor, applicationId: string): Promise<string> {
  const r = await threadReader(db, actor, applicationId);
  if (r.draft) throw new Conflict(messageWords.draft);
  return r.applicationId;
}

interface StoredFile {
  id: string;
  path: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** The stored files behind messages' attachment ids (one query); a file erased since is simply gone. */
async function storedFiles(db: Db, ids: string[]): Promise<Map<string, StoredFile>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: files.id,
      path: files.path,
      fileName: files.fileName,
      contentType: files.contentType,
      size: files.size,
    })
    .from(files)
    .where(inArray(files.id, [...new Set(ids)]));
  return new Map(rows.map((f) => [f.id, f]));
}

/**
 * A message's attachments as this reader sees them: a blind program's reviewer gets an opaque
 * reference and "Attachment N.ext" (the file's own name may name the applicant), others the file.
 */
function attachmentsFor(ids: string[], found: Map<string, StoredFile>, hide: boolean): MessageAttachment[] {
  return ids
    .flatMap((id) => found.get(id) ?? [])
    .map((f, i) => ({
      name: hide ? attachmentName(i + 1, f.fileName) : f.fileName,
      path: hide ? `${FILE_REF_PREFIX}${f.id}/${i + 1}` : f.path,
      size: f.size,
      content_type: f.contentType,
    }));
}

/**
 * The files a writer attaches: their own uploads (purpose `message`) to this application, not yet on
 * a message, at most three. Their ids, in the order given.
 */
async function attachableFiles(db: Db, r: ThreadReader, paths: string[]): Promise<string[]> {
  const wanted = [...new Set(paths)];
  if (wanted.length > LIMITS.messageFiles) throw new Invalid(messageWords.tooManyFiles);
  if (!wanted.length) return [];
  const rows = await db
    .select({ id: files.id, path: files.path })
    .from(files)
    .where(
      and(
        inArray(files.path, wanted),
        eq(files.kind, 'message'),
        eq(files.ownerId, r.actor.userId),
        eq(files.applicationId, r.applicationId),
      ),
    );
  const ids = wanted.map((p) => rows.find((f) => f.path === p)?.id);
  if (ids.some((id) => !id)) throw new Invalid(messageWords.fileGone);
  for (const id of ids as string[]) {
    const [used] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from application_messages
        where application_id = ${r.applicationId} and attachments @> ${JSON.stringify([id])}::jsonb limit 1`),
    );
    if (used) throw new Invalid(messageWords.fileGone);
  }
  return ids as string[];
}

interface Names {
  orgName: string;
  programName: string;
  applicantName: string | null;
  applicantEmail: string;
}

async function namesOf(db: Db, applicationId: string): Promise<Names> {
  const [row] = rowsOf<{
    org_name: string;
    program_name: string;
    applicant_name: string | null;
    email: string;
  }>(
    await db.execute(sql`
      select o.name as org_name, p.name as program_name, u.email,
        coalesce(nullif(pr.full_name, ''), nullif(u.name, '')) as applicant_name
      from applications a
      join programs p on p.id = a.program_id
      join organizations o on o.id = p.organization_id
      join "user" u on u.id = a.user_id
      left join profiles pr on pr.id = a.user_id
      where a.id = ${applicationId}`),
  );
  return {
    orgName: row.org_name,
    programName: row.program_name,
    applicantName: row.applicant_name,
    applicantEmail: row.email,
  };
}

interface MessageRow {
  id: string;
  side: MessageSide;
  author_id: string | null;
  author_name: string | null;
  as_organization: boolean;
  body: string;
  attachments: string[];
  created_at: string | Date;
}

const iso = (v: string | Date) => new Date(v).toISOString();

function present(row: MessageRow, reader: ReaderFacts, found: Map<string, StoredFile>): Message {
  const facts = {
    side: row.side,
    authorId: row.author_id,
    asOrganization: row.as_organization,
    authorName: row.author_name,
  };
  return {
    id: row.id,
    side: row.side,
    author: messageAuthorLabel(facts, reader),
    mine: !!row.author_id && row.author_id === reader.userId,
    // Whether it went out under the organization's name (the applicant then sees no writer's name).
    as_organization: row.side === 'staff' && row.as_organization,
    body: row.body,
    attachments: attachmentsFor(row.attachments ?? [], found, reader.hideIdentity),
    created_at: iso(row.created_at),
  };
}

function readerFacts(r: ThreadReader, names: Names): ReaderFacts {
  return {
    userId: r.actor.userId,
    side: r.side,
    hideIdentity: r.hideIdentity,
    orgName: names.orgName,
    applicantName: r.hideIdentity ? null : names.applicantName,
  };
}

/** Messages of a thread, oldest first, with the author names this reader may see. */
export async function threadMessages(db: Db, r: ThreadReader, names: Names): Promise<Message[]> {
  const rows = rowsOf<MessageRow>(
    await db.execute(sql`
      select m.id, m.side, m.author_id, m.as_organization, m.body, m.attachments, m.created_at,
        coalesce(nullif(pr.full_name, ''), nullif(u.name, '')) as author_name
      from application_messages m
      left join "user" u on u.id = m.author_id
      left join profiles pr on pr.id = m.author_id
      where m.application_id = ${r.applicationId}
      order by m.created_at, m.id`),
  );
  const facts = readerFacts(r, names);
  const found = await storedFiles(
    db,
    rows.flatMap((row) => row.attachments ?? []),
  );
  return rows.map((row) => present(row, facts, found));
}

async function unreadOf(db: Db, r: ThreadReader): Promise<number> {
  const other = r.side === 'applicant' ? 'staff' : 'applicant';
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from application_messages m
      where m.application_id = ${r.applicationId} and m.side = ${other}
        and m.created_at > coalesce((select read_at from application_message_reads
          where application_id = ${r.applicationId} and user_id = ${r.actor.userId}), '-infinity')`),
  );
  return row?.n ?? 0;
}

export async function getThread(db: Db, actor: Actor | null, applicationId: string): Promise<MessageThread> {
  const r = await threadReader(db, actor, applicationId);
  const names = await namesOf(db, r.applicationId);
  const items = await threadMessages(db, r, names);
  return {
    items,
    total: items.length,
    unread: await unreadOf(db, r),
    side: r.side,
    org_name: names.orgName,
    admin: r.admin,
    can_write: !r.draft,
  };
}

/** The caller has read the thread up to now. */
export async function markThreadRead(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  applicationId: string,
): Promise<{ unread: number }> {
  const r = await threadReader(db, actor, applicationId);
  await markRead(db, r.applicationId, r.actor.userId, clock.now());
  return { unread: 0 };
}

async function markRead(tx: Db, applicationId: string, userId: string, at: Date) {
  await tx
    .insert(applicationMessageReads)
    .values({ applicationId, userId, readAt: at })
    .onConflictDoUpdate({
      target: [applicationMessageReads.applicationId, applicationMessageReads.userId],
      set: { readAt: sql`greatest(${applicationMessageReads.readAt}, excluded.read_at)` },
    });
}

/** The program's admins who get the applicant's messages by email (org admins and program admins). */
async function staffRecipients(tx: Db, programId: string, orgId: string) {
  return rowsOf<{ user_id: string; email: string; name: string | null }>(
    await tx.execute(sql`
      select distinct u.id as user_id, u.email, coalesce(nullif(pr.full_name, ''), nullif(u.name, '')) as name
      from assignments a
      join "user" u on u.id = a.user_id
      left join profiles pr on pr.id = a.user_id
      where a.status = 'active' and pr.deleted_at is null
        and ((a.kind = 'org_admin' and a.scope_type = 'org' and a.scope_id = ${orgId})
          or (a.kind = 'program_admin' and a.scope_type = 'program' and a.scope_id = ${programId}))`),
  );
}

/**
 * Writes one message: stored, audited, announced on the thread's topic and as the webhook event
 * `message.created`, and emailed to the other side (the applicant, or the program's admins and, when
 * reviewers may take part, the reviewers assigned to the application: reviewer-emails.ts), each
 * email once (its key is the message's id) — all in one transaction.
 */
export async function postMessage(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  applicationId: string,
  input: { body: string; as_organization?: boolean; attachments?: string[] },
): Promise<{ message: Message }> {
  const r = await threadReader(db, actor, applicationId);
  if (r.draft) throw new Conflict(messageWords.draft);
  const attachments = await attachableFiles(db, r, input.attachments ?? []);
  const names = await namesOf(db, r.applicationId);
  const now = clock.now();
  // A blind program's reviewer never signs with their name; the applicant always writes as themselves.
  const asOrganization =
    r.side === 'staff' ? (r.hideIdentity ? true : (input.as_organization ?? true)) : false;
  const row = await db.transaction(async (tx) => {
    const [m] = await tx
      .insert(applicationMessages)
      .values({
        applicationId: r.applicationId,
        authorId: r.actor.userId,
        side: r.side,
        asOrganization,
        body: input.body,
        attachments,
        createdAt: now,
      })
      .returning();
    await markRead(tx, r.applicationId, r.actor.userId, now);
    await recordAudit(tx, {
      actor: { userId: r.actor.userId },
      action: 'message.created',
      target: { type: 'application', id: r.applicationId, label: names.programName },
      orgId: r.orgId,
      summary: r.side === 'staff' ? 'message to the applicant' : 'message from the applicant',
      at: now,
    });
    await emitWebhookEvent(tx, {
      type: 'message.created',
      scope: { organizationId: r.orgId },
      key: `message.created:${m.id}`,
      data: { message_id: m.id, application_id: r.applicationId, program_id: r.programId, from: r.side },
      at: now,
    });
    const about = { entity: `message:${m.id}` };
    const data = {
      programName: names.programName,
      orgName: names.orgName,
      applicationId: r.applicationId,
      body: input.body,
    };
    if (r.side === 'staff') {
      await queueEmails(tx, [
        {
          kind: 'message_received',
          to: { email: names.applicantEmail, userId: r.ownerId },
          about,
          organizationId: r.orgId,
          programId: r.programId,
          data: { ...data, name: names.applicantName, from: names.orgName, toStaff: false },
        },
      ]);
    } else {
      const staff = await staffRecipients(tx, r.programId, r.orgId);
      await queueEmails(
        tx,
        staff.map((s) => ({
          kind: 'message_received' as const,
          to: { email: s.email, userId: s.user_id },
          about,
          programId: r.programId,
          data: { ...data, name: s.name, from: names.applicantName ?? messageWords.applicant, toStaff: true },
        })),
      );
      // And, when the program lets reviewers take part, its reviewers assigned to the application.
      await emailAssignedReviewers(tx, {
        messageId: m.id,
        applicationId: r.applicationId,
        programId: r.programId,
        programName: names.programName,
        orgName: names.orgName,
        applicantName: names.applicantName,
        body: input.body,
        admins: staff.map((s) => s.user_id),
      });
    }
    await notifyTopic(tx, threadTopic(r.applicationId), { kind: 'message' });
    return m;
  });
  const message = present(
    {
      id: row.id,
      side: row.side,
      author_id: row.authorId,
      author_name: null,
      as_organization: row.asOrganization,
      body: row.body,
      attachments: row.attachments,
      created_at: row.createdAt,
    },
    readerFacts(r, names),
    await storedFiles(db, row.attachments),
  );
  return { message };
}

/** My Submissions: per application of mine with messages, how many from staff I have not read. */
export async function myMessageCounts(db: Db, actor: Actor | null): Promise<MessageCounts> {
  const me = requireActor(actor);
  const rows = rowsOf<{ application_id: string; unread: number; total: number }>(
    await db.execute(sql`
      select m.application_id, count(*)::int as total,
        count(*) filter (where m.side = 'staff' and m.created_at > coalesce(r.read_at, '-infinity'))::int as unread
      from applications a
      join application_messages m on m.application_id = a.id
      left join application_message_reads r on r.application_id = a.id and r.user_id = ${me.userId}
      where a.user_id = ${me.userId}
      group by m.application_id`),
  );
  return { items: rows.map((x) => ({ application_id: x.application_id, unread: x.unread, total: x.total })) };
}

/** The admin inbox: per application of the program with messages, how many from the applicant this admin has not read. */
export async function programMessageCounts(
  db: Db,
  actor: Actor | null,
  programId: string,
): Promise<MessageCounts> {
  const access = await programAccess(db, actor, programId);
  assertAdmin(access);
  const rows = rowsOf<{ application_id: string; unread: number; total: number }>(
    await db.execute(sql`
      select m.application_id, count(*)::int as total,
        count(*) filter (where m.side = 'applicant' and m.created_at > coalesce(r.read_at, '-infinity'))::int as unread
      from applications a
      join application_messages m on m.application_id = a.id
      left join application_message_reads r on r.application_id = a.id and r.user_id = ${access.actor.userId}
      where a.program_id = ${programId} and a.status <> 'draft'
      group by m.application_id`),
  );
  return { items: rows.map((x) => ({ application_id: x.application_id, unread: x.unread, total: x.total })) };
}

/** A copied program (issue 29 item 5) takes its source's message setting; runs on the copy's transaction. */
export async function copyMessageSettings(tx: Db, fromProgramId: string, toProgramId: string) {
  if (await reviewersMayWrite(tx, fromProgramId))
    await tx.insert(programMessageSettings).values({ programId: toProgramId, reviewersMayWrite: true });
}

export async function getMessageSettings(
  db: Db,
  actor: Actor | null,
  programId: string,
): Promise<MessageSettings> {
  const access = await programAccess(db, actor, programId);
  assertAdmin(access);
  return { reviewers_may_write: await reviewersMayWrite(db, programId) };
}

export async function setMessageSettings(
  db: Db,
  actor: Actor | null,
  programId: string,
  input: MessageSettings,
): Promise<MessageSettings> {
  const access = await programAccess(db, actor, programId);
  assertAdmin(access);
  const before = await reviewersMayWrite(db, programId);
  await db.transaction(async (tx) => {
    await tx
      .insert(programMessageSettings)
      .values({ programId, reviewersMayWrite: input.reviewers_may_write })
      .onConflictDoUpdate({
        target: programMessageSettings.programId,
        set: { reviewersMayWrite: input.reviewers_may_write },
      });
    // Letting reviewers into the threads grants a right: the log shows who changed it (rule 14).
    if (before !== input.reviewers_may_write)
      await recordAudit(tx, {
        actor: { userId: access.actor.userId },
        action: 'message.settings_changed',
        target: { type: 'program', id: programId },
        orgId: access.scope.orgId,
        summary: beforeAfter(
          { reviewers_may_write: before },
          { reviewers_may_write: input.reviewers_may_write },
        ),
      });
  });
  return { reviewers_may_write: input.reviewers_may_write };
}

/**
 * The thread as the program's admins read it, for the application's PDF and the dossier (callers have
 * passed the read gate as admins): every author by name, the applicant's included.
 */
export async function threadForAdminDocument(db: Db, applicationId: string) {
  const names = await namesOf(db, applicationId);
  const reader = {
    applicationId,
    actor: { userId: '' } as Actor,
    side: 'staff' as const,
    hideIdentity: false,
  } as ThreadReader;
  return (await threadMessages(db, reader, names)).map((m) => ({
    author: m.side === 'staff' && m.as_organization ? `${m.author} (as ${names.orgName})` : m.author,
    createdAt: m.created_at,
    body: m.body,
    attachments: m.attachments.map((a) => a.name),
  }));
}
