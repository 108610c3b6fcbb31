import { itemsOf } from '../../shared/schemas/me';
import {
  featuredListSchema,
  orgListQuery,
  programListQuery,
  publicCoalitionSchema,
  publicOrgDetailSchema,
  publicOrgListItemSchema,
  publicProgramDetailSchema,
  publicProgramSchema,
} from '../../shared/schemas/public';
import { NotFound } from '../errors';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonOk, router } from '../http/openapi';
import { programIdParam, slugParam } from '../http/params';
import { publicOrgDetail } from '../orgs/settings';
import { publicFeatured } from './featured';
import { listPublicOrgs, listPublicPrograms, liveCoalitionBySlug, publicProgram } from './queries';

/** Public reads: anyone, signed in or not, sees only live, published data. */
export const discoveryRoutes = router()
  .openapi(
    apiRoute('listFeatured', 'public', {
      method: 'get',
      path: '/featured',
      tags: ['public'],
      summary: 'Active featured sections with their live, scheduled items.',
      responses: { ...jsonOk(featuredListSchema) },
    }),
    async (c) => {
      const { db, clock } = c.get('deps');
      return c.json({ items: await publicFeatured(db, clock.now()) }, 200);
    },
  )
  .openapi(
    apiRoute('listOrgs', 'public', {
      method: 'get',
      path: '/orgs',
      summary: 'Public directory of organizations (search, paging)',
      tags: ['public'],
      request: { query: orgListQuery },
      responses: { ...jsonOk(itemsOf(publicOrgListItemSchema)), ...errors(400) },
    }),
    (c) =>
      ok(c, ({ db, query }) =>
        listPublicOrgs(db, { search: query.search, limit: query.limit, offset: query.offset }),
      ),
  )
  .openapi(
    apiRoute('getOrg', 'public', {
      method: 'get',
      path: '/orgs/{slug}',
      summary: "An organization's public page: its details and published programs",
      tags: ['public'],
      request: { params: slugParam },
      responses: { ...jsonOk(publicOrgDetailSchema), ...errors(404) },
    }),
    (c) => ok(c, ({ db, config, param }) => publicOrgDetail(db, config, param.slug)),
  )
  .openapi(
    apiRoute('getCoalition', 'public', {
      method: 'get',
      path: '/coalitions/{slug}',
      summary: "A coalition's public page: its member organizations and their programs",
      tags: ['public'],
      request: { params: slugParam },
      responses: { ...jsonOk(publicCoalitionSchema), ...errors(404) },
    }),
    async (c) => {
      const coalition = await liveCoalitionBySlug(c.get('deps').db, c.req.valid('param').slug);
      if (!coalition) throw new NotFound('Coalition not found.');
      return c.json(coalition, 200);
    },
  )
  .openapi(
    apiRoute('listPrograms', 'public', {
      method: 'get',
      path: '/programs',
      summary: 'Published programs (search, type, organization or coalition, paging)',
      tags: ['public'],
      request: { query: programListQuery },
      responses: { ...jsonOk(itemsOf(publicProgramSchema)), ...errors(400) },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const result = await listPublicPrograms(c.get('deps').db, {
        type: q.type,
        search: q.search,
        orgSlug: q.org,
        coalitionSlug: q.coalition,
        limit: q.limit,
        offset: q.offset,
      });
      return c.json(result, 200);
    },
  )
  .openapi(
    apiRoute('getProgram', 'public', {
      method: 'get',
      path: '/programs/{id}',
      summary: "A published program's public page",
      tags: ['public'],
      request: { params: programIdParam },
      responses: { ...jsonOk(publicProgramDetailSchema), ...errors(400, 404) },
    }),
    async (c) => {
      const program = await publicProgram(c.get('deps').db, c.req.valid('param').id);
      if (!program) throw new NotFound('Program not found.');
      return c.json(program, 200);
    },
  );
