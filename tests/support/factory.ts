import { eq } from 'drizzle-orm';
import { user } from '../../src/server/db/schema';
import { ORG_APPLICATION_PROGRAM_ID } from '../../src/shared/domain/applyhub';
import type { Application } from '../../src/shared/schemas/applications';
import type { FileInfo, UploadPurpose } from '../../src/shared/schemas/files';
import type { Question } from '../../src/shared/schemas/forms';
import type { Review } from '../../src/shared/schemas/reviews';
import { KNOWN_ANSWER } from './log-check';
import { TEST_ORIGIN, type TestApp } from './test-app';

/**
 * Test data made the way people make it: every row below comes from the real API (sign-in,
 * onboarding, profile, uploads, answers, submit, review). Nothing is written to the database
 * directly, so a factory cannot create a state the product itself cannot reach.
 */

/** The smallest PDF the upload check accepts (its bytes are sniffed). */
export const PDF = Buffer.from(
  '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n',
  'latin1',
);

/** The smallest PNG (1×1) the upload check accepts. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082',
  'hex',
);

/** Fails with the response when a step of a factory does not answer 200. */
function ok<T>(step: string, res: { status: number; body: T }): T {
  if (res.status !== 200) throw new Error(`${step}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const nameOf = (email: string) =>
  email
    .split('@')[0]
    .split(/[._-]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

export async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [row] = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Signs in (creating the user when new) and completes onboarding with `fullName`. */
export async function onboardedUser(
  t: TestApp,
  email: string,
  fullName = nameOf(email),
): Promise<{ cookie: string; id: string }> {
  const cookie = await t.signIn(email, fullName);
  ok(
    `onboarding ${email}`,
    await t.json('POST', '/api/me/onboarding', {
      as: cookie,
      body: { accept_terms: true, full_name: fullName },
    }),
  );
  return { cookie, id: await userIdOf(t, email) };
}

/** POST /api/files: raw bytes (a PDF unless told otherwise). */
export async function uploadFile(
  t: TestApp,
  cookie: string,
  purpose: UploadPurpose,
  options: {
    applicationId?: string;
    fieldKey?: string;
    orgSlug?: string;
    body?: Buffer;
    type?: string;
    name?: string;
  } = {},
): Promise<FileInfo> {
  const body = options.body ?? PDF;
  const query = new URLSearchParams({ purpose });
  if (options.orgSlug) query.set('org_slug', options.orgSlug);
  if (options.applicationId) query.set('application_id', options.applicationId);
  if (options.fieldKey) query.set('field_key', options.fieldKey);
  const res = await t.app.request(`${TEST_ORIGIN}/api/files?${query}`, {
    method: 'POST',
    headers: {
      origin: TEST_ORIGIN,
      cookie,
      'content-type': options.type ?? 'application/pdf',
      'content-length': String(body.length),
      'x-file-name': encodeURIComponent(options.name ?? `${options.fieldKey ?? purpose}.pdf`),
    },
    body: new Uint8Array(body),
  });
  const text = await res.text();
  return ok(`upload ${purpose}`, { status: res.status, body: text ? JSON.parse(text) : null });
}

/**
 * Fills every profile section a program can require (PUT /api/me/profile, and the resume through
 * the uploader). `fields` overrides the text fields. Returns the resume.
 */
export async function completeProfile(
  t: TestApp,
  cookie: string,
  fields: Record<string, string | null> = {},
): Promise<FileInfo> {
  const me = ok('GET /me', await t.json<{ full_name: string | null }>('GET', '/api/me', { as: cookie }));
  ok(
    'PUT /me/profile',
    await t.json('PUT', '/api/me/profile', {
      as: cookie,
      body: {
        full_name: me.full_name ?? 'Test Applicant',
        date_of_birth: '2008-01-02',
        phone_number: '555-0100',
        address_line1: '1 River Road',
        address_city: 'Springfield',
        parent_guardian_name: 'Pat Guardian',
        parent_guardian_email: 'guardian@example.test',
        personal_statement: 'I have loved making art since I was small.',
        ...fields,
      },
    }),
  );
  return uploadFile(t, cookie, 'resume', { name: 'resume.pdf' });
}

/** POST /api/programs/{id}/applications: the caller's draft (or their existing application). */
export async function startApplication(t: TestApp, cookie: string, programId: string): Promise<string> {
  return ok(
    `start ${programId}`,
    await t.json<{ id: string }>('POST', `/api/programs/${programId}/applications`, { as: cookie }),
  ).id;
}

/** A value a person would give for a required question; files are uploaded with the question's uploader. */
async function answerFor(t: TestApp, cookie: string, applicationId: string, q: Question): Promise<unknown> {
  switch (q.type) {
    case 'short_text':
      return `${q.label}`.slice(0, q.maxLength ?? 200);
    case 'long_text':
      return `My answer to: ${q.label}, ${KNOWN_ANSWER}`;
    case 'date':
      return '2026-09-01';
    case 'select':
      return q.options?.[0] ?? null;
    case 'checkbox':
      return true;
    case 'file':
      return uploadFile(t, cookie, 'answer', { applicationId, fieldKey: q.key });
    case 'number':
      return q.min ?? 1;
    case 'yes_no':
      return 'yes';
    case 'content':
      return null;
    case 'multi_select':
      return (q.options ?? []).slice(0, Math.max(1, q.minChoices ?? 1));
    case 'email':
      return 'applicant@example.test';
    case 'url':
      return 'https://example.test/portfolio';
    case 'table': {
      // Enough complete rows to finish the table (decision 060).
      const row = Object.fromEntries(
        (q.columns ?? []).map((c) => [
          c.key,
          c.type === 'number' ? 100 : c.type === 'date' ? '2026-09-01' : 'Item',
        ]),
      );
      return { rows: Array.from({ length: Math.max(q.minRows ?? 0, 1) }, () => ({ ...row })) };
    }
  }
}

/**
 * The answers the applicant sends: `answers` as given, plus a plausible answer for every required
 * question they leave out (uploading files where a file is required).
 */
export async function completeAnswers(
  t: TestApp,
  cookie: string,
  applicationId: string,
  answers: Record<string, unknown> = {},
): Promise<{ answers: Record<string, unknown>; version: number }> {
  const app = ok(
    'GET application',
    await t.json<Application>('GET', `/api/applications/${applicationId}`, { as: cookie }),
  );
  const out: Record<string, unknown> = { ...app.answers, ...answers };
  for (const q of app.program.form.questions) {
    if (q.required && (out[q.key] === undefined || out[q.key] === null || out[q.key] === ''))
      out[q.key] = await answerFor(t, cookie, applicationId, q);
  }
  return { answers: out, version: app.version };
}

/** PUT /api/applications/{id}/answers (autosave) with the current version. */
export async function saveAnswers(
  t: TestApp,
  cookie: string,
  applicationId: string,
  answers: Record<string, unknown>,
): Promise<void> {
  const app = ok(
    'GET application',
    await t.json<Application>('GET', `/api/applications/${applicationId}`, { as: cookie }),
  );
  ok(
    'save answers',
    await t.json('PUT', `/api/applications/${applicationId}/answers`, {
      as: cookie,
      body: { answers, version: app.version },
    }),
  );
}

/** Completes and submits the caller's application (POST /api/applications/{id}/submit). */
export async function submitApplication(
  t: TestApp,
  cookie: string,
  applicationId: string,
  answers: Record<string, unknown> = {},
): Promise<void> {
  const filled = await completeAnswers(t, cookie, applicationId, answers);
  ok(
    'submit',
    await t.json('POST', `/api/applications/${applicationId}/submit`, {
      as: cookie,
      body: filled,
    }),
  );
}

export interface ApplicantOptions {
  /** Answers to send; required questions left out get a plausible answer. */
  answers?: Record<string, unknown>;
  /** The applicant's full name (default: from the email). */
  name?: string;
}

/**
 * A new applicant's submitted application to `programId` (which must be open on the test clock):
 * onboarding, a complete profile, the answers and the submit, all through the API.
 */
export async function submittedApplication(
  t: TestApp,
  email: string,
  programId: string,
  options: ApplicantOptions = {},
): Promise<{ id: string; cookie: string; userId: string }> {
  const { cookie, id: userId } = await onboardedUser(t, email, options.name);
  await completeProfile(t, cookie);
  const id = await startApplication(t, cookie, programId);
  await submitApplication(t, cookie, id, options.answers);
  return { id, cookie, userId };
}

export interface ReviewOptions {
  score?: number | null;
  comments?: string | null;
  decision?: string | null;
  /** Finalize the review (default true). */
  finalize?: boolean;
}

/** PUT /api/applications/{id}/review as `reviewer`, based on the review's current version. */
export async function reviewApplication(
  t: TestApp,
  reviewer: string,
  applicationId: string,
  options: ReviewOptions = {},
): Promise<Review> {
  const detail = ok(
    'GET review',
    await t.json<{ review: Review | null }>('GET', `/api/applications/${applicationId}/review`, {
      as: reviewer,
    }),
  );
  return ok(
    'PUT review',
    await t.json<Review>('PUT', `/api/applications/${applicationId}/review`, {
      as: reviewer,
      body: {
        version: detail.review?.version ?? 0,
        ...(options.score !== undefined ? { score: options.score } : {}),
        ...(options.comments !== undefined ? { comments: options.comments } : {}),
        ...(options.decision ? { ratings: { decision: options.decision } } : {}),
        finalize: options.finalize ?? true,
      },
    }),
  );
}

export interface OrgRequestOptions {
  answers?: Record<string, unknown>;
  /** The decision of the finalized review (the super admin's); no review when absent. */
  decision?: string | null;
  /** Leave the application a draft (its answers saved, not submitted). */
  draft?: boolean;
}

/**
 * An org creation request: the (onboarded) requester applies to ApplyHub's "Organization
 * application"; unless a draft, it is submitted and, with a decision, reviewed by the super admin.
 */
export async function orgRequest(
  t: TestApp,
  cookie: string,
  options: OrgRequestOptions = {},
): Promise<string> {
  const id = await startApplication(t, cookie, ORG_APPLICATION_PROGRAM_ID);
  if (options.draft) {
    await saveAnswers(t, cookie, id, options.answers ?? {});
    return id;
  }
  await completeProfile(t, cookie);
  await submitApplication(t, cookie, id, options.answers);
  if (options.decision) {
    const superAdmin = await t.signIn('super@demo.test');
    await reviewApplication(t, superAdmin, id, { decision: options.decision });
  }
  return id;
}

/** The body of a 200 answer; any other answer fails the test with its status and body. */
export async function okBody<T = any>(p: Promise<{ status: number; body: T }>): Promise<T> {
  const res = await p;
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * A program of the organization, created by its admin with `create` (name, type, dates) and
 * published with `form` (questions, profile sections) over its default form. Returns its id.
 */
export async function programWithForm(
  t: TestApp,
  admin: string,
  orgSlug: string,
  create: Record<string, unknown>,
  form: Record<string, unknown>,
): Promise<string> {
  const { id } = await okBody(t.json('POST', `/api/orgs/${orgSlug}/programs`, { as: admin, body: create }));
  const editor = await okBody(t.json('GET', `/api/programs/${id}/editor`, { as: admin }));
  await okBody(
    t.json('POST', `/api/programs/${id}/publish`, {
      as: admin,
      body: { form: { ...editor.form, ...form }, version: editor.version },
    }),
  );
  return id;
}
