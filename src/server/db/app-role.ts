import type pg from 'pg';
import { JOB_SCHEMA } from '../jobs/enqueue';
import { logger } from '../log/logger';

/**
 * The server's database role when it is not the schema's owner (MIGRATION_DATABASE_URL, decision
 * 055): it reads and writes rows and does nothing else. It cannot alter, drop or disable a trigger
 * (the audit log's append-only one included), create or drop a table, or truncate one; on the audit
 * log it may only read and insert. Granted again after every migration, so new tables are covered.
 */
export function appRoleGrants(role: string): string[] {
  const r = `"${role.replaceAll('"', '""')}"`;
  const schemas = `public, ${JOB_SCHEMA}`;
  return [
    `GRANT USAGE ON SCHEMA ${schemas}, drizzle TO ${r}`,
    `REVOKE CREATE ON SCHEMA ${schemas}, drizzle FROM ${r}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schemas} TO ${r}`,
    `REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA ${schemas} FROM ${r}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schemas} TO ${r}`,
    `REVOKE UPDATE, DELETE ON audit_log FROM ${r}`,
    // Read by the server at start to see that nothing is left to migrate.
    `GRANT SELECT ON drizzle.__drizzle_migrations TO ${r}`,
  ];
}

/** The role a connection string logs in as (asked of the server: the URL may leave it to defaults). */
export async function roleOf(connectionString: string): Promise<string> {
  const { default: pgModule } = await import('pg');
  const client = new pgModule.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ role: string }>('select current_user as role');
    return rows[0].role;
  } finally {
    await client.end();
  }
}

/** Grants `role` its rows (run by the owner, after migrating); nothing when the owner is `role`. */
export async function grantAppRole(owner: pg.Pool | pg.Client, role: string): Promise<void> {
  const { rows } = await owner.query<{ me: string; superuser: boolean | null }>(
    'select current_user as me, (select rolsuper from pg_roles where rolname = $1) as superuser',
    [role],
  );
  if (rows[0].me === role) return;
  for (const statement of appRoleGrants(role)) await owner.query(statement);
  if (rows[0].superuser) {
    logger().warn(
      `DATABASE_URL's role ${role} is a superuser: it can still change the schema and disable the audit log's trigger.`,
    );
  }
}
