import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/server/db/seed';
import type { ApplicationForm } from '../../src/shared/schemas/forms';
import { adminProgramSchema, programEditorSchema } from '../../src/shared/schemas/programs';
import { createTestApp, type TestApp } from '../support/test-app';

/** Help text per question (issue 11 item 7): stored with the form, shown to applicants, at most 500 characters. */

let t: TestApp;
let admin: string;
let applicant: string;

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
  admin = await t.signIn('admin@demo.test');
  applicant = await t.signIn('applicant@demo.test');
}, 120_000);
afterAll(() => t.close());

const form = (help: string): ApplicationForm => ({
  questions: [{ key: 'q1', type: 'file', label: 'Recording', required: true, help }],
  common: { applyhub: false, coalition: false },
  profile: { enabled: false, sections: {} },
});

async function draft() {
  const res = await t.json('POST', '/api/orgs/riverside-arts/programs', {
    as: admin,
    body: { name: `Help ${Math.random()}` },
  });
  expect(res.status).toBe(200);
  return adminProgramSchema.parse(res.body);
}

async function editor(id: string) {
  const res = await t.json('GET', `/api/programs/${id}/editor`, { as: admin });
  expect(res.status).toBe(200);
  return programEditorSchema.parse(res.body);
}

describe('question help text', () => {
  it('is saved trimmed with the form and returned by the editor', async () => {
    const p = await draft();
    const res = await t.json('PUT', `/api/programs/${p.id}/form`, {
      as: admin,
      body: { form: form('  One piece, up to 5 minutes.  '), version: (await editor(p.id)).version },
    });
    expect(res.status).toBe(200);
    expect((await editor(p.id)).form.questions[0]?.help).toBe('One piece, up to 5 minutes.');
  });

  it('refuses help text over 500 characters and keeps the form', async () => {
    const p = await draft();
    const before = await editor(p.id);
    const res = await t.json('PUT', `/api/programs/${p.id}/form`, {
      as: admin,
      body: { form: form('x'.repeat(501)), version: before.version },
    });
    expect(res.status).toBe(400);
    expect((await editor(p.id)).version).toBe(before.version);
  });

  it('is not writable by an applicant', async () => {
    const p = await draft();
    const res = await t.json('PUT', `/api/programs/${p.id}/form`, {
      as: applicant,
      body: { form: form('Sneaky'), version: (await editor(p.id)).version },
    });
    expect([403, 404]).toContain(res.status);
  });
});
