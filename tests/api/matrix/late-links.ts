import type { MatrixArea, Role } from './helpers';
import { signedIn } from './helpers';

let revokedLink = '';

/** The program's admins; its reviewers and its coalition manager see it without administering it (403). */
const programAdmins = (status: number): Record<Role, number> => ({
  ...signedIn(404),
  notOnboarded: 403,
  orgAdmin: status,
  superAdmin: status,
  reviewer: 403,
  coalitionManager: 403,
});

/** Late-submission links (issue 31 item 4, decision 064). */
export const lateLinksArea: MatrixArea = {
  async prepare(t, w) {
    const base = `/api/programs/${w.ids.publishedProgram}/late-links`;
    const made = await t.json<any>('POST', base, {
      as: w.cookies.orgAdmin,
      body: { label: 'Matrix', max_uses: 2, expires_at: '2099-01-01T00:00:00Z' },
    });
    if (made.status !== 200) throw new Error(`late link: ${made.status}`);
    revokedLink = made.body.link.id;
    const revoked = await t.json('POST', `${base}/${revokedLink}/revoke`, { as: w.cookies.orgAdmin });
    if (revoked.status !== 200) throw new Error(`revoke late link: ${revoked.status}`);
  },
  rows: [
    {
      route: 'GET /programs/{id}/late-links',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/late-links`,
      expect: programAdmins(200),
    },
    {
      route: 'POST /programs/{id}/late-links',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/late-links`,
      writes: 'lateLinks',
      body: () => ({ label: 'Matrix group', max_uses: 3, expires_at: '2099-01-01T00:00:00Z' }),
      expect: programAdmins(200),
    },
    {
      // Already revoked in prepare: its admins get past authorization and meet 409.
      route: 'POST /programs/{id}/late-links/{link_id}/revoke',
      path: (w) => `/api/programs/${w.ids.publishedProgram}/late-links/${revokedLink}/revoke`,
      writes: 'lateLinks',
      expect: programAdmins(409),
    },
    {
      route: 'POST /late-links/redeem',
      path: () => '/api/late-links/redeem',
      writes: 'lateLinks',
      body: () => ({ token: 'no-such-token' }),
      expect: signedIn(404, 403),
      refusedForWhatTheyAsk: { roles: 'all', why: 'a token that matches no link' },
    },
  ],
};
