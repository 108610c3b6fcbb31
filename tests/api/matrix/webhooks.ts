import { type MatrixArea, type Role, signedIn } from './helpers';

/** The organization's admins and super admins; everyone else signed in is refused (403). */
const orgAdmins = (status: number): Record<Role, number> => ({
  ...signedIn(403),
  orgAdmin: status,
  superAdmin: status,
});

let endpointId = '';
let doomedId = '';
let deliveryId = '';
const base = (slug: string) => `/api/orgs/${slug}/webhooks`;

/** Webhook endpoints and their delivery logs (issue 22 item 5). */
export const webhooksArea: MatrixArea = {
  async prepare(t, w) {
    const create = async (url: string) => {
      const res = await t.json('POST', base(w.slugs.org), {
        as: w.cookies.orgAdmin,
        body: { url, events: ['application.submitted'] },
      });
      if (res.status !== 201) throw new Error(`webhook endpoint: ${res.status}`);
      return res.body.endpoint.id as string;
    };
    endpointId = await create('https://hooks.example.org/matrix');
    doomedId = await create('https://hooks.example.org/doomed');
    const test = await t.json('POST', `${base(w.slugs.org)}/${endpointId}/test`, { as: w.cookies.orgAdmin });
    deliveryId = test.body.delivery.id;
  },
  rows: [
    { route: 'GET /orgs/{slug}/webhooks', path: (w) => base(w.slugs.org), expect: orgAdmins(200) },
    {
      route: 'POST /orgs/{slug}/webhooks',
      path: (w) => base(w.slugs.org),
      writes: 'webhooks',
      body: () => ({ url: 'https://hooks.example.org/new', events: ['program.published'] }),
      expect: orgAdmins(201),
    },
    {
      route: 'PATCH /orgs/{slug}/webhooks/{id}',
      path: (w) => `${base(w.slugs.org)}/${endpointId}`,
      writes: 'webhooks',
      body: () => ({ description: 'Our CRM' }),
      expect: orgAdmins(200),
    },
    {
      route: 'POST /orgs/{slug}/webhooks/{id}/rotate-secret',
      path: (w) => `${base(w.slugs.org)}/${endpointId}/rotate-secret`,
      writes: 'webhooks',
      expect: orgAdmins(200),
    },
    {
      route: 'GET /orgs/{slug}/webhooks/{id}/deliveries',
      path: (w) => `${base(w.slugs.org)}/${endpointId}/deliveries`,
      expect: orgAdmins(200),
    },
    {
      route: 'POST /orgs/{slug}/webhooks/{id}/deliveries/{deliveryId}/resend',
      path: (w) => `${base(w.slugs.org)}/${endpointId}/deliveries/${deliveryId}/resend`,
      writes: 'webhooks',
      expect: orgAdmins(200),
    },
    {
      route: 'POST /orgs/{slug}/webhooks/{id}/test',
      path: (w) => `${base(w.slugs.org)}/${endpointId}/test`,
      writes: 'webhooks',
      expect: orgAdmins(200),
    },
  ],
  lastRows: [
    {
      // The org admin deletes it first; the super admin then finds nothing (404).
      route: 'DELETE /orgs/{slug}/webhooks/{id}',
      path: (w) => `${base(w.slugs.org)}/${doomedId}`,
      writes: 'webhooks',
      expect: { ...orgAdmins(200), superAdmin: 404 },
    },
  ],
};
