import type { z } from '@hono/zod-openapi';
import type { ZodType } from 'zod';
import type { Actor } from '../../shared/policy';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { ok } from './handlers';
import { type Access, apiRoute, errors, jsonOk, router } from './openapi';

/** One operation of the pair; `summary` and `tags` stand in the order the document lists them. */
type Operation = { operationId: string; summary: string; tags: string[]; method?: 'post'; path?: string };

/**
 * A soft delete and its restore (organizations, coalitions, users, featured sections, programs):
 * `DELETE {path}` (or the `method`/`path` the operation names) and `POST {path}/restore`, with the
 * same `{id}`, result and errors, and one service told which way. Chain it where the pair stands:
 * `.route('/', softDeleteRoutes(…))`.
 */
export function softDeleteRoutes<R extends ZodType>(
  access: Access,
  path: string,
  spec: {
    params: z.ZodObject<{ id: z.ZodString }>;
    result: R;
    remove: Operation;
    restore: Operation;
    set: (db: Db, clock: Clock, actor: Actor | null, id: string, deleted: boolean) => Promise<z.output<R>>;
  },
) {
  const declare = (opPath: string, { operationId, ...config }: Operation) =>
    apiRoute(operationId, access, {
      method: 'delete' as 'delete' | 'post',
      path: opPath,
      ...config,
      request: { params: spec.params },
      responses: { ...jsonOk(spec.result), ...errors(400, 401, 403, 404, 409) },
    });
  return router()
    .openapi(declare(path, spec.remove), (c) =>
      ok(c, ({ db, clock, actor, param }) => spec.set(db, clock, actor, param.id, true)),
    )
    .openapi(declare(`${path}/restore`, { method: 'post', ...spec.restore }), (c) =>
      ok(c, ({ db, clock, actor, param }) => spec.set(db, clock, actor, param.id, false)),
    );
}
