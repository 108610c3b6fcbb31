/**
 * The server connecting as a role without DDL rights (decision 055): migrations run as the owner
 * (MIGRATION_DATABASE_URL), the server's own role reads and writes rows and can neither alter,
 * disable nor drop the audit log's append-only trigger or its table, nor change the schema at all.
 * PostgreSQL only (PGlite has no roles).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProgramId } from '../../src/server/db/seed/ids';
import {
  admin,
  applicantWithApplication,
  databaseUrl,
  type RunningServer,
  startServer,
} from './support/server';

const role = `applyhub_app_${randomBytes(4).toString('hex')}`;
let s: RunningServer;
beforeAll(async () => {
  await admin(`create role ${role} login`);
  // Two workers: each opens its own pool as the role; only the primary migrates, as the owner.
  s = await startServer({ WORKERS: '2' }, { role });
}, 180_000);
afterAll(async () => {
  await s?.stop();
  await admin(`drop role if exists ${role}`);
});

/** The error code of `statement` run as the server's role; null when it succeeded. */
async function asServerRole(statement: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: databaseUrl(s.database, role) });
  await client.connect();
  try {
    await client.query(statement);
    return null;
  } catch (err) {
    return (err as { code?: string }).code ?? 'error';
  } finally {
    await client.end();
  }
}

describe('the server on a role without DDL rights', () => {
  it('cannot alter, disable or drop the audit log trigger or table, nor change the schema', async () => {
    const refused = [
      'alter table audit_log disable trigger audit_log_no_update_delete',
      'alter table audit_log disable trigger all',
      'drop trigger audit_log_no_update_delete on audit_log',
      'drop trigger audit_log_no_truncate on audit_log',
      `create or replace function audit_log_refuse_change() returns trigger language plpgsql as $$ begin return new; end $$`,
      'drop function audit_log_refuse_change() cascade',
      'drop table audit_log',
      'alter table audit_log add column note text',
      'alter table audit_log rename to audit_log_old',
      'alter table audit_log owner to current_user',
      'truncate audit_log',
      "update audit_log set summary = 'changed'",
      'delete from audit_log',
      // Replica mode skips ordinary triggers: superusers only.
      'set session_replication_role = replica',
      'create table scratch (id int)',
      'drop table applications',
      'alter table applications add column note text',
      'create trigger sneaky before insert on audit_log for each row execute function audit_log_refuse_change()',
      'drop schema pgboss cascade',
      'create schema scratch',
    ];
    const codes = [];
    for (const statement of refused) codes.push([statement, await asServerRole(statement)]);
    // 42501: insufficient privilege (not the owner; no right on the table, schema or database).
    expect(codes).toEqual(refused.map((statement) => [statement, '42501']));

    const client = new pg.Client({ connectionString: databaseUrl(s.database) });
    await client.connect();
    try {
      const { rows } = await client.query(
        "select tgname, tgenabled from pg_trigger where tgrelid = 'audit_log'::regclass order by tgname",
      );
      expect(rows).toEqual([
        { tgname: 'audit_log_no_truncate', tgenabled: 'O' },
        { tgname: 'audit_log_no_update_delete', tgenabled: 'O' },
      ]);
    } finally {
      await client.end();
    }
  });

  it('serves as that role: sign-ins, an autosave, and an audit entry written and read', async () => {
    const headers = { 'content-type': 'application/json', origin: s.url };
    const signIn = await fetch(`${s.url}/api/demo/sign-in`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'super@demo.test' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const audit = await fetch(`${s.url}/api/super/audit`, { headers: { cookie } });
    expect(audit.status).toBe(200);
    const { items } = (await audit.json()) as { items: { action: string }[] };
    expect(items.map((i) => i.action)).toContain('session.super_admin_sign_in');

    const p = await applicantWithApplication(s.url, 1, demoProgramId(1));
    const save = await fetch(`${s.url}/api/applications/${p.appId}/answers`, {
      method: 'PUT',
      headers: p.headers,
      body: JSON.stringify({ answers: { q_repertoire: 'Saved by a role without DDL' }, version: 1 }),
    });
    expect(save.status).toBe(200);
    // The rows are the role's to write; the tables are not its own.
    const owners = await asServerRole(
      "do $$ begin if exists (select 1 from pg_tables where schemaname in ('public', 'pgboss') and tableowner = current_user) then raise exception 'owns a table' using errcode = 'P0001'; end if; end $$",
    );
    expect(owners).toBeNull();
    expect(s.output()).not.toMatch(/permission denied|must be owner/i);
  });
});

describe('migrated at deploy time (npm run db:migrate)', () => {
  it('migrates as the owner and grants the role its rows; the server then starts on the role alone', async () => {
    const name = `applyhub_fault_${randomBytes(5).toString('hex')}`;
    await admin(`create database ${name}`);
    let server: RunningServer | null = null;
    try {
      // What `npm run db:migrate` runs, from the source tree.
      const migrateWith = (env: Record<string, string>) =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/index.ts', 'migrate'], {
          env: { ...process.env, MIGRATION_DATABASE_URL: '', ...env },
        });
      // The role alone cannot migrate, and says what to do.
      const refused = await migrateWith({ DATABASE_URL: databaseUrl(name, role) }).then(
        () => '',
        (err: { stdout: string; stderr: string }) => err.stdout + err.stderr,
      );
      expect(refused).toContain('this role may not change the schema');
      expect(refused).toContain('MIGRATION_DATABASE_URL');
      await migrateWith({ MIGRATION_DATABASE_URL: databaseUrl(name), DATABASE_URL: databaseUrl(name, role) });
      server = await startServer({ WORKERS: '1' }, { database: name, role, migrated: true });
      const p = await applicantWithApplication(server.url, 2, demoProgramId(1));
      expect(p.appId).toMatch(/^[0-9a-f-]{36}$/);
      expect(server.output()).not.toMatch(/permission denied|must be owner/i);
    } finally {
      if (server) await server.stop();
      else await admin(`drop database if exists ${name} with (force)`);
    }
  }, 180_000);
});
