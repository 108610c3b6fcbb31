import {
  lateLinkCreatedSchema,
  lateLinkIdParams,
  lateLinkInput,
  lateLinkListSchema,
  lateLinkSchema,
  redeemedLateLinkSchema,
  redeemLateLinkInput,
} from '../../shared/schemas/late-links';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { programIdParam } from '../http/params';
import { programAdmins } from '../programs/who';
import { createLateLink, listLateLinks, redeemLateLink, revokeLateLink } from './service';

const tags = ['applications'];

/** Late-submission links (issue 31 item 4, decision 064). */
export const lateLinkRoutes = router()
  .openapi(
    apiRoute('listLateLinks', 'session', {
      who: programAdmins,
      method: 'get',
      path: '/programs/{id}/late-links',
      tags,
      summary: 'The program’s late-submission links with their uses and status (its admins).',
      request: { params: programIdParam },
      responses: { ...jsonOk(lateLinkListSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => listLateLinks(db, clock, actor, param.id)),
  )
  .openapi(
    apiRoute('createLateLink', 'session', {
      who: programAdmins,
      method: 'post',
      path: '/programs/{id}/late-links',
      tags,
      summary:
        'Create a late-submission link for one person (email) or a named group; its token is shown once.',
      request: { params: programIdParam, ...jsonBody(lateLinkInput) },
      responses: { ...jsonOk(lateLinkCreatedSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) =>
      ok(c, ({ db, clock, config, actor, param, body }) =>
        createLateLink(db, clock, config.publicUrl, actor, param.id, body),
      ),
  )
  .openapi(
    apiRoute('revokeLateLink', 'session', {
      who: programAdmins,
      method: 'post',
      path: '/programs/{id}/late-links/{link_id}/revoke',
      tags,
      summary: 'Revoke a late-submission link: refused from now on; its late windows not yet used end.',
      request: { params: lateLinkIdParams },
      responses: { ...jsonOk(lateLinkSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, param }) => revokeLateLink(db, clock, actor, param.id, param.link_id)),
  )
  .openapi(
    apiRoute('redeemLateLink', 'session', {
      method: 'post',
      path: '/late-links/redeem',
      tags,
      summary:
        'Open a late-submission link (signed in): the caller’s draft may be submitted after the close until it expires.',
      request: { ...jsonBody(redeemLateLinkInput) },
      responses: { ...jsonOk(redeemedLateLinkSchema), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ db, clock, actor, body }) => redeemLateLink(db, clock, actor, body.token)),
  );
