import { z } from '@hono/zod-openapi';
import { demoAccountSchema, demoSignInResult } from '../../shared/schemas/system';
import { ACCOUNT_DELETED, demoSignInBody } from '../auth/demo-plugin';
import { Forbidden, NotFound } from '../errors';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { demoAccounts } from './accounts';

/** Demo sign-in: answers 404 unless demo mode is on (never in production). */
export const demoRoutes = router()
  .openapi(
    apiRoute('listDemoAccounts', 'public', {
      method: 'get',
      path: '/demo/accounts',
      summary: 'The demo accounts offered on the demo sign-in page (demo mode only)',
      tags: ['demo'],
      responses: { ...jsonOk(z.object({ items: z.array(demoAccountSchema) })), ...errors(404) },
    }),
    (c) => {
      if (!c.get('deps').config.demoMode) throw new NotFound();
      return c.json({ items: demoAccounts.map((a) => ({ ...a })) }, 200);
    },
  )
  .openapi(
    apiRoute('demoSignIn', 'public', {
      method: 'post',
      path: '/demo/sign-in',
      summary: 'Demo sign-in by email, creating the user when new (demo mode only; never in production)',
      tags: ['demo'],
      request: jsonBody(demoSignInBody),
      responses: { ...jsonOk(demoSignInResult), ...errors(400, 403, 404, 429) },
    }),
    async (c) => {
      const { config, auth } = c.get('deps');
      if (!config.demoMode) throw new NotFound();
      const body = c.req.valid('json');
      const headers = new Headers({ 'content-type': 'application/json' });
      const res = await auth.handler(
        new Request(`${config.publicUrl}/api/auth/demo/sign-in`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        }),
      );
      if (res.status === 403) throw new Forbidden(ACCOUNT_DELETED);
      if (!res.ok) throw new Error(`demo sign-in failed with ${res.status}`);
      const result = (await res.json()) as z.infer<typeof demoSignInResult>;
      for (const cookie of res.headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
      return c.json(result, 200);
    },
  );
