import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageWords } from '../../src/shared/domain/messages';
import type { FileInfo } from '../../src/shared/schemas/files';
import type { Message, MessageThread } from '../../src/shared/schemas/messages';
import { onboardedUser, submittedApplication } from '../support/factory';
import { pdfText } from '../support/pdf-text';
import { setScoring } from '../support/scoring';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/** Files on messages (issue 31 item 2, decision 059): who uploads, who downloads, under what name. */
let t: TestApp;
let world: World;
let ana: { id: string; cookie: string; userId: string };
let admin: string;
let program: string;

const PDF = Buffer.from(
  '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n',
  'latin1',
);
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  Buffer.alloc(300),
]);
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin!;
  program = world.ids.publishedProgram;
  ana = await submittedApplication(t, 'ana@attach.test', program, { name: 'Ana Ortiz' });
});
afterAll(async () => {
  await t?.close();
});

function upload(cookie: string | null, name: string, body = PDF, type = 'application/pdf', id = ana.id) {
  const headers: Record<string, string> = {
    origin: TEST_ORIGIN,
    'content-type': type,
    'content-length': String(body.length),
    'x-file-name': encodeURIComponent(name),
  };
  if (cookie) headers.cookie = cookie;
  return Promise.resolve(
    t.app.request(`${TEST_ORIGIN}/api/files?purpose=message&application_id=${id}`, {
      method: 'POST',
      headers,
      body: new Uint8Array(body),
    }),
  );
}
async function uploadOk(cookie: string, name: string): Promise<FileInfo> {
  const res = await upload(cookie, name);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as FileInfo;
}
const thread = (cookie: string | null) =>
  t.json<MessageThread>('GET', `/api/applications/${ana.id}/messages`, { as: cookie });
/** Each message a minute after the one before (the thread is ordered by time). */
const post = (cookie: string, body: Record<string, unknown>) => {
  t.clock.advance(60_000);
  return t.json<{ message: Message }>('POST', `/api/applications/${ana.id}/messages`, { as: cookie, body });
};
/** Signs a path as `cookie` and downloads it: the status, and on success the name and bytes. */
async function download(cookie: string | null, path: string) {
  const signed = await t.json<{ url: string }>('POST', '/api/files/sign', { as: cookie, body: { path } });
  if (signed.status !== 200) return { status: signed.status };
  const res = await t.request('GET', signed.body.url.replace(/^https?:\/\/[^/]+/, ''));
  return {
    status: res.status,
    disposition: res.headers.get('content-disposition') ?? '',
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

describe('attachments on messages', () => {
  let anaFile: FileInfo;

  it('the applicant attaches a file: stored under a random key, listed under the message, downloaded by the admin', async () => {
    anaFile = await uploadOk(ana.cookie, 'Ana Ortiz score.pdf');
    expect(anaFile.filePath).toMatch(new RegExp(`^messages/${ana.id}/${UUID}\\.pdf$`));
    expect(anaFile.filePath).not.toContain('Ana');
    const sent = await post(ana.cookie, { body: 'The score, attached.', attachments: [anaFile.filePath] });
    expect(sent.status).toBe(200);
    expect(sent.body.message.attachments).toEqual([
      {
        name: 'Ana Ortiz score.pdf',
        path: anaFile.filePath,
        size: PDF.length,
        content_type: 'application/pdf',
      },
    ]);

    const staff = await thread(admin);
    expect(staff.body.items.at(-1)!.attachments.map((a) => a.name)).toEqual(['Ana Ortiz score.pdf']);
    const got = await download(admin, anaFile.filePath);
    expect(got.status).toBe(200);
    expect(got.disposition).toContain('Ana%20Ortiz%20score.pdf');
    expect(got.bytes?.equals(PDF)).toBe(true);
    expect((await download(ana.cookie, anaFile.filePath)).status).toBe(200);
  });

  it('the admin attaches two files; the applicant sees and downloads them', async () => {
    const a = await uploadOk(admin, 'Rules.pdf');
    const b = await uploadOk(admin, 'Schedule.pdf');
    const sent = await post(admin, { body: 'Two files for you.', attachments: [a.filePath, b.filePath] });
    expect(sent.status).toBe(200);
    const mine = await thread(ana.cookie);
    const last = mine.body.items.at(-1)!;
    expect(last.attachments.map((x) => x.name)).toEqual(['Rules.pdf', 'Schedule.pdf']);
    const got = await download(ana.cookie, last.attachments[1].path);
    expect(got.status).toBe(200);
    expect(got.disposition).toContain('Schedule.pdf');
  });

  it('a file cannot be attached twice, nor someone else’s upload', async () => {
    const again = await post(ana.cookie, { body: 'Again', attachments: [anaFile.filePath] });
    expect(again.status).toBe(422);
    expect((again.body as unknown as { error: { message: string } }).error.message).toBe(
      messageWords.fileGone,
    );
    const adminFile = await uploadOk(admin, 'Internal.pdf');
    const theirs = await post(ana.cookie, { body: 'Mine now', attachments: [adminFile.filePath] });
    expect(theirs.status).toBe(422);
  });

  it('refuses a fourth file and a bad type, with a message', async () => {
    const files = await Promise.all(['1.pdf', '2.pdf', '3.pdf', '4.pdf'].map((n) => uploadOk(ana.cookie, n)));
    const many = await post(ana.cookie, { body: 'Four', attachments: files.map((f) => f.filePath) });
    expect(many.status).toBe(400);
    expect(JSON.stringify(many.body)).toContain(messageWords.tooManyFiles);

    const exe = await upload(ana.cookie, 'tool.pdf', EXE);
    expect(exe.status).toBe(422);
    expect(((await exe.json()) as { error: { message: string } }).error.message).toBe(
      'Unsupported file type: application/pdf',
    );
    const declared = await upload(ana.cookie, 'tool.exe', EXE, 'application/x-msdownload');
    expect(declared.status).toBe(422);
    expect(((await declared.json()) as { error: { message: string } }).error.message).toBe(
      'Unsupported file type: application/x-msdownload',
    );
  });

  it('outsiders neither upload to the thread nor download its files (404); a draft takes no attachment (409)', async () => {
    const other = await onboardedUser(t, 'bo@attach.test', 'Bo Other');
    for (const cookie of [
      other.cookie,
      world.cookies.otherReviewer!,
      world.cookies.otherOrgAdmin!,
      world.cookies.coalitionManager!,
    ]) {
      expect((await upload(cookie, 'x.pdf')).status).toBe(404);
      expect((await download(cookie, anaFile.filePath)).status).toBe(404);
    }
    expect((await download(null, anaFile.filePath)).status).toBe(401);
    const started = await t.json('POST', `/api/programs/${program}/applications`, { as: other.cookie });
    expect((await upload(other.cookie, 'x.pdf', PDF, 'application/pdf', started.body.id)).status).toBe(409);
  });

  it('the program’s reviewer: 403 while reviewers are kept out; in a blind program "Attachment 1.pdf", never the name', async () => {
    const reviewer = world.cookies.reviewer!;
    expect((await download(reviewer, anaFile.filePath)).status).toBe(403);
    expect((await upload(reviewer, 'x.pdf')).status).toBe(403);

    await t.json('PUT', `/api/programs/${program}/message-settings`, {
      as: admin,
      body: { reviewers_may_write: true },
    });
    await setScoring(t, admin, program, { mode: 'shared', blind: true });
    const seen = await thread(reviewer);
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.body)).not.toContain('Ana Ortiz');
    expect(JSON.stringify(seen.body)).not.toContain(anaFile.filePath);
    const first = seen.body.items.find((m) => m.body === 'The score, attached.')!;
    expect(first.attachments).toHaveLength(1);
    expect(first.attachments[0].name).toBe('Attachment 1.pdf');
    const got = await download(reviewer, first.attachments[0].path);
    expect(got.status).toBe(200);
    expect(got.disposition).toContain('Attachment 1.pdf');
    expect(got.disposition).not.toContain('Ortiz');
    expect(got.bytes?.equals(PDF)).toBe(true);
  });

  it('the admin’s PDF lists the attachment names under the message', async () => {
    await t.request('POST', '/api/me/personal-data-notice', { as: admin });
    const res = await t.request('GET', `/api/applications/${ana.id}/pdf`, { as: admin });
    expect(res.status).toBe(200);
    const text = await pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain('Ana Ortiz score.pdf');
    expect(text).toContain('Rules.pdf, Schedule.pdf');
  });

  it('"Download my data" has the applicant’s attachments; deleting the account removes their objects', async () => {
    const res = await t.request('GET', '/api/me/data', { as: ana.cookie });
    expect(res.status).toBe(200);
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()));
    expect(Object.keys(zip.files)).toContain('files/message/Ana Ortiz score.pdf');
    const data = JSON.parse(await zip.file('data.json')!.async('string'));
    const sent = data.messages.find((m: { text: string }) => m.text === 'The score, attached.');
    expect(sent.attachments).toEqual(['Ana Ortiz score.pdf']);
    const received = data.messages.find((m: { text: string }) => m.text === 'Two files for you.');
    expect(received.attachments).toEqual(['Rules.pdf', 'Schedule.pdf']);

    expect(await t.deps.storage.get(anaFile.filePath)).not.toBeNull();
    const erased = await t.json('POST', '/api/me/account/delete', {
      as: ana.cookie,
      body: { confirmation: 'DELETE' },
    });
    expect(erased.status).toBe(200);
    expect(await t.deps.storage.get(anaFile.filePath)).toBeNull();
    // The admin's thread keeps the message, without the erased file.
    const staff = await thread(admin);
    const kept = staff.body.items.find((m) => m.body === messageWords.erased || m.attachments.length === 0);
    expect(kept).toBeDefined();
    expect(JSON.stringify(staff.body)).not.toContain('Ana Ortiz score.pdf');
    expect(JSON.stringify(staff.body)).toContain('Rules.pdf');
  });
});
