import type { Context, Input } from 'hono';
import type { Actor } from '../../shared/policy';
import type { AppEnv, Deps } from '../context';

type Valid<I extends Input, K extends 'param' | 'query' | 'json'> = I extends { out: { [k in K]: infer T } }
  ? T
  : never;

/** What a route hands its service: the dependencies, the actor and the validated input. */
export type Call<I extends Input> = Deps & {
  deps: Deps;
  actor: Actor | null;
  param: Valid<I, 'param'>;
  query: Valid<I, 'query'>;
  body: Valid<I, 'json'>;
};

/**
 * Answers 200 with the service's result as JSON: `(c) => ok(c, ({ db, actor, param }) => get(db, actor, param.id))`.
 * The route's response schema still checks the result's type, as with `c.json(result, 200)`.
 */
export async function ok<I extends Input, T>(
  c: Context<AppEnv, string, I>,
  run: (call: Call<I>) => Promise<T>,
) {
  return c.json(await run(callOf(c)), 200);
}

export function callOf<I extends Input>(c: Context<AppEnv, string, I>): Call<I> {
  const deps = c.get('deps');
  const valid = (target: string) => c.req.valid(target as never) as never;
  return {
    ...deps,
    deps,
    actor: c.get('actor'),
    param: valid('param'),
    query: valid('query'),
    body: valid('json'),
  };
}
