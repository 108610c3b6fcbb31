import { type MatrixArea, signedIn } from './helpers';

const orgAdmins = { ...signedIn(403), orgAdmin: 200, superAdmin: 200 };
let tokenId = '';

/** Personal API tokens of an organization (issue 22, decision 040): its org admins and super admins. */
export const apiTokensArea: MatrixArea = {
  async prepare(t, w) {
    const created = await t.json('POST', `/api/orgs/${w.slugs.org}/api-tokens`, {
      as: w.cookies.orgAdmin,
      body: { name: 'Matrix token', scope: 'read' },
    });
    if (created.status !== 200) throw new Error(`matrix token: ${created.status}`);
    tokenId = created.body.token.id;
  },
  rows: [
    {
      route: 'GET /orgs/{slug}/api-tokens',
      path: (w) => `/api/orgs/${w.slugs.org}/api-tokens`,
      expect: orgAdmins,
    },
    {
      route: 'POST /orgs/{slug}/api-tokens',
      writes: 'tokens',
      path: (w) => `/api/orgs/${w.slugs.org}/api-tokens`,
      body: () => ({ name: 'Matrix created', scope: 'read_write', expires_in_days: 7 }),
      expect: orgAdmins,
    },
    {
      // The org admin revokes it first; the super admin then finds it already revoked.
      route: 'DELETE /orgs/{slug}/api-tokens/{id}',
      writes: 'tokens',
      path: (w) => `/api/orgs/${w.slugs.org}/api-tokens/${tokenId}`,
      expect: { ...orgAdmins, superAdmin: 409 },
    },
  ],
};
