import { z } from '@hono/zod-openapi';
import { deleteAccountInput, deleteAccountResult } from '../../shared/schemas/privacy';
import { sendDownload } from '../exports/routes';
import { callOf, ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { myDataDownload } from './my-data';
import { deleteMyAccount } from './service';

const tags = ['privacy'];

/** Applicants' rights over their data (issue 33 items 21–22, decision 056). */
export const privacyRoutes = router()
  .openapi(
    apiRoute('downloadMyData', 'session', {
      method: 'get',
      path: '/me/data',
      tags,
      summary: 'Everything ApplyHub holds about the caller: a zip of JSON and their files, streamed',
      responses: {
        200: {
          description: 'The zip',
          content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        ...errors(401, 403, 404, 429),
      },
    }),
    async (c) => sendDownload(await myDataDownload(c.get('deps'), callOf(c).actor)) as never,
  )
  .openapi(
    apiRoute('deleteMyAccount', 'session', {
      method: 'post',
      path: '/me/account/delete',
      tags,
      summary: "Delete the caller's account: personal data erased, applications kept anonymised",
      request: jsonBody(deleteAccountInput),
      responses: { ...jsonOk(deleteAccountResult), ...errors(400, 401, 403, 404, 409) },
    }),
    (c) => ok(c, ({ deps, actor, body }) => deleteMyAccount(deps, actor, body)),
  );
