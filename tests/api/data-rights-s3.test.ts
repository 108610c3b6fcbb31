import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/server/db/seed';
import { runRetention } from '../../src/server/privacy/retention';
import type { Question } from '../../src/shared/schemas/forms';
import {
  completeProfile,
  okBody,
  onboardedUser,
  programWithForm,
  startApplication,
  submitApplication,
  uploadFile,
} from '../support/factory';
import { startS3rver } from '../support/storage-under-test';
import { createTestApp, type TestApp } from '../support/test-app';

/** Data rights against a real S3-compatible server (s3rver): erased files leave the bucket too. */
let t: TestApp;
let s3: Awaited<ReturnType<typeof startS3rver>>;

const questions: Question[] = [{ key: 'q_rec', type: 'file', label: 'Recording', required: true }];

beforeAll(async () => {
  s3 = await startS3rver();
  t = await createTestApp({ storage: s3.storage() });
  await seed(t.deps.db, { demo: true, now: t.clock.now() });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

describe('on S3', () => {
  it('retention deletes the application files from the bucket; deleting the account, the profile files', async () => {
    const admin = await t.signIn('admin@demo.test');
    const program = await programWithForm(
      t,
      admin,
      'riverside-arts',
      { name: 'S3 Retention', type: 'audition' },
      { questions },
    );
    const me = await onboardedUser(t, 'bucket.person@rights.test', 'Bucket Person');
    const resume = await completeProfile(t, me.cookie);
    const portfolio = await uploadFile(t, me.cookie, 'portfolio', { name: 'bucket portfolio.pdf' });
    const app = await startApplication(t, me.cookie, program);
    const rec = await uploadFile(t, me.cookie, 'answer', {
      applicationId: app,
      fieldKey: 'q_rec',
      name: 'bucket take.pdf',
    });
    await submitApplication(t, me.cookie, app, { q_rec: rec });
    for (const f of [resume, portfolio, rec]) expect(await t.deps.storage.exists(f.filePath)).toBe(true);

    const current = await okBody(t.json('GET', `/api/programs/${program}/schedule`, { as: admin }));
    const closeAt = new Date(t.clock.now().getTime() + 3600_000);
    await okBody(
      t.json('PUT', `/api/programs/${program}/schedule`, {
        as: admin,
        body: { ...current, close_at: closeAt.toISOString(), retention_months: 1 },
      }),
    );
    t.clock.set(new Date(closeAt.getTime() + 32 * 24 * 3600_000));
    expect((await runRetention(t.deps, t.clock.now())).applications).toBe(1);
    expect(await t.deps.storage.exists(rec.filePath)).toBe(false);
    // The profile is the applicant's: its files stay until they delete their account.
    expect(await t.deps.storage.exists(resume.filePath)).toBe(true);

    const res = await t.json('POST', '/api/me/account/delete', {
      as: me.cookie,
      body: { confirmation: 'DELETE' },
    });
    expect(res.status).toBe(200);
    expect(await t.deps.storage.exists(resume.filePath)).toBe(false);
    expect(await t.deps.storage.exists(portfolio.filePath)).toBe(false);
  });
});
