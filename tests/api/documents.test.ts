import { desc } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import type { Question } from '../../src/shared/schemas/forms';
import {
  completeProfile,
  okBody,
  onboardedUser,
  PDF,
  programWithForm,
  reviewApplication,
  saveAnswers,
  startApplication,
  submitApplication,
  uploadFile,
} from '../support/factory';
import { pdfText } from '../support/pdf-text';
import { createTestApp, type TestApp } from '../support/test-app';
import { buildWorld, roles, type World } from '../support/world';

let t: TestApp;
let world: World;
let admin: string;
let programId: string;
const apps: Record<string, string> = {};
const cookies: Record<string, string> = {};

const questions: Question[] = [
  { key: 'q_piece', type: 'short_text', label: 'Audition piece', required: true },
  { key: 'q_why', type: 'long_text', label: 'Why this program?', required: true, maxWords: 500 },
  { key: 'q_rec', type: 'file', label: 'Recording', required: false },
  { key: 'q_score', type: 'file', label: 'Sheet music', required: false },
  { key: 'q_ok', type: 'checkbox', label: 'I can attend in person', required: false },
];

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin as string;
  programId = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: 'Dossier Strings', type: 'audition' },
    { questions, profile: { enabled: true, sections: { experience: true } } },
  );
  for (const [key, name] of [
    ['amelie', 'Amélie Ñúñez-Ødegård'],
    ['bo', 'Bo Li'],
    ['cy', 'Cy Draft'],
  ] as const) {
    const u = await onboardedUser(t, `${key}@documents.test`, name);
    cookies[key] = u.cookie;
    await completeProfile(t, u.cookie);
    const id = await startApplication(t, u.cookie, programId);
    apps[key] = id;
    if (key === 'cy') {
      await saveAnswers(t, u.cookie, id, { q_piece: 'Draft piece' });
      continue;
    }
    const answers: Record<string, unknown> = {
      q_piece: key === 'amelie' ? 'Bach: Suite nº 1 — Prélude 🎻' : 'Paganini Caprice 24',
      q_why: 'Because the coaching is superb.\nAnd the hall sounds wonderful.',
      q_ok: true,
    };
    if (key === 'amelie') {
      answers.q_rec = await uploadFile(t, u.cookie, 'answer', {
        applicationId: id,
        fieldKey: 'q_rec',
        name: 'take 1.pdf',
        body: Buffer.concat([PDF, Buffer.alloc(3000, 0x20)]),
      });
      answers.q_score = await uploadFile(t, u.cookie, 'answer', {
        applicationId: id,
        fieldKey: 'q_score',
        name: 'take 1.pdf',
      });
    }
    await submitApplication(t, u.cookie, id, answers);
  }
  await okBody(
    t.json('PUT', `/api/programs/${programId}/review-form`, {
      as: admin,
      body: { show_score: true, show_comments: true, show_decision: true },
    }),
  );
  await reviewApplication(t, admin, apps.amelie, {
    score: 9,
    comments: 'Secret panel remark',
    decision: 'accept',
  });
  for (const role of roles) {
    const cookie = world.cookies[role];
    if (cookie) await t.request('POST', '/api/me/personal-data-notice', { as: cookie });
  }
}, 180_000);
afterAll(() => t.close());

async function get(path: string, cookie: string | null) {
  const res = await t.request('GET', path, { as: cookie });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

describe('application PDF', () => {
  it('has the answers in form order, the profile, the files with sizes, the submission time and, for admins, the review', async () => {
    const { res, body } = await get(`/api/applications/${apps.amelie}/pdf`, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename=/);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(body);
    expect(text).toContain('Dossier Strings');
    expect(text).toContain('Amélie Ñúñez-Ødegård');
    // Accents print as written; the emoji (no glyph in the font) prints as '?'.
    expect(text).toContain('Bach: Suite nº 1 — Prélude ?');
    const order = questions.map((q) => text.indexOf(q.label));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('And the hall sounds wonderful.');
    expect(text).toMatch(/take 1\.pdf \(3 KB\)/);
    expect(text).toContain('Resume');
    expect(text).toMatch(/Submitted\n+\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(text).toContain('Review');
    expect(text).toContain('Secret panel remark');
    expect(text).toContain('accept');
  });

  it('leaves the review summary out for reviewers who are not admins', async () => {
    const { res, body } = await get(`/api/applications/${apps.amelie}/pdf`, world.cookies.reviewer);
    expect(res.status).toBe(200);
    const text = await pdfText(body);
    expect(text).toContain('Bach: Suite');
    expect(text).not.toContain('Secret panel remark');
  });

  it('is for reviewers, admins and coalition managers of the program; drafts and other people get 404', async () => {
    const status = async (id: string, cookie: string | null) =>
      (await get(`/api/applications/${id}/pdf`, cookie)).res.status;
    expect(await status(apps.bo, world.cookies.coalitionManager)).toBe(200);
    expect(await status(apps.bo, world.cookies.superAdmin)).toBe(200);
    expect(await status(apps.bo, world.cookies.otherOrgAdmin)).toBe(404);
    expect(await status(apps.bo, world.cookies.otherReviewer)).toBe(404);
    expect(await status(apps.bo, cookies.bo)).toBe(404);
    expect(await status(apps.bo, cookies.amelie)).toBe(404);
    expect(await status(apps.cy, admin)).toBe(404);
    expect(await status(apps.bo, null)).toBe(401);
  });

  it('needs the personal-data notice, and is recorded', async () => {
    const newAdmin = await onboardedUser(t, 'fresh.admin@documents.test');
    await okBody(
      t.json('POST', `/api/programs/${programId}/admins`, {
        as: admin,
        body: { email: 'fresh.admin@documents.test' },
      }),
    );
    expect((await get(`/api/applications/${apps.bo}/pdf`, newAdmin.cookie)).res.status).toBe(409);
    await t.request('POST', '/api/me/personal-data-notice', { as: newAdmin.cookie });
    expect((await get(`/api/applications/${apps.bo}/pdf`, newAdmin.cookie)).res.status).toBe(200);
    const [entry] = await t.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: 'export.downloaded',
      actorEmail: 'fresh.admin@documents.test',
      targetId: apps.bo,
      summary: 'PDF, 1 application',
    });
  });
});

describe('program dossier', () => {
  it('is a zip with a folder per applicant: the PDF and every uploaded file, byte for byte', async () => {
    const { res, body } = await get(`/api/programs/${programId}/dossier`, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="riverside-arts-center-dossier-strings-dossier-/,
    );
    expect(res.headers.get('x-applications')).toBe('2');
    expect(Number(res.headers.get('x-estimated-size'))).toBeGreaterThan(3000);
    const zip = await JSZip.loadAsync(body);
    const names = Object.keys(zip.files)
      .filter((n) => !zip.files[n].dir)
      .sort();
    const amelie = `Amélie Ñúñez-Ødegård ${apps.amelie.slice(0, 8)}`;
    const bo = `Bo Li ${apps.bo.slice(0, 8)}`;
    expect(names).toEqual(
      [
        `${amelie}/application.pdf`,
        `${amelie}/files/Recording/take 1.pdf`,
        `${amelie}/files/Resume/resume.pdf`,
        `${amelie}/files/Sheet music/take 1.pdf`,
        `${bo}/application.pdf`,
        `${bo}/files/Resume/resume.pdf`,
      ].sort(),
    );
    const recording = await zip.file(`${amelie}/files/Recording/take 1.pdf`)!.async('nodebuffer');
    expect(recording.length).toBe(PDF.length + 3000);
    expect(recording.subarray(0, PDF.length).equals(PDF)).toBe(true);
    const text = await pdfText(await zip.file(`${bo}/application.pdf`)!.async('nodebuffer'));
    expect(text).toContain('Paganini Caprice 24');
    expect(names.some((n) => n.includes('Cy Draft'))).toBe(false);
  });

  it('is for the program’s admins and its coalition’s managers only', async () => {
    const status = async (cookie: string | null) =>
      (await get(`/api/programs/${programId}/dossier`, cookie)).res.status;
    expect(await status(world.cookies.coalitionManager)).toBe(200);
    expect(await status(world.cookies.superAdmin)).toBe(200);
    expect(await status(world.cookies.reviewer)).toBe(403);
    expect(await status(world.cookies.otherOrgAdmin)).toBe(404);
    expect(await status(world.cookies.applicant)).toBe(404);
    expect(await status(null)).toBe(401);
  });

  it('a dossier cancelled half-way frees its slot', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.request('GET', `/api/programs/${programId}/dossier`, { as: admin });
      const reader = res.body!.getReader();
      await reader.read();
      await reader.cancel();
    }
    expect((await get(`/api/programs/${programId}/dossier`, admin)).res.status).toBe(200);
  });
});
