import { eq } from 'drizzle-orm';
import { organizations, user } from '../../../src/server/db/schema';
import { type MatrixArea, type Role, signedIn } from './helpers';

/**
 * Super admin only: everyone else is refused (visitors and soft-deleted users 401, everyone signed in
 * 403, including org admins, coalition managers and the not-onboarded).
 */
const superOnly = (status: number): Record<Role, number> => ({ ...signedIn(403), superAdmin: status });

/** Data the mutating rows act on, created in prepare (so no shared demo data is changed). */
const made = {
  orgToDelete: '',
  orgToRestore: '',
  coalition: '',
  coalitionToDelete: '',
  coalitionToRestore: '',
  memberOrg: '',
  addableOrg: '',
  userToDelete: '',
  userToRestore: '',
  userToPromote: '',
  assignmentToRemove: '',
  assignee: '',
};

export const superArea: MatrixArea = {
  async prepare(t, world) {
    const cookie = world.cookies.superAdmin;
    const post = async (path: string, body: unknown) => {
      const res = await t.json('POST', `/api${path}`, { as: cookie, body });
      if (res.status !== 200)
        throw new Error(`matrix prepare ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const org = async (slug: string) => (await post('/super/orgs', { name: slug, slug })).item.id as string;
    const coalition = async (slug: string) =>
      (await post('/super/coalitions', { name: slug, slug })).item.id as string;
    made.orgToDelete = await org('matrix-org-delete');
    made.orgToRestore = await org('matrix-org-restore');
    made.memberOrg = await org('matrix-member-org');
    made.addableOrg = await org('matrix-addable-org');
    made.coalition = await coalition('matrix-coalition');
    made.coalitionToDelete = await coalition('matrix-coalition-delete');
    made.coalitionToRestore = await coalition('matrix-coalition-restore');
    await post(`/super/coalitions/${made.coalition}/members`, { organization_id: made.memberOrg });
    const del = async (path: string) => {
      const res = await t.json('DELETE', `/api${path}`, { as: cookie });
      if (res.status !== 200) throw new Error(`matrix prepare DELETE ${path}: ${res.status}`);
    };
    await del(`/super/orgs/${made.orgToRestore}`);
    await del(`/super/coalitions/${made.coalitionToRestore}`);

    const userId = async (email: string) => {
      await t.signIn(email);
      const [row] = await t.deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      return row.id;
    };
    made.userToDelete = await userId('matrix.delete.me@example.test');
    made.userToRestore = await userId('matrix.restore.me@example.test');
    made.userToPromote = await userId('matrix.promote.me@example.test');
    made.assignee = await userId('matrix.assignee@example.test');
    await del(`/super/users/${made.userToRestore}`);
    const [riverside] = await t.deps.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.slug, 'riverside-arts'));
    const added = await post('/super/assignments', {
      kind: 'reviewer',
      scope_type: 'org',
      scope_id: riverside.id,
      user_id: made.assignee,
    });
    made.assignmentToRemove = added.assignment.id;
  },
  rows: [
    { route: 'GET /super/orgs', path: () => '/api/super/orgs', expect: superOnly(200) },
    { route: 'GET /super/coalitions', path: () => '/api/super/coalitions', expect: superOnly(200) },
    {
      route: 'GET /super/coalitions/{id}/members',
      path: () => `/api/super/coalitions/${made.coalition}/members`,
      expect: superOnly(200),
    },
    { route: 'GET /super/users', path: () => '/api/super/users?search=demo', expect: superOnly(200) },
    {
      route: 'GET /super/users/{id}/assignments',
      path: () => `/api/super/users/${made.assignee}/assignments`,
      expect: superOnly(200),
    },
    {
      route: 'GET /super/assignments',
      path: () => '/api/super/assignments?kind=reviewer',
      expect: superOnly(200),
    },
    { route: 'GET /super/scopes', path: () => '/api/super/scopes', expect: superOnly(200) },
  ],
  lastRows: [
    {
      route: 'POST /super/orgs',
      writes: 'orgs',
      path: () => '/api/super/orgs',
      body: () => ({ name: 'Matrix New Org', slug: 'matrix-new-org' }),
      expect: superOnly(200),
    },
    {
      route: 'DELETE /super/orgs/{id}',
      writes: 'orgs',
      path: () => `/api/super/orgs/${made.orgToDelete}`,
      expect: superOnly(200),
    },
    {
      route: 'POST /super/orgs/{id}/restore',
      writes: 'orgs',
      path: () => `/api/super/orgs/${made.orgToRestore}/restore`,
      expect: superOnly(200),
    },
    {
      route: 'POST /super/coalitions',
      writes: 'orgs',
      path: () => '/api/super/coalitions',
      body: () => ({ name: 'Matrix New Coalition', slug: 'matrix-new-coalition' }),
      expect: superOnly(200),
    },
    {
      route: 'DELETE /super/coalitions/{id}',
      writes: 'orgs',
      path: () => `/api/super/coalitions/${made.coalitionToDelete}`,
      expect: superOnly(200),
    },
    {
      route: 'POST /super/coalitions/{id}/restore',
      writes: 'orgs',
      path: () => `/api/super/coalitions/${made.coalitionToRestore}/restore`,
      expect: superOnly(200),
    },
    {
      route: 'POST /super/coalitions/{id}/members',
      writes: 'orgs',
      path: () => `/api/super/coalitions/${made.coalition}/members`,
      body: () => ({ organization_id: made.addableOrg }),
      expect: superOnly(200),
    },
    {
      route: 'DELETE /super/coalitions/{id}/members/{orgId}',
      writes: 'orgs',
      path: () => `/api/super/coalitions/${made.coalition}/members/${made.memberOrg}`,
      expect: superOnly(200),
    },
    {
      route: 'PUT /super/users/{id}/role',
      writes: 'users',
      path: () => `/api/super/users/${made.userToPromote}/role`,
      body: () => ({ role: 'superadmin', confirm: true }),
      expect: superOnly(200),
    },
    {
      route: 'DELETE /super/users/{id}',
      writes: 'users',
      path: () => `/api/super/users/${made.userToDelete}`,
      expect: superOnly(200),
    },
    {
      route: 'POST /super/users/{id}/restore',
      writes: 'users',
      path: () => `/api/super/users/${made.userToRestore}/restore`,
      expect: superOnly(200),
    },
    {
      route: 'POST /super/assignments',
      writes: 'users',
      path: () => '/api/super/assignments',
      body: (w) => ({
        kind: 'reviewer',
        scope_type: 'program',
        scope_id: w.ids.publishedProgram,
        user_id: made.assignee,
      }),
      expect: superOnly(200),
    },
    {
      route: 'DELETE /super/assignments/{id}',
      writes: 'users',
      path: () => `/api/super/assignments/${made.assignmentToRemove}`,
      expect: superOnly(200),
    },
  ],
};
