import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { assertCan } from '../context';
import { liveOrgBySlug } from '../discovery/queries';
import { Forbidden, NotFound } from '../errors';
import { exportAccess } from '../exports/access';
import { rawId, rawParam, type Who } from '../http/openapi';
import { PROGRAM_NOT_FOUND, programAdminAccess } from '../program-assignments/access';
import { assertAdmin, programAccess } from './access';

/**
 * Route caller checks (`who`, DESIGN §5 rule 13) for program and organization routes: each runs the
 * service's own access function on the raw path parameter, so it refuses exactly whom the service
 * refuses, before the input is looked at.
 */
const programIdOf = (c: Context<AppEnv>) => rawId(c, 'id', () => new NotFound(PROGRAM_NOT_FOUND));
const dbOf = (c: Context<AppEnv>) => c.get('deps').db;

/** Its editors (admins, coalition editors) and super admins (`programAccess`). */
export const programEditors: Who = (c, actor) => programAccess(dbOf(c), actor, programIdOf(c));

/** Its admins only (`programAccess` + `assertAdmin`). */
export const programAdminsOnly: Who = async (c, actor) =>
  assertAdmin(await programAccess(dbOf(c), actor, programIdOf(c)));

/** Writes of the editor: its admins and coalition editors, not super admins (who review it). */
export const programEditorWrites: Who = async (c, actor) => {
  const access = await programAccess(dbOf(c), actor, programIdOf(c));
  const me = access.actor;
  const editor =
    me.orgAdmin.includes(access.scope.orgId) ||
    me.programAdmin.includes(access.scope.programId) ||
    access.coalitionEditor;
  if (!editor) throw new Forbidden('Super admins review programs; the editor is read-only for them.');
};

/** Its administrators (`programAdminAccess`: reviewers and coalition managers 403, others 404). */
export const programAdmins: Who = (c, actor) => programAdminAccess(dbOf(c), actor, programIdOf(c));

/** The org admins of the organization `{slug}` (and super admins); an unknown slug is 404. */
export const orgAdmins: Who = async (c, actor) => {
  const org = await liveOrgBySlug(dbOf(c), rawParam(c, 'slug'));
  if (!org) throw new NotFound('Organization not found.');
  assertCan(actor, { kind: 'org:admin', orgId: org.id });
};

/** Those who may take a program's data out (`exportAccess`: its reviewers 403, others 404). */
export const programExporters: Who = (c, actor) => exportAccess(dbOf(c), actor, programIdOf(c));
