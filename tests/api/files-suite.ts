/**
 * The file suite: uploads, profile files, answer files, signed links and access, profile fields.
 * It runs against the storage chosen before it is imported: local disk (files.test.ts) or a real
 * S3-compatible server (files-s3.test.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, files, profiles, user } from '../../src/server/db/schema';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { type FileInfo, fileInfoSchema, signedUrlSchema } from '../../src/shared/schemas/files';
import { profileSchema } from '../../src/shared/schemas/profiles';
import { completeProfile, onboardedUser, startApplication, submitApplication } from '../support/factory';
import { storageUnderTest } from '../support/storage-under-test';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

const MB = 1024 * 1024;
const PDF = Buffer.from(
  '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n',
  'latin1',
);
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082',
  'hex',
);
const MP3 = Buffer.concat([
  Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
  Buffer.alloc(2000, 0xff),
]);
/** The start of an iPhone photo: an ISO-BMFF 'ftyp' box of brand heic. */
const HEIC = Buffer.concat([
  Buffer.from('000000186674797068656963000000006d69663168656963', 'hex'),
  Buffer.alloc(600),
]);
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  Buffer.alloc(300),
]);

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A profile file's key: one folder for everyone and a random name (issue 33 item 3). */
const RANDOM_PROFILE_KEY = (ext: string) => new RegExp(`^profiles/${UUID}\\.${ext}$`);

let t: TestApp;
let world: World;
let applicant: string;
let applicantId: string;
let other: string;
let appId: string;

async function userId(email: string) {
  const [row] = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row.id;
}

interface UploadOptions {
  as?: string | null;
  type?: string;
  name?: string;
  /** Content-Length to send; default the body's length; null: none (chunked). */
  length?: number | null;
  query?: string;
}

function upload(purpose: string, body: Buffer | ReadableStream<Uint8Array>, o: UploadOptions = {}) {
  const headers: Record<string, string> = {
    origin: TEST_ORIGIN,
    'content-type': o.type ?? 'application/pdf',
  };
  if (o.as !== null) headers.cookie = o.as ?? applicant;
  if (o.name !== undefined) headers['x-file-name'] = encodeURIComponent(o.name);
  const length = o.length === undefined ? (Buffer.isBuffer(body) ? body.length : null) : o.length;
  if (length !== null) headers['content-length'] = String(length);
  return Promise.resolve(
    t.app.request(`${TEST_ORIGIN}/api/files?purpose=${purpose}${o.query ?? ''}`, {
      method: 'POST',
      headers,
      body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
      duplex: 'half',
    } as RequestInit),
  );
}

async function uploadOk(purpose: string, body: Buffer, o: UploadOptions = {}): Promise<FileInfo> {
  const res = await upload(purpose, body, o);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return fileInfoSchema.parse(JSON.parse(text));
}

async function errorOf(res: Response) {
  const body = (await res.json()) as { error: { code: string; message: string } };
  return { status: res.status, ...body.error };
}

/** A stream of `total` bytes (a text file's worth), recording whether anyone read it. */
function stream(total: number, chunk = 64 * 1024, fill = 0x61) {
  let sent = 0;
  const state = { pulled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        state.pulled = true;
        if (sent >= total) return controller.close();
        const n = Math.min(chunk, total - sent);
        sent += n;
        controller.enqueue(new Uint8Array(n).fill(fill));
      },
    },
    { highWaterMark: 0 },
  );
  return { body, state };
}

async function sign(path: string, as = applicant) {
  return t.json('POST', '/api/files/sign', { as, body: { path } });
}

/**
 * GET of a signed link. On S3 the server answers 302 to a presigned URL of the bucket, which is
 * followed here to the real S3-compatible server.
 */
async function download(url: string) {
  const res = await t.app.request(`${TEST_ORIGIN}${url}`);
  if (kind === 's3' && res.status === 302) {
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    return fetch(res.headers.get('location')!);
  }
  return res;
}

async function fileRows(ownerId: string) {
  return t.deps.db.select().from(files).where(eq(files.ownerId, ownerId));
}

const { kind } = storageUnderTest();
let stopStorage = async () => {};
beforeAll(async () => {
  const storage = await storageUnderTest().start();
  stopStorage = storage.stop;
  t = await createTestApp({ storage: storage.storage });
  world = await buildWorld(t);
  applicant = world.cookies.applicant!;
  applicantId = await userId('applicant@demo.test');
  other = await t.signIn('applicant2.files@example.test');
  await t.request('POST', '/api/me/onboarding', { as: other, body: { accept_terms: true } });
  const started = await t.json('POST', `/api/programs/${demoProgramId(1)}/applications`, { as: applicant });
  expect(started.status).toBe(200);
  appId = started.body.id;
}, 180_000);
afterAll(async () => {
  await t.close();
  await stopStorage();
});

describe('resume uploads', () => {
  it('stores a PDF under a key that names no one, records it and sets the profile resume', async () => {
    t.clock.advance(1000);
    const info = await uploadOk('resume', PDF, { name: 'My CV (final).pdf' });
    expect(info.filePath).toMatch(RANDOM_PROFILE_KEY('pdf'));
    expect(info).toEqual({
      fileName: 'My CV (final).pdf',
      filePath: info.filePath,
      fileSize: PDF.length,
      contentType: 'application/pdf',
      uploadedAt: t.clock.now().toISOString(),
    });
    expect(await t.deps.storage.exists(info.filePath)).toBe(true);
    const profile = profileSchema.parse((await t.json('GET', '/api/me/profile', { as: applicant })).body);
    expect(profile.resume_file).toEqual(info);
    const [row] = await t.deps.db.select().from(files).where(eq(files.path, info.filePath));
    expect(row).toMatchObject({
      ownerId: applicantId,
      kind: 'resume',
      size: PDF.length,
      applicationId: null,
    });
  });

  it('replacing the resume deletes the old object and its record', async () => {
    t.clock.advance(1000);
    const first = await uploadOk('resume', PDF, { name: 'a.pdf' });
    t.clock.advance(1000);
    const second = await uploadOk('resume', Buffer.from('Plain text resume\nwith ünïcödé\n'), {
      name: 'b.txt',
      type: 'text/plain',
    });
    expect(second.filePath).toMatch(RANDOM_PROFILE_KEY('txt'));
    expect(second.contentType).toBe('text/plain');
    expect(await t.deps.storage.exists(first.filePath)).toBe(false);
    expect((await sign(first.filePath)).status).toBe(404);
    const paths = (await fileRows(applicantId)).filter((r) => r.kind === 'resume').map((r) => r.path);
    expect(paths).toEqual([second.filePath]);
  });

  it("keeps a replaced or removed resume that a submitted application's profile snapshot shows", async () => {
    // An applicant submits with their resume (the snapshot keeps it), then replaces and removes it.
    const { cookie, id: owner } = await onboardedUser(t, 'snapshot.keeper@example.test');
    const submitted = await completeProfile(t, cookie);
    await submitApplication(t, cookie, await startApplication(t, cookie, demoProgramId(1)));
    t.clock.advance(1000);
    const newer = await uploadOk('resume', PDF, { as: cookie, name: 'newer.pdf' });
    expect(await t.deps.storage.exists(submitted.filePath)).toBe(true);
    expect((await fileRows(owner)).some((r) => r.path === submitted.filePath)).toBe(true);
    expect((await sign(submitted.filePath, cookie)).status).toBe(200);
    // A resume no snapshot shows is deleted when replaced.
    t.clock.advance(1000);
    await uploadOk('resume', PDF, { as: cookie, name: 'newest.pdf' });
    expect(await t.deps.storage.exists(newer.filePath)).toBe(false);
    expect((await t.json('DELETE', '/api/me/profile/resume', { as: cookie })).status).toBe(200);
    expect(await t.deps.storage.exists(submitted.filePath)).toBe(true);
  });

  it('DELETE /me/profile/resume removes the object, the record and the profile entry', async () => {
    t.clock.advance(1000);
    const info = await uploadOk('resume', PDF, { name: 'c.pdf' });
    const res = await t.json('DELETE', '/api/me/profile/resume', { as: applicant });
    expect(res.status).toBe(200);
    expect(profileSchema.parse(res.body).resume_file).toBeNull();
    expect(await t.deps.storage.exists(info.filePath)).toBe(false);
    expect((await fileRows(applicantId)).some((r) => r.path === info.filePath)).toBe(false);
    // Again: nothing to remove, same answer.
    expect((await t.json('DELETE', '/api/me/profile/resume', { as: applicant })).status).toBe(200);
  });

  it('refuses an oversized file from its Content-Length, before reading the body', async () => {
    const { body, state } = stream(10 * MB);
    const res = await upload('resume', body, { length: 10 * MB });
    expect(await errorOf(res)).toMatchObject({
      status: 413,
      code: 'too_large',
      message: 'File size must be less than 10MB',
    });
    expect(state.pulled).toBe(false);
  });

  it('refuses an oversized file while streaming when no length is declared, storing nothing', async () => {
    const before = (await fileRows(applicantId)).length;
    const { body } = stream(10 * MB + 10, 256 * 1024);
    const res = await upload('resume', body, { length: null, type: 'text/plain', name: 'big.txt' });
    expect(await errorOf(res)).toMatchObject({ status: 413, message: 'File size must be less than 10MB' });
    expect((await fileRows(applicantId)).length).toBe(before);
  });

  it('refuses a body longer than its Content-Length', async () => {
    const { body } = stream(200 * 1024);
    const res = await upload('resume', body, { length: 100, type: 'text/plain', name: 'x.txt' });
    expect(res.status).toBe(422);
  });

  it('refuses an executable named and declared as a PDF, with the spec message', async () => {
    const res = await upload('resume', EXE, { name: 'resume.pdf', type: 'application/pdf' });
    expect(await errorOf(res)).toMatchObject({
      status: 422,
      code: 'invalid',
      message: 'Please upload a PDF, Word document, or text file',
    });
  });

  it('refuses a declared type outside the rules, and a PNG as a resume', async () => {
    const declared = await upload('resume', PNG, { type: 'image/png', name: 'me.png' });
    expect(await errorOf(declared)).toMatchObject({
      status: 422,
      message: 'Please upload a PDF, Word document, or text file',
    });
    const disguised = await upload('resume', PNG, { type: 'application/pdf', name: 'me.pdf' });
    expect(disguised.status).toBe(422);
  });

  it('accepts plain text only when it is UTF-8 without NUL', async () => {
    const nul = await upload('resume', Buffer.from('hello\u0000world'), {
      type: 'text/plain',
      name: 'a.txt',
    });
    expect(await errorOf(nul)).toMatchObject({
      status: 422,
      message: 'Please upload a PDF, Word document, or text file',
    });
    const latin1 = await upload('resume', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), {
      type: 'text/plain',
      name: 'b.txt',
    });
    expect(latin1.status).toBe(422);
    // A NUL after the first (sniffed) bytes is caught while streaming.
    const late = Buffer.concat([Buffer.alloc(100 * 1024, 0x61), Buffer.from([0]), Buffer.from('tail')]);
    expect((await upload('resume', late, { type: 'text/plain', name: 'c.txt' })).status).toBe(422);
    // Text declared as a PDF is not a PDF.
    expect((await upload('resume', Buffer.from('just text'), { type: 'application/pdf' })).status).toBe(422);
  });

  it('refuses an empty file and an unsigned caller', async () => {
    expect((await upload('resume', Buffer.alloc(0), { type: 'text/plain' })).status).toBe(422);
    const res = await upload('resume', PDF, { as: null });
    expect(res.status).toBe(401);
  });
});

describe('portfolio uploads', () => {
  it('stores under a random key (no user id, no file name) and appends to the profile', async () => {
    t.clock.advance(1000);
    const before = profileSchema.parse((await t.json('GET', '/api/me/profile', { as: applicant })).body);
    const info = await uploadOk('portfolio', PNG, { type: 'image/png', name: '../../Héad shot #1.png' });
    expect(info.filePath).toMatch(RANDOM_PROFILE_KEY('png'));
    expect(info.fileName).toBe('Héad shot #1.png');
    expect(info.uploadedBy).toBe(applicantId);
    expect(info.contentType).toBe('image/png');
    const after = profileSchema.parse((await t.json('GET', '/api/me/profile', { as: applicant })).body);
    expect(after.profile_files).toEqual([...before.profile_files, info]);
  });

  it('gives two uploads of the same name in the same millisecond different paths', async () => {
    const a = await uploadOk('portfolio', MP3, { type: 'audio/mpeg', name: 'take.mp3' });
    const b = await uploadOk('portfolio', MP3, { type: 'audio/mpeg', name: 'take.mp3' });
    expect(a.filePath).not.toBe(b.filePath);
    expect(a.contentType).toBe('audio/mpeg');
  });

  it('refuses the 50MB limit and other types with the portfolio messages', async () => {
    const big = await upload('portfolio', stream(50 * MB).body, { length: 50 * MB, type: 'video/mp4' });
    expect(await errorOf(big)).toMatchObject({ status: 413, message: 'File size must be less than 50MB' });
    const exe = await upload('portfolio', EXE, { type: 'image/png', name: 'cat.png' });
    expect(await errorOf(exe)).toMatchObject({
      status: 422,
      message: 'Please upload images, videos, audio, PDF, Word documents, or text files',
    });
  });

  it('DELETE /me/profile/files removes one file (object, record, entry); unknown paths 404', async () => {
    t.clock.advance(1000);
    const info = await uploadOk('portfolio', PDF, { name: 'letter.pdf' });
    const res = await t.json('DELETE', `/api/me/profile/files?path=${encodeURIComponent(info.filePath)}`, {
      as: applicant,
    });
    expect(res.status).toBe(200);
    expect(profileSchema.parse(res.body).profile_files.some((f) => f.filePath === info.filePath)).toBe(false);
    expect(await t.deps.storage.exists(info.filePath)).toBe(false);
    const again = await t.json('DELETE', `/api/me/profile/files?path=${encodeURIComponent(info.filePath)}`, {
      as: applicant,
    });
    expect(again.status).toBe(404);
    // Another user's file cannot be removed through one's own profile.
    t.clock.advance(1000);
    const mine = await uploadOk('portfolio', PDF, { name: 'keep.pdf' });
    const foreign = await t.json(
      'DELETE',
      `/api/me/profile/files?path=${encodeURIComponent(mine.filePath)}`,
      {
        as: other,
      },
    );
    expect(foreign.status).toBe(404);
    expect(await t.deps.storage.exists(mine.filePath)).toBe(true);
  });
});

describe('answer files', () => {
  const q = (app: string, key = 'q_recording') => `&application_id=${app}&field_key=${key}`;

  it('stores at applications/{applicationId}/{fieldId}/{random id}.{ext}, nothing else changes', async () => {
    t.clock.advance(1000);
    const info = await uploadOk('answer', MP3, { type: 'audio/mpeg', name: 'prelude.mp3', query: q(appId) });
    expect(info.filePath).toMatch(new RegExp(`^applications/${appId}/q_recording/${UUID}\\.mp3$`));
    const [row] = await t.deps.db.select().from(files).where(eq(files.path, info.filePath));
    expect(row).toMatchObject({ kind: 'answer', applicationId: appId, ownerId: applicantId });
    const [app] = await t.deps.db.select().from(applications).where(eq(applications.id, appId));
    expect(app.answers).toEqual({});
  });

  it('takes the types of spec 000 (a HEIC photo) and names any other type it refuses', async () => {
    const photo = await uploadOk('answer', HEIC, {
      type: 'image/heic',
      name: 'IMG_0001.HEIC',
      query: q(appId),
    });
    expect(photo.contentType).toBe('image/heic');
    const word = await upload('answer', PDF, { type: 'application/msword', name: 'cv.doc', query: q(appId) });
    expect(await errorOf(word)).toMatchObject({
      status: 422,
      message: 'Unsupported file type: application/msword',
    });
    // Declared as a photo, but the bytes are a program.
    const fake = await upload('answer', EXE, { type: 'image/png', name: 'x.png', query: q(appId) });
    expect(await errorOf(fake)).toMatchObject({ status: 422, message: 'Unsupported file type: image/png' });
  });

  it('needs a file question of the live form', async () => {
    const res = await upload('answer', MP3, { type: 'audio/mpeg', query: q(appId, 'q_instrument') });
    expect(res.status).toBe(422);
    expect((await upload('answer', MP3, { type: 'audio/mpeg', query: q(appId, 'nope') })).status).toBe(422);
    expect((await upload('answer', MP3, { type: 'audio/mpeg' })).status).toBe(422);
  });

  it("answers 404 for another applicant's application", async () => {
    const res = await upload('answer', MP3, { as: other, type: 'audio/mpeg', query: q(appId) });
    expect(await errorOf(res)).toMatchObject({
      status: 404,
      message: 'Not authorized or application not found',
    });
  });

  it('answers 409 once the window has closed', async () => {
    const now = t.clock.now();
    t.clock.advance(365 * 24 * 3600 * 1000);
    try {
      const res = await upload('answer', MP3, { type: 'audio/mpeg', query: q(appId) });
      expect(await errorOf(res)).toMatchObject({
        status: 409,
        message: 'Application is locked - deadline has passed',
      });
    } finally {
      t.clock.set(now);
    }
  });
});

describe('signed links and access', () => {
  let resume: FileInfo;
  let answer: FileInfo;

  beforeAll(async () => {
    t.clock.advance(1000);
    resume = await uploadOk('resume', PDF, { name: 'Résumé "final".pdf' });
    answer = await uploadOk('answer', MP3, {
      type: 'audio/mpeg',
      name: 'take2.mp3',
      query: `&application_id=${appId}&field_key=q_recording`,
    });
  });

  it('signs a link valid 600 s that streams the file with safe headers', async () => {
    const res = await sign(resume.filePath);
    expect(res.status).toBe(200);
    const signed = signedUrlSchema.parse(res.body);
    expect(Date.parse(signed.expires_at) - t.clock.now().getTime()).toBeGreaterThan(599_000);
    expect(Date.parse(signed.expires_at) - t.clock.now().getTime()).toBeLessThanOrEqual(600_000);
    const file = await download(signed.url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    // Served from our origin, the file must not be sniffed; a bucket serves from its own origin.
    if (kind === 'disk') expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toMatch(/^private/);
    expect(file.headers.get('content-disposition')).toBe(
      `inline; filename="Resume _final_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.pdf`,
    );
  });

  it('refuses expired, forged and altered links', async () => {
    const signed = signedUrlSchema.parse((await sign(resume.filePath)).body);
    const url = new URL(signed.url, TEST_ORIGIN);
    const forged = new URL(url);
    forged.searchParams.set('sig', 'A'.repeat(43));
    expect((await download(forged.pathname + forged.search)).status).toBe(403);
    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await download(longer.pathname + longer.search)).status).toBe(403);
    const elsewhere = new URL(url);
    elsewhere.searchParams.set('path', answer.filePath);
    expect((await download(elsewhere.pathname + elsewhere.search)).status).toBe(403);
    t.clock.advance(601_000);
    expect((await download(signed.url)).status).toBe(403);
    t.clock.advance(-601_000);
    expect((await download(signed.url)).status).toBe(200);
  });

  it('refuses path traversal and malformed paths', async () => {
    for (const path of [
      '../etc/passwd',
      `profiles/${applicantId}/resume/../../../../etc/passwd`,
      '/etc/passwd',
      'profiles\\..\\x',
      `profiles/${applicantId}/resume/.hidden`,
      `${resume.filePath}/`,
      '',
    ]) {
      const res = await sign(path);
      expect([400, 404], path).toContain(res.status);
    }
    const res = await download(
      `/api/files/download?path=${encodeURIComponent('../../etc/passwd')}&expires=99999999999&sig=${'A'.repeat(43)}`,
    );
    expect(res.status).toBe(403);
  });

  it("lets a program's reviewers read application and profile files once the application is submitted", async () => {
    const { reviewer, otherReviewer, superAdmin, orgAdmin } = world.cookies;
    const { cookie } = await onboardedUser(t, 'reviewed.files@example.test');
    const cv = await completeProfile(t, cookie);
    const id = await startApplication(t, cookie, demoProgramId(1));
    const take = await uploadOk('answer', MP3, {
      as: cookie,
      type: 'audio/mpeg',
      name: 'take3.mp3',
      query: `&application_id=${id}&field_key=q_recording`,
    });
    // Draft: only the applicant (and super admins).
    for (const path of [take.filePath, cv.filePath]) {
      expect((await sign(path, cookie)).status).toBe(200);
      expect((await sign(path, reviewer!)).status).toBe(404);
      expect((await sign(path, orgAdmin!)).status).toBe(404);
      expect((await sign(path, superAdmin!)).status).toBe(200);
    }
    await submitApplication(t, cookie, id, { q_recording: take });
    for (const path of [take.filePath, cv.filePath]) {
      for (const who of [reviewer!, orgAdmin!]) expect((await sign(path, who)).status).toBe(200);
      for (const who of [otherReviewer!, other, world.cookies.otherOrgAdmin!])
        expect((await sign(path, who)).status).toBe(404);
    }
    expect((await sign(take.filePath, 'x=y')).status).toBe(401);
  });

  it("never shows another applicant's files", async () => {
    expect((await sign(resume.filePath, other)).status).toBe(404);
    expect((await sign(answer.filePath, other)).status).toBe(404);
  });
});

describe('profile', () => {
  it('saves text fields trimmed, empty as null, and stamps updated_at', async () => {
    t.clock.advance(5000);
    const res = await t.json('PUT', '/api/me/profile', {
      as: other,
      body: {
        full_name: '  Grace Hopper ',
        email: 'grace@example.org',
        address_line2: '   ',
        personal_statement: 'I like compilers.',
        emergency_contact_is_parent: true,
      },
    });
    expect(res.status).toBe(200);
    const profile = profileSchema.parse(res.body);
    expect(profile).toMatchObject({
      full_name: 'Grace Hopper',
      email: 'grace@example.org',
      address_line2: null,
      personal_statement: 'I like compilers.',
      emergency_contact_is_parent: true,
      updated_at: t.clock.now().toISOString(),
    });
    // Fields left out keep their values; an empty string clears.
    const next = profileSchema.parse(
      (await t.json('PUT', '/api/me/profile', { as: other, body: { personal_statement: '' } })).body,
    );
    expect(next.full_name).toBe('Grace Hopper');
    expect(next.personal_statement).toBeNull();
    const [row] = await t.deps.db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(row.personalStatement).toBeNull();
  });

  it('refuses a bad email, a bad date and a statement over 5,000 characters', async () => {
    const bad = await t.json('PUT', '/api/me/profile', {
      as: other,
      body: { parent_guardian_email: 'nope', date_of_birth: '2001-13-01' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({
      parent_guardian_email: 'Please enter a valid email address.',
      date_of_birth: 'Please enter a valid date (YYYY-MM-DD).',
    });
    const long = await t.json('PUT', '/api/me/profile', {
      as: other,
      body: { personal_statement: 'x'.repeat(5001) },
    });
    expect(long.status).toBe(422);
    expect(long.body.error.message).toBe('Personal statement must be at most 5,000 characters.');
    const ok = await t.json('PUT', '/api/me/profile', {
      as: other,
      body: { personal_statement: 'x'.repeat(5000) },
    });
    expect(ok.status).toBe(200);
  });

  it('needs a signed-in, onboarded user', async () => {
    expect((await t.json('GET', '/api/me/profile')).status).toBe(401);
    expect((await t.json('PUT', '/api/me/profile', { body: {} })).status).toBe(401);
  });
});
