import { sql } from 'drizzle-orm';
import { healthSchema, publicConfigSchema } from '../../shared/schemas/system';
import { AppError } from '../errors';
import { apiRoute, errors, jsonOk, router } from '../http/openapi';

/** Health answers within this time: a database that does not reply counts as down. */
const HEALTH_DEADLINE_MS = 2_000;

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('health check deadline')), ms);
  });
  work.catch(() => {}); // a late failure after the deadline is not an unhandled rejection
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export const systemRoutes = router()
  .openapi(
    apiRoute('getHealth', 'public', {
      method: 'get',
      path: '/health',
      summary: 'Liveness and readiness: 200 when the database answers, 503 otherwise',
      tags: ['system'],
      responses: { ...jsonOk(healthSchema), ...errors(503) },
    }),
    async (c) => {
      const { db, database } = c.get('deps');
      try {
        await withDeadline(db.execute(sql`select 1`), HEALTH_DEADLINE_MS);
      } catch {
        throw new AppError('unavailable', 'Backend updating\u2014please refresh in a second.');
      }
      return c.json({ status: 'ok' as const, database: database.kind }, 200);
    },
  )
  .openapi(
    apiRoute('getClientConfig', 'public', {
      method: 'get',
      path: '/config',
      summary: 'What the client needs at start: demo mode and the sign-in it offers',
      tags: ['system'],
      responses: jsonOk(publicConfigSchema),
    }),
    (c) => {
      const { config } = c.get('deps');
      return c.json(
        {
          demo_mode: config.demoMode,
          sign_in: config.demoMode ? ('demo' as const) : ('google' as const),
          mail_off: !!config.mail.off,
        },
        200,
      );
    },
  );
