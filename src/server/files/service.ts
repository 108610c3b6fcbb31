import { eq, sql } from 'drizzle-orm';
import { answerFilePrefix } from '../../shared/domain/answer-values';
import { attachmentName } from '../../shared/domain/blind-review';
import { changesOpen, lockedMessage, unlockedKeys } from '../../shared/domain/change-requests';
import { type UploadRule, uploadRules } from '../../shared/domain/uploads';
import { type Actor, isSuperAdmin } from '../../shared/policy';
import type { FileInfo, SignedUrl, UploadPurpose } from '../../shared/schemas/files';
import type { Profile } from '../../shared/schemas/profiles';
import { assertEditable, ownApplication, readableApplication } from '../applications/access';
import { readsAsLaterStageReviewer } from '../applications/stages';
import { type Deps, requireActor } from '../context';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';
import { AppError, Forbidden, Invalid, NotFound, TooLarge } from '../errors';
import { webBody } from '../http/web-body';
import { messageFileTarget, threadReader } from '../messages/service';
import { logoTarget, setOrgLogo } from '../orgs/settings';
import { toProfile } from '../profiles/service';
import { FILE_REF_PREFIX } from '../scoring/redaction';
import { contentDisposition } from '../storage/disposition';
import { isValidObjectPath, StorageLimitExceeded } from '../storage/storage';
import { declaredType, extensionOf, SNIFF_BYTES, sniffType, TextCheck } from './content';
import { displayName, messageFilePrefix, objectKey, PROFILE_FILES, revealsNothing } from './names';
import {
  applicationsShowingProfileFile,
  type FileRow,
  fileById,
  fileByPath,
  insertFile,
  programForm,
  releaseProfileFile,
} from './queries';
import { downloadUrl, SIGNED_URL_SECONDS, verifySignature } from './signing';

export const FILE_NOT_FOUND = 'File not found';

export interface UploadRequest {
  purpose: UploadPurpose;
  applicationId?: string;
  fieldKey?: string;
  orgSlug?: string;
  /** Raw headers as sent. */
  contentType: string | undefined;
  contentLength: string | undefined;
  fileName: string | undefined;
  body: ReadableStream<Uint8Array> | null;
}

/** Where the object goes and what to record. */
interface Target {
  /** The object's folder: it names no person and no file (decision 051). */
  prefix: string;
  applicationId: string | null;
  /** A logo: the organization it belongs to. */
  orgId?: string;
}

async function uploadTarget(deps: Deps, actor: Actor, input: UploadRequest): Promise<Target> {
  if (input.purpose === 'resume' || input.purpose === 'portfolio')
    return { prefix: PROFILE_FILES, applicationId: null };
  if (input.purpose === 'logo') {
    if (!input.orgSlug) throw new Invalid('A logo needs org_slug.');
    const { orgId, prefix } = await logoTarget(deps.db, actor, input.orgSlug);
    return { prefix, applicationId: null, orgId };
  }
  if (input.purpose === 'message') {
    if (!input.applicationId) throw new Invalid('A message attachment needs application_id.');
    const id = await messageFileTarget(deps.db, actor, input.applicationId);
    return { prefix: messageFilePrefix(id), applicationId: id };
  }
  if (!input.applicationId || !input.fieldKey)
    throw new Invalid('An answer file needs application_id and field_key.');
  const ref = await ownApplication(deps.db, actor, input.applicationId);
  assertEditable(ref, deps.clock);
  const form = await programForm(deps.db, ref.programId);
  const question = form?.questions.find((q) => q.key === input.fieldKey);
  if (question?.type !== 'file' || !isValidObjectPath(input.fieldKey))
    throw new Invalid('This question does not take a file.');
  // During an open change request only the unlocked questions take a new file (decision 063).
  if (
    form &&
    ref.status === 'submitted' &&
    ref.changesScope &&
    changesOpen(ref.changesDueAt, deps.clock.now()) &&
    !unlockedKeys(form.questions, ref.changesScope).has(question.key)
  )
    throw new Invalid(lockedMessage([question.label || question.key]));
  // The spec's folder (the answer check reads it), a random name in it.
  return { prefix: answerFilePrefix(ref.id, input.fieldKey).slice(0, -1), applicationId: ref.id };
}

/** Reads the first bytes (up to SNIFF_BYTES) and hands back the rest as one stream of chunks. */
async function splitHead(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (size < SNIFF_BYTES) {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    if (value?.byteLength) {
      chunks.push(value);
      size += value.byteLength;
    }
  }
  const head = Buffer.concat(chunks).subarray(0, SNIFF_BYTES);
  async function* all(): AsyncGenerator<Uint8Array> {
    yield* chunks;
    if (ended) return;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value?.byteLength) yield value;
    }
  }
  return { head, all, cancel: () => reader.cancel().catch(() => {}) };
}

/**
 * Streams an upload to storage under `prefix` with a random name, checked as uploadFile's doc says
 * (declared length, real length, sniffed type). Also used for reference letters (decision 065).
 */
export async function storeUpload(
  deps: Pick<Deps, 'storage'>,
  rule: UploadRule,
  prefix: string,
  input: Pick<UploadRequest, 'contentType' | 'contentLength' | 'body'>,
): Promise<{ path: string; size: number; type: string }> {
  const declared = declaredType(input.contentType);
  const typeMessage = rule.typeMessage(declared);
  if (!rule.types.includes(declared)) throw new Invalid(typeMessage);
  const length = input.contentLength === undefined ? null : Number(input.contentLength);
  if (length !== null && (!Number.isSafeInteger(length) || length < 0))
    throw new Invalid('Content-Length must be a whole number of bytes.');
  if (length !== null && length >= rule.maxBytes) throw new TooLarge(rule.sizeMessage);
  if (!input.body || length === 0) throw new Invalid(typeMessage);

  const { head, all, cancel } = await splitHead(input.body);
  try {
    const type = await sniffType(head, declared, rule.types);
    if (!type) throw new Invalid(typeMessage);
    const text = type === 'text/plain' ? new TextCheck(typeMessage) : null;
    let seen = 0;
    async function* checked(): AsyncGenerator<Uint8Array> {
      for await (const chunk of all()) {
        seen += chunk.byteLength;
        if (length !== null && seen > length)
          throw new Invalid('The body is longer than its Content-Length.');
        text?.push(chunk);
        yield chunk;
      }
      text?.end();
      if (seen === 0) throw new Invalid(typeMessage);
    }

    const path = objectKey(prefix, extensionOf[type] ?? 'bin');
    try {
      const { size } = await deps.storage.put(path, checked(), {
        contentType: type,
        maxBytes: rule.maxBytes,
        size: length ?? undefined,
      });
      return { path, size, type };
    } catch (err) {
      if (err instanceof StorageLimitExceeded) throw new TooLarge(rule.sizeMessage);
      throw err;
    }
  } catch (err) {
    await cancel();
    throw err;
  }
}

/**
 * Stores an upload: refused by its declared length before reading, by its real length while
 * streaming (413), and by its bytes (422: the sniffed type must be allowed; plain text must be UTF-8
 * without NUL). Records it and, for the profile, sets the resume (the old one is deleted) or adds a
 * portfolio file. Answer files are only stored: the applicant's page puts the FileInfo in the answer.
 */
export async function uploadFile(deps: Deps, actor: Actor | null, input: UploadRequest): Promise<FileInfo> {
  const me = requireActor(actor);
  const rule = uploadRules[input.purpose];
  const fileName = displayName(input.fileName);
  const target = await uploadTarget(deps, me, input);
  const { path, size, type } = await storeUpload(deps, rule, target.prefix, input);
  const now = deps.clock.now();
  const info: FileInfo = {
    fileName,
    filePath: path,
    fileSize: size,
    contentType: type,
    uploadedAt: now.toISOString(),
    ...(input.purpose === 'portfolio' ? { uploadedBy: me.userId } : {}),
  };
  let replaced: string | null = null;
  try {
    replaced = await deps.db.transaction(async (tx) => {
      await insertFile(tx, {
        path,
        ownerId: me.userId,
        applicationId: target.applicationId,
        kind: input.purpose,
        fileName,
        contentType: type,
        size,
        createdAt: now,
      });
      if (input.purpose === 'resume') {
        const [current] = await tx
          .select({ resumeFile: profiles.resumeFile })
          .from(profiles)
          .where(eq(profiles.id, me.userId))
          .for('update');
        if (!current) throw new NotFound('Profile not found');
        await tx.update(profiles).set({ resumeFile: info, updatedAt: now }).where(eq(profiles.id, me.userId));
        const old = (current.resumeFile as FileInfo | null)?.filePath ?? null;
        return old && (await releaseProfileFile(tx, old, me.userId)) ? old : null;
      }
      if (input.purpose === 'logo' && target.orgId) return setOrgLogo(tx, target.orgId, info, me);
      if (input.purpose === 'portfolio') {
        const rows = await tx
          .update(profiles)
          .set({
            profileFiles: sql`${profiles.profileFiles} || ${JSON.stringify([info])}::jsonb`,
            updatedAt: now,
          })
          .where(eq(profiles.id, me.userId))
          .returning({ id: profiles.id });
        if (!rows.length) throw new NotFound('Profile not found');
      }
      return null;
    });
  } catch (err) {
    await deps.storage.delete(path).catch(() => {});
    throw err;
  }
  if (replaced) await deps.storage.delete(replaced).catch(() => {});
  return info;
}

/** Removes the profile's resume (object, record and profile entry). Nothing to remove: the profile as is. */
export async function removeResume(deps: Deps, actor: Actor | null): Promise<Profile> {
  const me = requireActor(actor);
  const { profile, removed } = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(profiles).where(eq(profiles.id, me.userId)).for('update');
    if (!row) throw new NotFound('Profile not found');
    const old = (row.resumeFile as FileInfo | null)?.filePath ?? null;
    if (!old) return { profile: toProfile(row), removed: null };
    const [updated] = await tx
      .update(profiles)
      .set({ resumeFile: null, updatedAt: deps.clock.now() })
      .where(eq(profiles.id, me.userId))
      .returning();
    const released = await releaseProfileFile(tx, old, me.userId);
    return { profile: toProfile(updated), removed: released ? old : null };
  });
  if (removed) await deps.storage.delete(removed).catch(() => {});
  return profile;
}

/** Removes one portfolio file of the caller's profile (404 when it is not there). */
export async function removePortfolioFile(deps: Deps, actor: Actor | null, path: string): Promise<Profile> {
  const me = requireActor(actor);
  const { profile, released } = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(profiles).where(eq(profiles.id, me.userId)).for('update');
    if (!row) throw new NotFound('Profile not found');
    const list = (row.profileFiles as FileInfo[] | null) ?? [];
    const kept = list.filter((f) => f.filePath !== path);
    if (kept.length === list.length) throw new NotFound(FILE_NOT_FOUND);
    const [updated] = await tx
      .update(profiles)
      .set({ profileFiles: kept, updatedAt: deps.clock.now() })
      .where(eq(profiles.id, me.userId))
      .returning();
    return { profile: toProfile(updated), released: await releaseProfileFile(tx, path, me.userId) };
  });
  if (released) await deps.storage.delete(path).catch(() => {});
  return profile;
}

/**
 * Who may read a stored file: its owner; super admins; for an answer file whoever may read its
 * application, for a profile file whoever may read an application whose review page shows it (a
 * submitted application holds it in its profile snapshot and the program's form collects Experience
 * & Portfolio). Both through the application gate (applications/access.ts): an independent-scoring
 * reviewer not assigned to the application, or recused from it, is refused (403), and loses the file
 * when unassigned. A message's attachment: whoever may read the thread. Anyone else: 404.
 */
async function assertReadable(db: Db, me: Actor, row: FileRow): Promise<void> {
  if (row.ownerId === me.userId || isSuperAdmin(me)) return;
  // A message's attachment: whoever may read its thread (decision 059), the thread's own gate.
  if (row.kind === 'message' && row.applicationId) {
    await threadReader(db, me, row.applicationId);
    return;
  }
  const through = row.applicationId
    ? [row.applicationId]
    : await applicationsShowingProfileFile(db, row.ownerId, row.path);
  let refused: AppError | null = null;
  for (const applicationId of through) {
    try {
      await readableApplication(db, me, applicationId);
      return;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code !== 'not_found') refused = err;
    }
  }
  // An answer file of an earlier stage: the reviewers of the later stage it led to (decision 066).
  if (
    row.applicationId &&
    (await readsAsLaterStageReviewer(db, row.applicationId, (later) => readableApplication(db, me, later)))
  )
    return;
  throw refused ?? new NotFound(FILE_NOT_FOUND);
}

const REF = /^ref:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/([1-9][0-9]{0,3}))?$/i;

/**
 * The file behind a path, or behind an opaque `ref:<file id>/<n>` (what a blind program's reviewers
 * are given instead of a path: scoring/redaction.ts), which downloads as "Attachment n.ext" and keeps
 * its name to itself. Null when there is none.
 */
async function fileOf(db: Db, path: string): Promise<FileRow | null> {
  const ref = REF.exec(path);
  if (ref) {
    const row = await fileById(db, ref[1]);
    return row && { ...row, fileName: attachmentName(ref[2] ? Number(ref[2]) : null, row.fileName) };
  }
  return isValidObjectPath(path) ? fileByPath(db, path) : null;
}

/** A download link for a file the caller may read, valid 600 s. */
export async function signFile(deps: Deps, actor: Actor | null, path: string): Promise<SignedUrl> {
  const me = requireActor(actor);
  const row = await fileOf(deps.db, path);
  if (!row) throw new NotFound(FILE_NOT_FOUND);
  await assertReadable(deps.db, me, row);
  const expires = Math.floor(deps.clock.now().getTime() / 1000) + SIGNED_URL_SECONDS;
  return {
    url: downloadUrl(deps.config.authSecret, path, expires),
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

export const LINK_EXPIRED = 'This link is invalid or has expired.';

/** The object behind a signed link: a stream to send, or (S3) a presigned URL to redirect to. */
export async function openDownload(
  deps: Deps,
  query: { path: string; expires: string; sig: string },
): Promise<
  | { redirect: string }
  | { body: ReadableStream; size: number; contentType: string; fileName: string; redirect?: undefined }
> {
  const expires = Number(query.expires);
  if (!verifySignature(deps.config.authSecret, query.path, expires, query.sig, deps.clock.now()))
    throw new Forbidden(LINK_EXPIRED);
  const row = await fileOf(deps.db, query.path);
  if (!row) throw new NotFound(FILE_NOT_FOUND);
  // Through a reference, an object stored before keys were random (its key names the owner and the
  // file) is streamed from here rather than shown in a presigned URL.
  const hidden = query.path.startsWith(FILE_REF_PREFIX) && !revealsNothing(row.path);
  if (deps.storage.presignGet && !hidden) {
    const seconds = Math.max(
      1,
      Math.min(SIGNED_URL_SECONDS, expires - Math.floor(deps.clock.now().getTime() / 1000)),
    );
    return {
      redirect: await deps.storage.presignGet(row.path, seconds, {
        fileName: row.fileName,
        contentType: row.contentType,
      }),
    };
  }
  const object = await deps.storage.get(row.path);
  if (!object) throw new NotFound(FILE_NOT_FOUND);
  return {
    body: webBody(object.body),
    size: object.size,
    contentType: row.contentType,
    fileName: row.fileName,
  };
}

export { contentDisposition };
