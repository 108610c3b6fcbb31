// The ceiling: a bare Hono hello-world on @hono/node-server, run by bench/run.ts in its own process.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/', (c) => c.text('ok'));
const port = Number(process.env.PORT);
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) =>
  console.log(`hello-world listening on ${info.address}:${info.port}`),
);
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
