import { eq, sql } from 'drizzle-orm';
import { applications, user } from '../../../src/server/db/schema';
import type { MatrixArea, Role } from './helpers';
import { signedIn } from './helpers';

let withdrawnInvitation = '';
let stageProgram = '';
/** Each accepted call changes the setting. */
let flip = 0;
/** A second submitted application, invited by the matrix's row (once: the second admin finds it invited). */
let toInvite = '';

/** The program's admins; its reviewers and its coalition manager see it without administering it (403). */
const programAdmins = (status: number): Record<Role, number> => ({
  ...signedIn(404),
  notOnboarded: 403,
  orgAdmin: status,
  superAdmin: status,
  reviewer: 403,
  coalitionManager: 403,
});

/** Whoever sees the chain: its admins, reviewers and coalition managers. */
const chainReaders = (status: number): Record<Role, number> => ({
  ...signedIn(404),
  notOnboarded: 403,
  orgAdmin: status,
  superAdmin: status,
  reviewer: status,
  coalitionManager: status,
});

/**
 * Programs in stages (issue 32, decision 066). Prepared: a published stage 2 of the published
 * program, and one invitation to it, withdrawn (so its DELETE meets 409 after authorization and no
 * stage-1 application of the world stays read-only).
 */
export const stagesArea: MatrixArea = {
  async prepare(t, w) {
    const admin = w.cookies.orgAdmin;
    const stage = await t.json<any>('POST', `/api/programs/${w.ids.publishedProgram}/stages`, {
      as: admin,
      body: { name: 'Matrix stage' },
    });
    if (stage.status !== 200) throw new Error(`stage: ${stage.status}`);
    stageProgram = stage.body.id;
    const editor = (await t.json<any>('GET', `/api/programs/${stage.body.id}/editor`, { as: admin })).body;
    const published = await t.json<any>('POST', `/api/programs/${stage.body.id}/publish`, {
      as: admin,
      body: { form: editor.form, version: editor.version, editor: 'org' },
    });
    if (published.status !== 200) throw new Error(`publish stage: ${published.status}`);
    // A submitted application of someone the matrix does not sign in as.
    const [app, second] = await t.deps.db
      .select({ id: applications.id })
      .from(applications)
      .innerJoin(user, eq(user.id, applications.userId))
      .where(
        sql`${applications.programId} = ${w.ids.publishedProgram} and ${applications.status} = 'submitted'
          and ${user.email} <> 'applicant@demo.test'`,
      )
      .orderBy(applications.id)
      .limit(2);
    if (!second) throw new Error('no submitted applications to invite');
    toInvite = second.id;
    const invited = await t.json<any>('POST', `/api/programs/${w.ids.publishedProgram}/invitations`, {
      as: admin,
      body: { application_ids: [app.id] },
    });
    if (invited.status !== 200 || invited.body.invited !== 1) throw new Error(`invite: ${invited.status}`);
    const list = await t.json<any>('GET', `/api/programs/${stage.body.id}/invitations`, { as: admin });
    withdrawnInvitation = list.body.items[0].id;
    const withdrawn = await t.json('DELETE', `/api/invitations/${withdrawnInvitation}`, { as: admin });
    if (withdrawn.status !== 200) throw new Error(`withdraw: ${withdrawn.status}`);
  },
  rows: [
    {
      route: 'GET /programs/{id}/stages',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/stages`,
      expect: chainReaders(200),
    },
    {
      route: 'POST /programs/{id}/stages',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/stages`,
      writes: 'programs',
      body: () => ({ name: 'Matrix stage (again)' }),
      expect: { ...chainReaders(200), reviewer: 403, coalitionManager: 403 },
    },
    {
      route: 'PUT /programs/{id}/stage-settings',
      path: () => `/api/programs/${stageProgram}/stage-settings`,
      writes: 'programs',
      body: () => ({ show_previous_scores: flip++ % 2 === 0 }),
      expect: { ...chainReaders(200), reviewer: 403, coalitionManager: 403 },
    },
    {
      route: 'POST /programs/{id}/invitations',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/invitations`,
      writes: 'stages',
      body: () => ({ application_ids: [toInvite] }),
      expect: programAdmins(200),
    },
    {
      route: 'GET /programs/{id}/invitations',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/invitations`,
      expect: programAdmins(200),
    },
    // The inbox's stage, score and decision filters (stage inbox), the downloads that follow them and
    // a later stage's dashboard (its funnel per stage): the same callers as without them.
    {
      route: 'GET /orgs/{slug}/reviews',
      path: (w) => `/api/orgs/${w.slugs.org}/reviews?status=started&stage=2&min_score=0&decision=accept`,
      expect: { ...signedIn(403), orgAdmin: 200, superAdmin: 200 },
    },
    {
      route: 'GET /orgs/{slug}/exports/inbox',
      path: (w) => `/api/orgs/${w.slugs.org}/exports/inbox?format=csv&status=started&stage=2&min_score=0`,
      expect: { ...signedIn(403), orgAdmin: 200, superAdmin: 200 },
    },
    {
      route: 'GET /programs/{id}/exports/applications',
      path: (w) =>
        `/api/programs/${w.ids.publishedProgram}/exports/applications?format=csv&min_score=0&decision=accept`,
      expect: { ...programAdmins(200), coalitionManager: 200 },
    },
    {
      route: 'GET /programs/{id}/dashboard',
      path: () => `/api/programs/${stageProgram}/dashboard`,
      expect: programAdmins(200),
    },
    {
      route: 'GET /coalitions/{slug}/programs/{id}/dashboard',
      path: (w) => `/api/coalitions/${w.slugs.coalition}/programs/${stageProgram}/dashboard`,
      expect: { ...signedIn(403), coalitionManager: 200, superAdmin: 200 },
    },
    {
      // Withdrawn in prepare: its admins get past authorization and meet 409.
      route: 'DELETE /invitations/{id}',
      path: () => `/api/invitations/${withdrawnInvitation}`,
      writes: 'stages',
      expect: programAdmins(409),
    },
  ],
};
