import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, letterRequests, letters } from '../../src/server/db/schema';
import { type JobRunner, startJobs } from '../../src/server/jobs/runtime';
import { hashLetterToken } from '../../src/server/letters/service';
import { notifyTopic } from '../../src/server/realtime/notify';
import { letterUpload, letterWords, requestCap } from '../../src/shared/domain/letters';
import type { LetterPage, MyLetterRequests, StaffLetters } from '../../src/shared/schemas/letters';
import {
  completeAnswers,
  completeProfile,
  onboardedUser,
  PDF,
  programWithForm,
  reviewApplication,
  startApplication,
  userIdOf,
} from '../support/factory';
import { letterTokenIn, mailTestApp, stopMailTestApp } from '../support/mail-app';
import { assign, setScoring } from '../support/scoring';
import type { TestSmtp } from '../support/smtp';
import { changesUntil } from '../support/sse';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { buildWorld, type World } from '../support/world';

/** Reference letters (issue 30, decision 065): requests, the recommender's link, who reads what, the emails. */
let smtp: TestSmtp;
let t: TestApp;
let world: World;
let runner: JobRunner;
let admin: string;
let program: string;
let ana: { id: string; cookie: string; userId?: string };
let appId: string;

const LETTER_TEXT = 'Ana is the most diligent violinist I have taught in twenty years.';
const FILE_NAME = 'Confidential-letter-Prof-Bell.pdf';
const BOUNCE = 'nobody@bounce.test';

const mine = () =>
  t.json<MyLetterRequests>('GET', `/api/applications/${appId}/letter-requests`, { as: ana.cookie });
const request = (body: Record<string, unknown>, cookie = ana.cookie) =>
  t.json('POST', `/api/applications/${appId}/letter-requests`, { as: cookie, body });
const mailsTo = (address: string, subject: string) =>
  smtp.received.filter((r) => r.envelopeTo.includes(address) && r.mail.subject?.startsWith(subject));
/** Raw bytes to an upload route (as the web client sends them). */
const upload = (path: string, body: Buffer, name: string, cookie?: string) =>
  t.app.request(`${TEST_ORIGIN}${path}`, {
    method: 'POST',
    headers: {
      origin: TEST_ORIGIN,
      ...(cookie ? { cookie } : {}),
      'content-type': 'application/pdf',
      'content-length': String(body.length),
      'x-file-name': encodeURIComponent(name),
    },
    body: new Uint8Array(body),
  });
/** The link's token from the latest request email to `address`. */
function tokenFrom(address: string): string {
  const mails = mailsTo(address, 'Reference letter request');
  const text = mails[mails.length - 1]?.mail.text ?? '';
  const token = letterTokenIn(text);
  if (!token) throw new Error(`no letter link in the email to ${address}`);
  return token;
}
async function waitForMail(address: string, subject: string, n = 1) {
  for (let i = 0; i < 100 && mailsTo(address, subject).length < n; i++)
    await new Promise((r) => setTimeout(r, 100));
  // Anything more (a double send) would arrive by now.
  await new Promise((r) => setTimeout(r, 800));
}

beforeAll(async () => {
  ({ t, smtp } = await mailTestApp());
  smtp.refuse.add(BOUNCE);
  world = await buildWorld(t);
  admin = world.cookies.orgAdmin!;
  program = await programWithForm(
    t,
    admin,
    world.slugs.org,
    { name: 'Bell Fellowship', type: 'scholarship' },
    {
      questions: [
        { key: 'essay', type: 'long_text', label: 'Essay', required: true },
        {
          key: 'refs',
          type: 'reference_letter',
          label: 'References',
          required: false,
          minLetters: 2,
          maxLetters: 3,
          provides: 'either',
          instructions: 'Tell us about the applicant’s musicianship.',
          submitBeforeLetters: true,
          recommenderQuestions: [
            {
              key: 'known',
              type: 'short_text',
              label: 'How long have you known the applicant?',
              required: true,
            },
            {
              key: 'rating',
              type: 'rating',
              label: 'Overall',
              required: false,
              options: ['Excellent', 'Good'],
            },
          ],
        },
      ],
    },
  );
  ana = await onboardedUser(t, 'ana@letters.test', 'Ana Ortiz');
  await completeProfile(t, ana.cookie);
  appId = await startApplication(t, ana.cookie, program);
  ana = { ...ana, id: appId, userId: ana.id };
  runner = await startJobs(t.deps, { pollingIntervalSeconds: 0.3 });
}, 120_000);
afterAll(() => stopMailTestApp(t, smtp, runner));

describe('the question type', () => {
  it('is stored with its settings and refuses fewer allowed than required', async () => {
    const editor = (await t.json('GET', `/api/programs/${program}/editor`, { as: admin })).body;
    const q = editor.form.questions.find((x: { key: string }) => x.key === 'refs');
    expect(q).toMatchObject({ type: 'reference_letter', minLetters: 2, maxLetters: 3, provides: 'either' });
    const bad = await t.json('PUT', `/api/programs/${program}/form`, {
      as: admin,
      body: {
        form: { ...editor.form, questions: [{ ...q, minLetters: 4, maxLetters: 2 }] },
        version: editor.version,
      },
    });
    expect([400, 422]).toContain(bad.status);
  });

  it('refuses bad recommender questions with the builder’s words, and stores good ones cleaned', async () => {
    const editor = (await t.json('GET', `/api/programs/${program}/editor`, { as: admin })).body;
    const refs = editor.form.questions.find((x: { key: string }) => x.key === 'refs');
    const known = { key: 'known', type: 'short_text', label: 'Known for', required: true };
    const save = (recommenderQuestions: unknown[]) =>
      t.json('PUT', `/api/programs/${program}/form`, {
        as: admin,
        body: {
          form: {
            ...editor.form,
            questions: editor.form.questions.map((x: { key: string }) =>
              x.key === 'refs' ? { ...refs, recommenderQuestions } : x,
            ),
          },
          version: editor.version,
        },
      });
    const rating = (options: string[]) => ({
      key: 'r2',
      type: 'rating',
      label: 'Overall',
      required: false,
      options,
    });
    // The service's rule (letterQuestionProblem): refused with the message the builder shows.
    for (const [rqs, message] of [
      [[{ ...known, label: '  ' }], '"References": recommender question 1 needs a label.'],
      [[known, { ...known, label: 'Again' }], '"References": "Again" has the same key as another.'],
      [[known, rating(['Good', ''])], '"References": "Overall" needs at least two ratings.'],
      [[rating(['Good', 'good', 'Fair'])], '"References": "Overall" lists a rating twice.'],
    ] as const) {
      const res = await save([...rqs]);
      expect(res.status, message).toBe(422);
      expect(res.body.error.message).toBe(message);
    }
    // The shapes (the schema): more than five questions, more than ten ratings, an unknown kind.
    const six = Array.from({ length: 6 }, (_, i) => ({ ...known, key: `r${i}` }));
    for (const rqs of [
      six,
      [rating(Array.from({ length: 11 }, (_, i) => `R${i}`))],
      [{ ...known, type: 'number' }],
    ]) {
      const res = await save(rqs);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid');
    }
    // Nothing of the refused saves was kept.
    const after = (await t.json('GET', `/api/programs/${program}/editor`, { as: admin })).body;
    expect(after.version).toBe(editor.version);
    expect(after.form.questions.find((x: { key: string }) => x.key === 'refs').recommenderQuestions).toEqual(
      refs.recommenderQuestions,
    );
    // A good one is stored trimmed; a text question drops ratings left from an earlier kind.
    const ok = await save([
      { ...known, label: ' Known for ', options: ['left over'] },
      rating([' Excellent ', '', 'Good']),
    ]);
    expect(ok.status).toBe(200);
    const saved = (await t.json('GET', `/api/programs/${program}/editor`, { as: admin })).body;
    expect(saved.form.questions.find((x: { key: string }) => x.key === 'refs').recommenderQuestions).toEqual([
      { key: 'known', type: 'short_text', label: 'Known for', required: true },
      { key: 'r2', type: 'rating', label: 'Overall', required: false, options: ['Excellent', 'Good'] },
    ]);
    // Put back as it was for the tests below.
    const restore = await t.json('PUT', `/api/programs/${program}/form`, {
      as: admin,
      body: { form: editor.form, version: saved.version },
    });
    expect(restore.status).toBe(200);
  });
});

describe('requests', () => {
  it('submitting needs two requests first (submitBeforeLetters): refused with the question named', async () => {
    const filled = await completeAnswers(t, ana.cookie, appId, { essay: 'Mine.' });
    const res = await t.json('POST', `/api/applications/${appId}/submit`, { as: ana.cookie, body: filled });
    expect(res.status).not.toBe(200);
    expect(JSON.stringify(res.body)).toContain('References');
  });

  it('refuses the applicant’s own email and a question that takes no letters', async () => {
    const own = await request({ question_key: 'refs', name: 'Me', email: 'ANA@letters.test' });
    expect(own.status).toBe(422);
    expect(own.body.error.message).toBe(letterWords.ownEmail);
    const wrong = await request({ question_key: 'essay', name: 'Bo', email: 'bo@x.test' });
    expect(wrong.status).toBe(422);
  });

  it('sends each request email once, with a link that needs no account', async () => {
    const a = await request({
      question_key: 'refs',
      name: 'Prof. Bell',
      email: 'bell@uni.test',
      relationship: 'Teacher',
      message: 'Thank you for writing!',
    });
    expect(a.status).toBe(200);
    expect(a.body.request).toMatchObject({ state: 'requested', name: 'Prof. Bell' });
    expect((await request({ question_key: 'refs', name: 'Dr. Chen', email: 'chen@uni.test' })).status).toBe(
      200,
    );
    // The same person twice is refused.
    expect((await request({ question_key: 'refs', name: 'Prof. Bell', email: 'bell@uni.test' })).status).toBe(
      422,
    );
    await waitForMail('bell@uni.test', 'Reference letter request');
    await waitForMail('chen@uni.test', 'Reference letter request');
    expect(mailsTo('bell@uni.test', 'Reference letter request')).toHaveLength(1);
    expect(mailsTo('chen@uni.test', 'Reference letter request')).toHaveLength(1);
    const mail = mailsTo('bell@uni.test', 'Reference letter request')[0].mail;
    expect(mail.text).toContain('Ana Ortiz');
    expect(mail.text).toContain('Thank you for writing!');
    // Hashed at rest: the token itself is nowhere in the request's row.
    const token = tokenFrom('bell@uni.test');
    const [row] = await t.deps.db
      .select()
      .from(letterRequests)
      .where(eq(letterRequests.email, 'bell@uni.test'));
    expect(row.tokenHash).toBe(hashLetterToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('resend: once a day for the applicant (a new link; the old one stops working)', async () => {
    const list = (await mine()).body;
    const chen = list.items.find((r) => r.email === 'chen@uni.test')!;
    const old = tokenFrom('chen@uni.test');
    const soon = await t.json('POST', `/api/applications/${appId}/letter-requests/${chen.id}/resend`, {
      as: ana.cookie,
    });
    expect(soon.status).toBe(409);
    expect(soon.body.error.message).toBe(letterWords.resendTooSoon);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const again = await t.json('POST', `/api/applications/${appId}/letter-requests/${chen.id}/resend`, {
      as: ana.cookie,
    });
    expect(again.status).toBe(200);
    await waitForMail('chen@uni.test', 'Reference letter request', 2);
    expect(mailsTo('chen@uni.test', 'Reference letter request')).toHaveLength(2);
    expect((await t.json('GET', `/api/letters/${old}`)).status).toBe(404);
    expect((await t.json('GET', `/api/letters/${tokenFrom('chen@uni.test')}`)).status).toBe(200);
  });

  it('a refused address (SMTP 550) shows Bounced; the applicant cancels it and asks someone else', async () => {
    expect((await request({ question_key: 'refs', name: 'Nobody', email: BOUNCE })).status).toBe(200);
    let state = '';
    for (let i = 0; i < 100 && state !== 'bounced'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await mine()).body.items.find((r) => r.email === BOUNCE)?.state ?? '';
    }
    expect(state).toBe('bounced');
    const id = (await mine()).body.items.find((r) => r.email === BOUNCE)!.id;
    const cancelled = await t.json('POST', `/api/applications/${appId}/letter-requests/${id}/cancel`, {
      as: ana.cookie,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.request.state).toBe('cancelled');
  });

  it('with two requests pending the application submits; others cannot read or make requests', async () => {
    const filled = await completeAnswers(t, ana.cookie, appId, { essay: 'Mine.' });
    const res = await t.json('POST', `/api/applications/${appId}/submit`, { as: ana.cookie, body: filled });
    expect(res.status).toBe(200);
    for (const who of [world.cookies.applicant, world.cookies.otherOrgAdmin]) {
      expect((await t.json('GET', `/api/applications/${appId}/letter-requests`, { as: who })).status).toBe(
        404,
      );
      expect((await request({ question_key: 'refs', name: 'X', email: 'x@x.test' }, who!)).status).toBe(404);
    }
    expect((await t.json('GET', `/api/applications/${appId}/letter-requests`)).status).toBe(401);
  });
});

describe('how many requests', () => {
  it('a question takes at most its maxLetters live requests; the application at most maxLetters + 3 not cancelled', async () => {
    const bo = await onboardedUser(t, 'bo@letters.test', 'Bo Berg');
    await completeProfile(t, bo.cookie);
    const boApp = await startApplication(t, bo.cookie, program);
    const ask = (n: number) =>
      t.json('POST', `/api/applications/${boApp}/letter-requests`, {
        as: bo.cookie,
        body: { question_key: 'refs', name: `R${n}`, email: `r${n}@cap.test` },
      });
    const decline = async (n: number) => {
      await waitForMail(`r${n}@cap.test`, 'Reference letter request');
      const res = await t.json('POST', `/api/letters/${tokenFrom(`r${n}@cap.test`)}/decline`, { body: {} });
      expect(res.status, `r${n} declines`).toBe(200);
    };
    const cap = requestCap([
      { key: 'refs', type: 'reference_letter', label: 'R', required: false, maxLetters: 3 },
    ]);
    expect(cap).toBe(6);
    // Up to 3 letters: a fourth live request is refused.
    for (const n of [1, 2, 3]) expect((await ask(n)).status, `request ${n}`).toBe(200);
    const fourth = await ask(4);
    expect(fourth.status).toBe(422);
    expect(fourth.body.error.message).toBe(letterWords.enough(3));
    // Three decline: Bo asks three others (6 requests, declined ones included).
    for (const n of [1, 2, 3]) await decline(n);
    for (const n of [4, 5, 6]) expect((await ask(n)).status, `request ${n}`).toBe(200);
    await decline(4);
    const over = await ask(7);
    expect(over.status).toBe(422);
    expect(over.body.error.message).toBe(letterWords.tooMany(cap));
    const list = await t.json<MyLetterRequests>('GET', `/api/applications/${boApp}/letter-requests`, {
      as: bo.cookie,
    });
    expect(list.body).toMatchObject({ cap });
    expect(list.body.items).toHaveLength(cap);
    // A cancelled request frees a place.
    const r5 = list.body.items.find((r) => r.email === 'r5@cap.test')!.id;
    expect(
      (await t.json('POST', `/api/applications/${boApp}/letter-requests/${r5}/cancel`, { as: bo.cookie }))
        .status,
    ).toBe(200);
    expect((await ask(7)).status).toBe(200);
  });
});

describe('the recommender’s link', () => {
  it('a tampered or malformed token is refused', async () => {
    const token = tokenFrom('bell@uni.test');
    const tampered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    expect((await t.json('GET', `/api/letters/${tampered}`)).status).toBe(404);
    expect((await t.json('GET', '/api/letters/short')).status).toBe(404);
    expect((await t.json('POST', `/api/letters/${tampered}/submit`, { body: { text: 'x' } })).status).toBe(
      404,
    );
  });

  it('opens with the program, the applicant and the instructions, and marks the request Opened', async () => {
    const page = await t.json<LetterPage>('GET', `/api/letters/${tokenFrom('bell@uni.test')}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      status: 'open',
      program_name: 'Bell Fellowship',
      org_name: 'Riverside Arts Center',
      applicant_name: 'Ana Ortiz',
      recommender_name: 'Prof. Bell',
      instructions: 'Tell us about the applicant’s musicianship.',
      provides: 'either',
    });
    expect((await mine()).body.items.find((r) => r.email === 'bell@uni.test')?.state).toBe('opened');
  });

  it('autosaves a draft; refuses an empty letter and a missing required answer; submits once with one receipt and one "letter received"', async () => {
    const token = tokenFrom('bell@uni.test');
    const empty = await t.json('POST', `/api/letters/${token}/submit`, { body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.error.message).toBe(letterWords.empty);
    const draft = await t.json('PUT', `/api/letters/${token}/draft`, {
      body: { text: LETTER_TEXT, answers: { rating: 'Excellent' } },
    });
    expect(draft.status).toBe(200);
    // A rating is one of the question's ratings, in a draft and at submit.
    for (const [method, path] of [
      ['PUT', 'draft'],
      ['POST', 'submit'],
    ] as const) {
      const made = await t.json(method, `/api/letters/${token}/${path}`, {
        body: { answers: { known: 'Six years', rating: 'Superb' } },
      });
      expect(made.status).toBe(422);
      expect(made.body.error.message).toBe('"Overall": choose one of the ratings.');
    }
    const back = await t.json<LetterPage>('GET', `/api/letters/${token}`);
    expect(back.body.draft?.text).toBe(LETTER_TEXT);
    const noAnswer = await t.json('POST', `/api/letters/${token}/submit`, { body: {} });
    expect(noAnswer.status).toBe(422);
    expect(noAnswer.body.error.message).toBe(
      letterWords.answerRequired('How long have you known the applicant?'),
    );
    const ok = await t.json('POST', `/api/letters/${token}/submit`, {
      body: { answers: { known: 'Six years', rating: 'Excellent' } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('submitted');
    const twice = await t.json('POST', `/api/letters/${token}/submit`, { body: { text: 'Changed' } });
    expect(twice.status).toBe(200);
    const rows = await t.deps.db.select().from(letters);
    expect(rows.filter((l) => l.submittedAt)).toHaveLength(1);
    expect(rows.find((l) => l.submittedAt)?.text).toBe(LETTER_TEXT);
    // After submission the link shows the thanks only, never the letter.
    const after = await t.json<LetterPage>('GET', `/api/letters/${token}`);
    expect(after.body.status).toBe('submitted');
    expect(JSON.stringify(after.body)).not.toContain(LETTER_TEXT);
    expect((await t.json('PUT', `/api/letters/${token}/draft`, { body: { text: 'x' } })).status).toBe(409);
    await waitForMail('bell@uni.test', 'Letter received');
    await waitForMail('ana@letters.test', 'Reference letter received');
    expect(mailsTo('bell@uni.test', 'Letter received')).toHaveLength(1);
    const toAna = mailsTo('ana@letters.test', 'Reference letter received');
    expect(toAna).toHaveLength(1);
    expect(toAna[0].mail.text).not.toContain(LETTER_TEXT);
  });

  it('uploads a PDF (type checked on the bytes) and submits it; no realtime event the applicant hears carries it', async () => {
    const token = tokenFrom('chen@uni.test');
    // The applicant listens on every topic of theirs meanwhile.
    const stream = await t.request(
      'GET',
      `/api/events?topic=notifications:${ana.userId}&topic=messages:${appId}`,
      { as: ana.cookie },
    );
    expect(stream.status).toBe(200);
    const heard = changesUntil(stream, (d) => d.sentinel === true);
    await new Promise((r) => setTimeout(r, 100));
    const notPdf = await upload(`/api/letters/${token}/file`, Buffer.from('plain words'), 'x.pdf');
    expect(notPdf.status).toBe(422);
    expect((await notPdf.json()).error.message).toBe(letterUpload.typeMessage());
    // The answer files' size rule (50 MB), refused before a byte is stored.
    const big = await t.app.request(`${TEST_ORIGIN}/api/letters/${token}/file`, {
      method: 'POST',
      headers: {
        origin: TEST_ORIGIN,
        'content-type': 'application/pdf',
        'content-length': String(letterUpload.maxBytes),
        'x-file-name': 'big.pdf',
      },
      body: new ReadableStream({ pull: (c) => c.enqueue(new Uint8Array(64 * 1024)) }),
      duplex: 'half',
    } as RequestInit);
    expect(big.status).toBe(413);
    expect((await big.json()).error).toMatchObject({ code: 'too_large', message: letterUpload.sizeMessage });
    // A failed upload leaves nothing to submit: the letter is not "Submitted".
    const nothing = await t.json('POST', `/api/letters/${token}/submit`, {
      body: { answers: { known: '2 years' } },
    });
    expect(nothing.status).toBe(422);
    expect(nothing.body.error.message).toBe(letterWords.empty);
    expect((await mine()).body.items.find((r) => r.email === 'chen@uni.test')?.state).toBe('opened');
    // The page names the stored PDF and its size (what the upload control shows; never a link to it).
    const first = await upload(`/api/letters/${token}/file`, PDF, 'first-draft.pdf');
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ file_name: 'first-draft.pdf', file_size: PDF.length });
    const page = await t.json<LetterPage>('GET', `/api/letters/${token}`);
    expect(page.body.draft).toMatchObject({ file_name: 'first-draft.pdf', file_size: PDF.length });
    const chenLetter = async () =>
      (
        await t.deps.db
          .select({ filePath: letters.filePath })
          .from(letters)
          .innerJoin(letterRequests, eq(letters.requestId, letterRequests.id))
          .where(eq(letterRequests.email, 'chen@uni.test'))
      )[0];
    const stored = (await chenLetter()).filePath!;
    expect(stored).toMatch(/^letters\//);
    expect(JSON.stringify(page.body)).not.toContain(stored);
    // Removed (the page's Remove, after its confirmation): nothing stored, nothing to submit.
    const removed = await t.json('DELETE', `/api/letters/${token}/file`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ file_name: null, file_size: null });
    const gone = await t.json<LetterPage>('GET', `/api/letters/${token}`);
    expect(gone.body.draft).toMatchObject({ file_name: null, file_size: null });
    expect((await chenLetter()).filePath).toBeNull();
    expect(await t.deps.storage.get(stored)).toBeNull();
    const up = await upload(`/api/letters/${token}/file`, PDF, FILE_NAME);
    expect(up.status).toBe(200);
    const ok = await t.json('POST', `/api/letters/${token}/submit`, {
      body: { answers: { known: '2 years' } },
    });
    expect(ok.status).toBe(200);
    await t.deps.db.transaction((tx) => notifyTopic(tx, `notifications:${ana.userId}`, { sentinel: true }));
    const events = JSON.stringify(await heard);
    for (const secret of [FILE_NAME, '2 years', LETTER_TEXT]) expect(events).not.toContain(secret);
  });
});

describe('who reads letters', () => {
  it('the applicant sees Submitted twice and never the content, on any route of theirs', async () => {
    const list = await mine();
    expect(list.body.items.filter((r) => r.state === 'submitted')).toHaveLength(2);
    expect(list.body.questions[0]).toMatchObject({ key: 'refs', submitted: 2, min_letters: 2 });
    const surfaces = [
      `/api/applications/${appId}/letter-requests`,
      `/api/applications/${appId}`,
      '/api/me/applications',
      `/api/applications/${appId}/messages`,
    ];
    for (const path of surfaces) {
      const res = await t.request('GET', path, { as: ana.cookie });
      const text = await res.text();
      expect(text, path).not.toContain(LETTER_TEXT);
      expect(text, path).not.toContain(FILE_NAME);
      expect(text, path).not.toContain('Six years');
    }
    // Every document of the application is the staff's (decision 065): the PDF, the dossier and the
    // exports (which carry letter counts only) all refuse its applicant.
    for (const path of [
      `/api/applications/${appId}/pdf`,
      `/api/programs/${program}/dossier`,
      `/api/programs/${program}/exports/applications?format=csv`,
      `/api/programs/${program}/exports/applications?format=xlsx`,
      `/api/orgs/${world.slugs.org}/exports/inbox?format=csv`,
      `/api/orgs/${world.slugs.org}/reviews`,
    ]) {
      const res = await t.request('GET', path, { as: ana.cookie });
      expect([403, 404], path).toContain(res.status);
      const text = Buffer.from(await res.arrayBuffer()).toString('latin1');
      expect(text, path).not.toContain('diligent');
      expect(text, path).not.toContain(FILE_NAME);
    }
    expect((await t.json('GET', `/api/applications/${appId}/letters`, { as: ana.cookie })).status).toBe(403);
    const id = list.body.items.find((r) => r.email === 'chen@uni.test')!.id;
    expect(
      (await t.request('GET', `/api/applications/${appId}/letters/${id}/file`, { as: ana.cookie })).status,
    ).toBe(403);
  });

  it('the program’s admin and reviewer read both letters (text and file); others do not', async () => {
    for (const who of [admin, world.cookies.reviewer]) {
      const res = await t.json<StaffLetters>('GET', `/api/applications/${appId}/letters`, { as: who });
      expect(res.status).toBe(200);
      expect(res.body.hidden).toBe(false);
      const submitted = res.body.items.filter((l) => l.state === 'submitted');
      expect(submitted.map((l) => l.text)).toContain(LETTER_TEXT);
      expect(submitted.map((l) => l.file_name)).toContain(FILE_NAME);
      const chen = submitted.find((l) => l.file_name === FILE_NAME)!;
      const file = await t.request('GET', `/api/applications/${appId}/letters/${chen.id}/file`, { as: who });
      expect(file.status).toBe(200);
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 4)
          .toString(),
      ).toBe('%PDF');
    }
    expect(
      (await t.json('GET', `/api/applications/${appId}/letters`, { as: world.cookies.otherOrgAdmin })).status,
    ).toBe(404);
  });

  it('a cancelled request’s link shows a clear page and refuses writes', async () => {
    expect((await request({ question_key: 'refs', name: 'Dee', email: 'dee@uni.test' })).status).toBe(200);
    await waitForMail('dee@uni.test', 'Reference letter request');
    const token = tokenFrom('dee@uni.test');
    const id = (await mine()).body.items.find((r) => r.email === 'dee@uni.test')!.id;
    expect(
      (await t.json('POST', `/api/applications/${appId}/letter-requests/${id}/cancel`, { as: ana.cookie }))
        .status,
    ).toBe(200);
    const page = await t.json<LetterPage>('GET', `/api/letters/${token}`);
    expect(page.body).toMatchObject({ status: 'cancelled', message: letterWords.cancelled, draft: null });
    expect((await t.json('POST', `/api/letters/${token}/submit`, { body: { text: 'x' } })).status).toBe(409);
  });
});

describe('a blind program', () => {
  it('reviewers see "N letters received" only, until the admin allows letters (audited)', async () => {
    await setScoring(t, admin, program, { blind: true });
    await assign(t, admin, program, [appId], [await userIdOf(t, 'reviewer@demo.test')]);
    const hidden = await t.json<StaffLetters>('GET', `/api/applications/${appId}/letters`, {
      as: world.cookies.reviewer,
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ hidden: true, items: [] });
    expect(hidden.body.questions[0].submitted).toBe(2);
    expect(JSON.stringify(hidden.body)).not.toContain(LETTER_TEXT);
    const chen = (await mine()).body.items.find((r) => r.email === 'chen@uni.test')!.id;
    expect(
      (
        await t.request('GET', `/api/applications/${appId}/letters/${chen}/file`, {
          as: world.cookies.reviewer,
        })
      ).status,
    ).toBe(403);
    // The admin still reads them.
    expect(
      (await t.json<StaffLetters>('GET', `/api/applications/${appId}/letters`, { as: admin })).body.hidden,
    ).toBe(false);
    const on = await t.json('PUT', `/api/programs/${program}/letter-settings`, {
      as: admin,
      body: { blind_reviewers_see_letters: true },
    });
    expect(on.status).toBe(200);
    const shown = await t.json<StaffLetters>('GET', `/api/applications/${appId}/letters`, {
      as: world.cookies.reviewer,
    });
    expect(shown.body.hidden).toBe(false);
    expect(shown.body.items.map((l) => l.text)).toContain(LETTER_TEXT);
    expect((await t.deps.db.select().from(auditLog)).map((a) => a.action)).toContain(
      'letter.settings_changed',
    );
    await setScoring(t, admin, program, { blind: false, mode: 'shared' });
  });
});

describe('admins', () => {
  it('resend a request (audited) and upload a letter received by post on the recommender’s behalf (audited with who)', async () => {
    expect((await request({ question_key: 'refs', name: 'Eve', email: 'eve@uni.test' })).status).toBe(200);
    const id = (await mine()).body.items.find((r) => r.email === 'eve@uni.test')!.id;
    // The applicant may not upload on anyone's behalf.
    const denied = await upload(
      `/api/applications/${appId}/letter-requests/${id}/on-behalf`,
      PDF,
      'x.pdf',
      ana.cookie,
    );
    expect(denied.status).toBe(403);
    const resent = await t.json('POST', `/api/applications/${appId}/letter-requests/${id}/resend`, {
      as: admin,
    });
    expect(resent.status).toBe(200);
    // The applicant listens on every topic of theirs while the letter arrives: no event carries it.
    const stream = await t.request(
      'GET',
      `/api/events?topic=notifications:${ana.userId}&topic=messages:${appId}`,
      { as: ana.cookie },
    );
    expect(stream.status).toBe(200);
    const heard = changesUntil(stream, (d) => d.sentinel === true);
    await new Promise((r) => setTimeout(r, 100));
    const up = await upload(
      `/api/applications/${appId}/letter-requests/${id}/on-behalf`,
      PDF,
      'posted.pdf',
      admin,
    );
    expect(up.status, await up.clone().text()).toBe(200);
    const staff = await t.json<StaffLetters>('GET', `/api/applications/${appId}/letters`, { as: admin });
    const eve = staff.body.items.find((l) => l.email === 'eve@uni.test')!;
    expect(eve).toMatchObject({ state: 'submitted', file_name: 'posted.pdf' });
    expect(eve.submitted_by).toBeTruthy();
    await t.deps.db.transaction((tx) => notifyTopic(tx, `notifications:${ana.userId}`, { sentinel: true }));
    const events = JSON.stringify(await heard);
    for (const secret of ['posted.pdf', LETTER_TEXT, FILE_NAME]) expect(events).not.toContain(secret);
    const actions = (await t.deps.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toContain('letter.resent');
    expect(actions).toContain('letter.uploaded_on_behalf');
  });
});

describe('every applicant-facing surface (the walk)', () => {
  /** Everything of the letters that only staff may read. */
  const secrets = () => [LETTER_TEXT, FILE_NAME, 'posted.pdf', 'Six years', '2 years'];

  it('no GET route of the API answers the applicant anything of a letter, nor does any email to them (a result included)', async () => {
    // A published result, so its page and its email are walked too.
    const form = await t.json('PUT', `/api/programs/${program}/review-form`, {
      as: admin,
      body: {
        show_score: true,
        show_comments: true,
        show_decision: true,
        decision_options: ['accept', 'waitlist', 'reject'],
      },
    });
    expect(form.status).toBe(200);
    await reviewApplication(t, admin, appId, { decision: 'accept', comments: 'A strong file.' });
    const published = await t.json('POST', `/api/programs/${program}/publish-results`, {
      as: admin,
      body: { mode: 'all_finalized', visibility: { decision: true } },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    await waitForMail('ana@letters.test', 'Your result for Bell Fellowship');
    const requests = (await mine()).body.items;
    expect(requests.filter((r) => r.state === 'submitted')).toHaveLength(3);

    const doc = (await t.json('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const idFor = (path: string) =>
      path.startsWith('/applications/')
        ? appId
        : /^\/(programs|review\/programs|coalitions\/\{slug\}\/programs)\/\{id\}/.test(path)
          ? program
          : randomUUID();
    const urls = Object.entries(doc.paths)
      .filter(([, ops]) => 'get' in ops)
      .flatMap(([path]) => {
        const base = path
          .replace('{id}', idFor(path))
          .replace('{slug}', path.startsWith('/coalitions') ? world.slugs.coalition : world.slugs.org)
          .replace('{token}', 'A'.repeat(43));
        // A letter's file: every request of the application.
        return base.includes('{requestId}')
          ? requests.map((r) => ({ path, url: base.replace('{requestId}', r.id) }))
          : [{ path, url: base }];
      });
    // The export routes also with each format.
    for (const { path, url } of [...urls])
      if (path.includes('/export'))
        for (const f of ['csv', 'xlsx']) urls.push({ path, url: `${url}?format=${f}` });
    const answered: string[] = [];
    for (const { path, url } of urls) {
      const res = await t.request('GET', `/api${url}`, { as: ana.cookie });
      const bytes = Buffer.from(await res.arrayBuffer());
      let text = `${bytes.toString('utf8')}\n${bytes.toString('latin1')}`;
      if (bytes.subarray(0, 2).toString('latin1') === 'PK') {
        const zip = await JSZip.loadAsync(bytes);
        for (const f of Object.values(zip.files)) text += `\n${f.name}\n${await f.async('string')}`;
      }
      for (const secret of secrets()) expect(text, `${url} (${res.status})`).not.toContain(secret);
      if (res.status === 200) answered.push(path);
    }
    // The walk read the applicant's own surfaces, not only refusals.
    expect(answered).toEqual(
      expect.arrayContaining([
        '/applications/{id}',
        '/applications/{id}/letter-requests',
        '/applications/{id}/versions',
        '/me/applications',
        '/me/results',
        '/me/data',
      ]),
    );
    // Their letter reads stay refused.
    expect(answered).not.toContain('/applications/{id}/letters');
    expect(answered).not.toContain('/applications/{id}/letters/{requestId}/file');
    expect(answered).not.toContain('/applications/{id}/pdf');

    const toAna = smtp.received.filter((r) => r.envelopeTo.includes('ana@letters.test'));
    expect(toAna.map((r) => r.mail.subject)).toEqual(
      expect.arrayContaining([
        'Your result for Bell Fellowship',
        'Reference letter received: Bell Fellowship',
      ]),
    );
    for (const mail of toAna)
      for (const secret of secrets())
        expect(`${mail.mail.subject}\n${mail.mail.text}\n${mail.mail.html}`, mail.mail.subject).not.toContain(
          secret,
        );
  });
});

describe('the question’s other settings', () => {
  const DAY = 24 * 60 * 60 * 1000;
  async function applicant(email: string, name: string, programId: string) {
    const u = await onboardedUser(t, email, name);
    await completeProfile(t, u.cookie);
    return { cookie: u.cookie, app: await startApplication(t, u.cookie, programId) };
  }
  const ask = (who: { cookie: string; app: string }, name: string, email: string) =>
    t.json('POST', `/api/applications/${who.app}/letter-requests`, {
      as: who.cookie,
      body: { question_key: 'refs', name, email },
    });
  const submit = async (who: { cookie: string; app: string }) =>
    t.json('POST', `/api/applications/${who.app}/submit`, {
      as: who.cookie,
      body: await completeAnswers(t, who.cookie, who.app),
    });

  it('without "submitted before the letters are in", the application waits for its letter; a typed one only', async () => {
    const p = await programWithForm(
      t,
      admin,
      world.slugs.org,
      { name: 'Letter First Prize', type: 'scholarship' },
      {
        questions: [
          {
            key: 'refs',
            type: 'reference_letter',
            label: 'Letter first',
            required: false,
            minLetters: 1,
            maxLetters: 1,
            provides: 'text',
            submitBeforeLetters: false,
          },
        ],
      },
    );
    const cleo = await applicant('cleo@letters.test', 'Cleo Diaz', p);
    expect((await ask(cleo, 'Gil', 'gil@uni.test')).status).toBe(200);
    // A request is not enough: the letter itself is needed.
    const early = await submit(cleo);
    expect(early.status).not.toBe(200);
    expect(early.body.error.message).toContain('Letter first');
    await waitForMail('gil@uni.test', 'Reference letter request');
    const token = tokenFrom('gil@uni.test');
    const pdf = await upload(`/api/letters/${token}/file`, PDF, 'gil.pdf');
    expect(pdf.status).toBe(422);
    expect((await pdf.json()).error.message).toBe(letterWords.textOnly);
    expect(
      (await t.json('POST', `/api/letters/${token}/submit`, { body: { text: 'Cleo is ready.' } })).status,
    ).toBe(200);
    expect((await submit(cleo)).status).toBe(200);
  });

  it('with "Letters may arrive after the application closes", letters come until the date set, then no more', async () => {
    const now = t.clock.now();
    const until = new Date(now.getTime() + 10 * DAY);
    const p = await programWithForm(
      t,
      admin,
      world.slugs.org,
      {
        name: 'Late Letters Prize',
        type: 'scholarship',
        open_at: new Date(now.getTime() - DAY).toISOString(),
        close_at: new Date(now.getTime() + DAY).toISOString(),
      },
      {
        questions: [
          {
            key: 'refs',
            type: 'reference_letter',
            label: 'References',
            required: false,
            minLetters: 1,
            maxLetters: 2,
            provides: 'either',
            lettersAfterClose: true,
            lettersUntil: until.toISOString(),
          },
        ],
      },
    );
    const dora = await applicant('dora@letters.test', 'Dora Eng', p);
    expect((await ask(dora, 'Hana', 'hana@uni.test')).status).toBe(200);
    expect((await submit(dora)).status).toBe(200);
    await waitForMail('hana@uni.test', 'Reference letter request');
    // Five days after the close: a letter still comes, and Dora may still ask someone.
    t.clock.advance(6 * DAY);
    const hana = tokenFrom('hana@uni.test');
    expect((await t.json<LetterPage>('GET', `/api/letters/${hana}`)).body).toMatchObject({
      status: 'open',
      deadline: until.toISOString(),
    });
    expect(
      (await t.json('POST', `/api/letters/${hana}/submit`, { body: { text: 'Late, as allowed.' } })).status,
    ).toBe(200);
    expect((await ask(dora, 'Ivan', 'ivan@uni.test')).status).toBe(200);
    await waitForMail('ivan@uni.test', 'Reference letter request');
    // After the date set: no more.
    t.clock.advance(5 * DAY);
    const ivan = tokenFrom('ivan@uni.test');
    expect((await t.json<LetterPage>('GET', `/api/letters/${ivan}`)).body.status).toBe('closed');
    expect(
      (await t.json('POST', `/api/letters/${ivan}/submit`, { body: { text: 'Too late.' } })).status,
    ).toBe(409);
    expect((await ask(dora, 'Jan', 'jan@uni.test')).status).toBe(409);
  });
});

describe('guessing', () => {
  it('the link routes are rate limited per client (429 with Retry-After)', async () => {
    const limited = await createTestApp({ config: { letterLinkRatePerMinute: 5 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await limited.request('GET', `/api/letters/${'B'.repeat(43)}`)).status);
      expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
      expect(statuses.slice(5)).toEqual([429, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('data rights (decision 056)', () => {
  it('the applicant’s download holds no letter; deleting the account removes the letters and their files', async () => {
    const zip = await t.request('GET', '/api/me/data', { as: ana.cookie });
    expect(zip.status).toBe(200);
    const archive = await JSZip.loadAsync(Buffer.from(await zip.arrayBuffer()));
    let everything = '';
    for (const f of Object.values(archive.files)) everything += `${f.name}\n${await f.async('string')}\n`;
    // The download is read (it holds the application), and no letter is in it.
    expect(everything).toContain('Bell Fellowship');
    expect(everything).not.toContain(LETTER_TEXT);
    expect(everything).not.toContain(FILE_NAME);
    const stored = (await t.deps.db.select().from(letters)).flatMap((l) => (l.filePath ? [l.filePath] : []));
    expect(stored.length).toBeGreaterThan(0);
    const del = await t.json('POST', '/api/me/account/delete', {
      as: ana.cookie,
      body: { confirmation: 'DELETE' },
    });
    expect(del.status).toBe(200);
    expect(
      await t.deps.db.select().from(letterRequests).where(eq(letterRequests.applicationId, appId)),
    ).toEqual([]);
    for (const path of stored) expect(await t.deps.storage.get(path)).toBeNull();
  });
});
