import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { asc, desc, eq, or, sql } from 'drizzle-orm';
import { exportFileName } from '../../shared/domain/exports';
import { type MessageSide, messageAuthorLabel } from '../../shared/domain/messages';
import type { Actor } from '../../shared/policy';
import type { Deps } from '../context';
import { requireActor } from '../context';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import {
  account,
  apiTokens,
  applicationMessageReads,
  applications,
  applicationVersions,
  auditLog,
  files,
  mailMessages,
  mailPreferences,
  notifications,
  organizations,
  personalDataNotices,
  profiles,
  programs,
  publications,
  session,
  user,
} from '../db/schema';
import { NotFound } from '../errors';
import { Cancelled, entryName, entryWritten } from '../exports/dossier';
import { downloadSlot } from '../exports/limiter';
import type { Download } from '../exports/service';

/**
 * Every message of the threads of the person's own applications, each under the name the applicant
 * sees on it (messageAuthorLabel: a staff member's own name only when they signed with it).
 */
async function messagesOf(db: Db, userId: string) {
  const rows = rowsOf<{
    application_id: string;
    program: string;
    org_name: string;
    side: MessageSide;
    author_id: string | null;
    as_organization: boolean;
    author_name: string | null;
    body: string;
    attachments: string[];
    created_at: string | Date;
  }>(
    await db.execute(sql`
      select m.application_id, p.name as program, o.name as org_name, m.side, m.author_id,
        m.as_organization, m.body, m.created_at,
        coalesce((select jsonb_agg(f.file_name order by e.n) from jsonb_array_elements_text(m.attachments)
          with ordinality e(id, n) join files f on f.id::text = e.id), '[]'::jsonb) as attachments,
        coalesce(nullif(pr.full_name, ''), nullif(u.name, '')) as author_name
      from application_messages m
      join applications a on a.id = m.application_id
      join programs p on p.id = a.program_id
      join organizations o on o.id = p.organization_id
      left join "user" u on u.id = m.author_id
      left join profiles pr on pr.id = m.author_id
      where a.user_id = ${userId}
      order by m.created_at, m.id`),
  );
  return rows.map((m) => ({
    application_id: m.application_id,
    program: m.program,
    from: messageAuthorLabel(
      {
        side: m.side,
        authorId: m.author_id,
        asOrganization: m.as_organization,
        authorName: m.author_name,
      },
      { userId, side: 'applicant', hideIdentity: false, orgName: m.org_name, applicantName: null },
    ),
    text: m.body,
    attachments: m.attachments,
    sent_at: new Date(m.created_at).toISOString(),
  }));
}

/** Everything ApplyHub holds about one person, as JSON-ready objects (no secrets: no tokens, hashes). */
export async function myDataOf(db: Db, userId: string) {
  const [me] = await db
    .select({ user, profile: profiles })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (!me) throw new NotFound('Profile not found');
  const [
    apps,
    results,
    notes,
    mail,
    sessions,
    accounts,
    stored,
    prefs,
    notice,
    tokens,
    audit,
    messages,
    reads,
    versions,
  ] = await Promise.all([
    db
      .select({
        id: applications.id,
        program: programs.name,
        organization: organizations.name,
        status: applications.status,
        answers: applications.answers,
        profile_snapshot: applications.profileSnapshot,
        submitted_at: applications.submittedAt,
        created_at: applications.createdAt,
        updated_at: applications.updatedAt,
        submission_version: applications.submissionVersion,
        // The latest change request on it (decision 063): who asked is the organization.
        changes_requested_at: applications.changesRequestedAt,
        changes_due_at: applications.changesDueAt,
        changes_message: applications.changesMessage,
        changes_scope: applications.changesScope,
        changes_answers: applications.changesAnswers,
      })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.programId))
      .innerJoin(organizations, eq(organizations.id, programs.organizationId))
      .where(eq(applications.userId, userId))
      .orderBy(asc(applications.createdAt)),
    db
      .select({
        application_id: publications.applicationId,
        program: programs.name,
        result: publications.payload,
        published_at: publications.publishedAt,
        version: publications.version,
      })
      .from(publications)
      .innerJoin(programs, eq(programs.id, publications.programId))
      .where(eq(publications.userId, userId))
      .orderBy(asc(publications.publishedAt)),
    db
      .select({
        type: notifications.type,
        data: notifications.data,
        read: notifications.read,
        created_at: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.createdAt)),
    db
      .select({
        kind: mailMessages.kind,
        to: mailMessages.toAddress,
        from: mailMessages.fromName,
        status: mailMessages.status,
        data: mailMessages.data,
        error: mailMessages.error,
        created_at: mailMessages.createdAt,
        sent_at: mailMessages.sentAt,
      })
      .from(mailMessages)
      .where(or(eq(mailMessages.toUserId, userId), eq(mailMessages.toAddress, me.user.email)))
      .orderBy(asc(mailMessages.createdAt)),
    db
      .select({
        created_at: session.createdAt,
        expires_at: session.expiresAt,
        ip_address: session.ipAddress,
        user_agent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(desc(session.createdAt)),
    db
      .select({ provider: account.providerId, created_at: account.createdAt })
      .from(account)
      .where(eq(account.userId, userId)),
    db
      .select({
        path: files.path,
        kind: files.kind,
        file_name: files.fileName,
        content_type: files.contentType,
        size: files.size,
        application_id: files.applicationId,
        created_at: files.createdAt,
      })
      .from(files)
      .where(eq(files.ownerId, userId))
      .orderBy(asc(files.createdAt)),
    db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId)),
    db.select().from(personalDataNotices).where(eq(personalDataNotices.userId, userId)),
    db
      .select({
        name: apiTokens.name,
        created_at: apiTokens.createdAt,
        expires_at: apiTokens.expiresAt,
        last_used_at: apiTokens.lastUsedAt,
        revoked_at: apiTokens.revokedAt,
      })
      .from(apiTokens)
      .where(eq(apiTokens.createdBy, userId)),
    db
      .select({
        at: auditLog.at,
        action: auditLog.action,
        summary: auditLog.summary,
      })
      .from(auditLog)
      .where(eq(auditLog.actorId, userId))
      .orderBy(asc(auditLog.id)),
    messagesOf(db, userId),
    db
      .select({
        application_id: applicationMessageReads.applicationId,
        read_until: applicationMessageReads.readAt,
      })
      .from(applicationMessageReads)
      .where(eq(applicationMessageReads.userId, userId)),
    db
      .select({
        application_id: applicationVersions.applicationId,
        program: programs.name,
        number: applicationVersions.number,
        submitted_at: applicationVersions.submittedAt,
        answers: applicationVersions.answers,
      })
      .from(applicationVersions)
      .innerJoin(applications, eq(applications.id, applicationVersions.applicationId))
      .innerJoin(programs, eq(programs.id, applications.programId))
      .where(eq(applications.userId, userId))
      .orderBy(asc(applications.createdAt), asc(applicationVersions.number)),
  ]);
  const { id: _id, ...profile } = me.profile;
  return {
    account: {
      id: me.user.id,
      name: me.user.name,
      email: me.user.email,
      created_at: me.user.createdAt,
      sign_in_with: accounts,
    },
    profile,
    applications: apps.map(
      ({ changes_requested_at, changes_due_at, changes_message, changes_scope, changes_answers, ...a }) => ({
        ...a,
        change_request: changes_requested_at
          ? {
              requested_by: a.organization,
              requested_at: changes_requested_at,
              due_at: changes_due_at,
              message: changes_message,
              scope: changes_scope,
              your_changes_not_yet_resubmitted: changes_answers,
            }
          : null,
      }),
    ),
    submitted_versions: versions,
    results,
    messages,
    messages_read_until: reads,
    notifications: notes,
    emails: mail,
    sessions,
    files: stored.map(({ path: _path, ...f }) => f),
    mail_preferences: prefs[0] ?? null,
    personal_data_notice: notice[0] ?? null,
    api_tokens: tokens,
    your_actions_in_the_audit_log: audit,
    stored,
  };
}

const README = `Your data from ApplyHub
=======================

data.json    everything ApplyHub holds about you: your account and its sign-in provider, your
             profile, your applications with their answers, every version you submitted and any
             change request on them, the messages of their threads and how far you read them, your published results, notifications, the emails we sent or queued for
             you, your sign-in sessions, your mail preferences.
files/       the files you uploaded (resume, portfolio, answers to file questions, message attachments).

Dates are in UTC (ISO 8601).
`;

/**
 * Download my data (issue 33 item 21): a zip streamed as it is made, like the dossier: a README, a
 * JSON document and every file the person uploaded, one entry at a time, in one of the download slots.
 */
export async function myDataDownload(deps: Deps, actor: Actor | null): Promise<Download> {
  const me = requireActor(actor, { allowNotOnboarded: true });
  const data = await myDataOf(deps.db, me.userId);
  const release = await downloadSlot();
  const archive = new ZipArchive({ store: true, forceZip64: false, highWaterMark: 64 * 1024 });
  archive.once('close', release);
  archive.once('error', release);
  const at = deps.clock.now();
  const add = async (source: Buffer | Readable, name: string) => {
    if (archive.destroyed) throw new Cancelled();
    const written = entryWritten(archive);
    archive.append(source, { name, date: at });
    try {
      await written;
    } catch (err) {
      if (typeof (source as Readable).destroy === 'function') (source as Readable).destroy();
      throw err;
    }
  };
  const { stored, ...document } = data;
  (async () => {
    await add(Buffer.from(README), 'README.txt');
    await add(Buffer.from(`${JSON.stringify({ exported_at: at, ...document }, null, 2)}\n`), 'data.json');
    const used = new Set<string>();
    for (const f of stored) {
      let name = `files/${f.kind}/${entryName(f.file_name, 'file')}`;
      for (let i = 2; used.has(name); i++) name = `files/${f.kind}/${i} ${entryName(f.file_name, 'file')}`;
      used.add(name);
      const object = await deps.storage.get(f.path).catch(() => null);
      if (object) await add(object.body, name);
      else
        await add(
          Buffer.from(`This file could not be read from storage: ${f.file_name}\n`),
          `${name}.missing.txt`,
        );
    }
    await archive.finalize();
  })().catch((err) => {
    if (!(err instanceof Cancelled)) archive.destroy(err);
  });
  return {
    body: archive,
    fileName: exportFileName(['applyhub', 'my data'], 'zip', at),
    contentType: 'application/zip',
  };
}
