import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, files } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { demoProgramId } from '../../src/server/db/seed/ids';
import { reviewDetailSchema } from '../../src/shared/schemas/reviews';
import {
  completeProfile,
  onboardedUser,
  PDF,
  PNG,
  startApplication,
  submitApplication,
  uploadFile,
} from '../support/factory';
import { assign, setScoring } from '../support/scoring';
import { startS3rver } from '../support/storage-under-test';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Blind programs on S3 (issue 33 item 3), against a real S3-compatible server: new objects' keys name
 * no one (random ids: no file name, no user id), a blind program's reviewer downloads every file as
 * "Attachment N.ext" (the presigned URL's response-content-disposition and the bucket's
 * Content-Disposition alike), and an object stored under an old-style key still downloads, streamed
 * from the server so that its key is never shown to that reviewer.
 */

const YOUTH = demoProgramId(1);
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

let t: TestApp;
let s3: Awaited<ReturnType<typeof startS3rver>>;
let admin: string;
let reviewer: string;
/** Reviewers of the same program: one never assigned to the application, one who recused from it. */
let unassigned: string;
let recused: string;
let applicant: { cookie: string; id: string };
let applicationId = '';
let needles: string[] = [];

/** The `filePath`s and `fileName`s of the files in a body, in order. */
function fileLinks(body: unknown): { filePath: string; fileName: string }[] {
  const found: { filePath: string; fileName: string }[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.filePath === 'string' && typeof o.fileName === 'string')
        found.push({ filePath: o.filePath, fileName: o.fileName });
      else Object.values(o).forEach(walk);
    }
  };
  walk(body);
  return found;
}

async function reviewerFiles() {
  const res = await t.json('GET', `/api/applications/${applicationId}/review`, { as: reviewer });
  expect(res.status).toBe(200);
  const detail = reviewDetailSchema.parse(res.body);
  return fileLinks([detail.applicant_answers, detail.profile_snapshot]);
}

/** Signs and opens a file link as `cookie`: the server's answer, and the bucket's when redirected. */
async function open(path: string, cookie: string) {
  const signed = await t.json('POST', '/api/files/sign', { as: cookie, body: { path } });
  expect(signed.status, path).toBe(200);
  const res = await t.request('GET', signed.body.url, { as: cookie });
  const location = res.headers.get('location');
  const final = res.status === 302 && location ? await fetch(location) : res;
  return { signedUrl: signed.body.url as string, res, location, final };
}

beforeAll(async () => {
  s3 = await startS3rver();
  t = await createTestApp({ storage: s3.storage() });
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
  admin = await t.signIn('admin@demo.test');
  await setScoring(t, admin, YOUTH, { blind: true });
  t.clock.advance(3_000);
  const judge = await onboardedUser(t, 'blind.s3.judge@example.test');
  expect(
    (
      await t.json('POST', `/api/programs/${YOUTH}/reviewers`, {
        as: admin,
        body: { email: 'blind.s3.judge@example.test' },
      })
    ).status,
  ).toBe(200);
  reviewer = judge.cookie;

  const judgeOf = async (email: string) => {
    t.clock.advance(3_000);
    const user = await onboardedUser(t, email);
    const res = await t.json('POST', `/api/programs/${YOUTH}/reviewers`, { as: admin, body: { email } });
    expect(res.status).toBe(200);
    return user;
  };
  unassigned = (await judgeOf('blind.s3.unassigned@example.test')).cookie;
  const recusing = await judgeOf('blind.s3.recused@example.test');
  recused = recusing.cookie;

  t.clock.advance(3_000);
  applicant = await onboardedUser(t, 'yolanda.vexley@example.test', 'Yolanda Vexley');
  await completeProfile(t, applicant.cookie);
  // Her résumé under her own name, a portfolio photo and an answer file, all named after her.
  await uploadFile(t, applicant.cookie, 'resume', { name: 'Yolanda-Vexley-CV.pdf' });
  await uploadFile(t, applicant.cookie, 'portfolio', {
    body: PNG,
    type: 'image/png',
    name: 'Vexley portrait.png',
  });
  applicationId = await startApplication(t, applicant.cookie, YOUTH);
  const recording = await uploadFile(t, applicant.cookie, 'answer', {
    applicationId,
    fieldKey: 'q_recording',
    name: 'Yolanda-Vexley-recording.pdf',
  });
  await submitApplication(t, applicant.cookie, applicationId, { q_recording: recording });
  await assign(t, admin, YOUTH, [applicationId], [judge.id, recusing.id]);
  expect(
    (await t.json('POST', `/api/applications/${applicationId}/recuse`, { as: recused, body: {} })).status,
  ).toBe(200);
  needles = ['Yolanda', 'Vexley', 'yolanda.vexley', applicant.id];
}, 180_000);
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

describe('a blind program on S3', () => {
  it('stores new objects under keys that name no one', async () => {
    const rows = await t.deps.db.select().from(files).where(eq(files.ownerId, applicant.id));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(row.path).toMatch(
        new RegExp(`^(profiles|applications/${applicationId}/q_recording)/${UUID}\\.(pdf|png)$`),
      );
      for (const needle of needles) expect(row.path).not.toContain(needle);
      expect(await t.deps.storage.exists(row.path)).toBe(true);
    }
    // The names people gave their files are kept for those who may see them.
    expect(rows.map((r) => r.fileName)).toContain('Vexley portrait.png');
  });

  it('downloads every file as "Attachment N.ext" for its reviewer, in the URL and the header alike', async () => {
    const links = await reviewerFiles();
    expect(links.length).toBe(3); // the recording, the résumé, the portrait
    expect(links.map((l) => l.fileName)).toEqual([
      'Attachment 1.pdf',
      'Attachment 2.pdf',
      'Attachment 3.png',
    ]);
    for (const { filePath, fileName } of links) {
      expect(filePath).toMatch(/^ref:/);
      const { signedUrl, res, location, final } = await open(filePath, reviewer);
      expect(res.status).toBe(302);
      const url = new URL(location!);
      const disposition = `inline; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
      expect(url.searchParams.get('response-content-disposition')).toBe(disposition);
      expect(url.pathname).toMatch(new RegExp(`/${UUID}\\.(pdf|png)$`));
      expect(final.status).toBe(200);
      expect(final.headers.get('content-disposition')).toBe(disposition);
      expect(
        Buffer.from(await final.arrayBuffer())
          .subarray(0, 4)
          .toString('latin1'),
      ).toMatch(/%PDF|.PNG/);
      const seen = [signedUrl, location!, decodeURIComponent(location!), JSON.stringify([...final.headers])];
      for (const text of seen) for (const needle of needles) expect(text).not.toContain(needle);
    }
  });

  it("refuses every one of those links to the program's unassigned and recused reviewers", async () => {
    const links = await reviewerFiles();
    for (const { filePath } of links)
      for (const cookie of [unassigned, recused]) {
        const res = await t.json('POST', '/api/files/sign', { as: cookie, body: { path: filePath } });
        expect(res.status, filePath).toBe(403);
      }
  });

  it('keeps serving an object stored under an old-style key, without showing that key to a blind reviewer', async () => {
    // As stored before keys were random: the spec's path, with the applicant's id and the file's name.
    const [answerRow] = await t.deps.db.select().from(files).where(eq(files.applicationId, applicationId));
    const legacy = `applications/${applicationId}/q_recording/1700000000000_Yolanda-Vexley-recording.pdf`;
    await t.deps.storage.put(legacy, Readable.from([new Uint8Array(PDF)]), {
      contentType: 'application/pdf',
      maxBytes: 1e6,
      size: PDF.length,
    });
    await t.deps.db.update(files).set({ path: legacy }).where(eq(files.id, answerRow.id));
    await t.deps.db
      .update(applications)
      .set({
        answers: sql`jsonb_set(${applications.answers}, '{q_recording,filePath}', to_jsonb(${legacy}::text))`,
      })
      .where(eq(applications.id, applicationId));

    const [recording] = await reviewerFiles();
    expect(recording.fileName).toBe('Attachment 1.pdf');
    const blind = await open(recording.filePath, reviewer);
    expect(blind.res.status).toBe(200); // streamed from here: no presigned URL holding the old key
    expect(blind.res.headers.get('content-disposition')).toBe(
      `inline; filename="Attachment 1.pdf"; filename*=UTF-8''Attachment%201.pdf`,
    );
    expect(Buffer.from(await blind.res.arrayBuffer()).equals(PDF)).toBe(true);
    for (const needle of needles) expect(JSON.stringify([...blind.res.headers])).not.toContain(needle);

    // Its owner and the program's admin still get it by its path, through the bucket.
    for (const who of [applicant.cookie, admin]) {
      const plain = await open(legacy, who);
      expect(plain.res.status).toBe(302);
      expect(plain.final.status).toBe(200);
      expect(Buffer.from(await plain.final.arrayBuffer()).equals(PDF)).toBe(true);
    }
  });
});
