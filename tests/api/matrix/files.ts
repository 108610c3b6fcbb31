import { demoProgramId } from '../../../src/server/db/seed/ids';
import { TEST_ORIGIN } from '../../support/test-app';
import { all, type MatrixArea, signedIn } from './helpers';

/** Made by prepare: an answer file of the applicant's (draft) application and a signed link to it. */
const made = { answerPath: '', downloadUrl: '' };

const onboarded = (status: number) => signedIn(status, 403);

/** Uploads, signed downloads and the profile (issue 4). */
export const filesArea: MatrixArea = {
  prepare: async (t, world) => {
    const as = world.cookies.applicant!;
    const started = await t.json('POST', `/api/programs/${demoProgramId(1)}/applications`, { as });
    if (started.status !== 200) throw new Error(`start application: ${started.status}`);
    const mp3 = Buffer.concat([
      Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
      Buffer.alloc(500, 0xff),
    ]);
    const res = await t.app.request(
      `${TEST_ORIGIN}/api/files?purpose=answer&application_id=${started.body.id}&field_key=q_recording`,
      {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, cookie: as, 'content-type': 'audio/mpeg', 'x-file-name': 'take.mp3' },
        body: new Uint8Array(mp3),
      },
    );
    if (res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`);
    made.answerPath = ((await res.json()) as { filePath: string }).filePath;
    const signed = await t.json('POST', '/api/files/sign', { as, body: { path: made.answerPath } });
    if (signed.status !== 200) throw new Error(`sign: ${signed.status}`);
    made.downloadUrl = signed.body.url;
  },
  rows: [
    {
      // The matrix sends JSON, which no upload rule accepts: signed-in callers get the type message.
      route: 'POST /files',
      writes: 'applications',
      path: () => '/api/files?purpose=resume',
      body: () => ({ not: 'a file' }),
      expect: onboarded(422),
    },
    {
      // A draft application's file: its applicant and super admins; nobody else sees it exists.
      route: 'POST /files/sign',
      refusedForWhatTheyAsk: {
        roles: 'all',
        why: 'the body names the file: anyone signed in may sign the files they may read',
      },
      writes: null,
      path: () => '/api/files/sign',
      body: () => ({ path: made.answerPath }),
      expect: { ...onboarded(404), applicant: 200, superAdmin: 200 },
    },
    {
      // The signature is the access check: whoever holds a valid link may use it until it expires.
      route: 'GET /files/download',
      path: () => made.downloadUrl.replace(/^\/api/, '/api'),
      expect: all(200),
    },
    { route: 'GET /me/profile', path: () => '/api/me/profile', expect: onboarded(200) },
    {
      route: 'PUT /me/profile',
      writes: 'users',
      path: () => '/api/me/profile',
      body: () => ({}),
      expect: onboarded(200),
    },
    {
      route: 'DELETE /me/profile/files',
      writes: 'users',
      path: () => '/api/me/profile/files?path=profiles/nobody/profile/1_x.pdf',
      expect: onboarded(404),
    },
  ],
  lastRows: [
    {
      route: 'DELETE /me/profile/resume',
      writes: 'users',
      path: () => '/api/me/profile/resume',
      expect: onboarded(200),
    },
  ],
};
