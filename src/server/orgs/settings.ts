import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { beforeAfter } from '../../shared/domain/audit';
import type { Actor } from '../../shared/policy';
import type { FileInfo } from '../../shared/schemas/files';
import type { OrgSettings, orgSettingsInput } from '../../shared/schemas/orgs';
import { recordAudit } from '../audit/record';
import type { Config } from '../config';
import { assertCan } from '../context';
import type { Db } from '../db/client';
import { files, organizations } from '../db/schema';
import { NotFound } from '../errors';
import { logoUrl } from '../mail/deliver';

export const ORG_NOT_FOUND = 'Organization not found.';
export const settingsMessages = { saved: 'Organization settings saved.', logoRemoved: 'Logo removed.' };

const columns = {
  id: organizations.id,
  name: organizations.name,
  slug: organizations.slug,
  description: organizations.description,
  website: organizations.website,
  contactEmail: organizations.contactEmail,
  logo: organizations.logo,
};

async function liveOrg(db: Db, slug: string) {
  const [org] = await db
    .select(columns)
    .from(organizations)
    .where(and(eq(organizations.slug, slug), isNull(organizations.deletedAt)));
  if (!org) throw new NotFound(ORG_NOT_FOUND);
  return org;
}

function toSettings(config: Config, org: Awaited<ReturnType<typeof liveOrg>>): OrgSettings {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    description: org.description,
    website: org.website,
    contact_email: org.contactEmail,
    logo: org.logo ?? null,
    logo_url: org.logo
      ? `${logoUrl(config.publicUrl, org.slug)}?v=${encodeURIComponent(org.logo.uploadedAt)}`
      : null,
  };
}

/** Public page: the organization with its website, contact and logo (a logo address that changes with it). */
export async function publicOrgDetail(db: Db, config: Config, slug: string) {
  const org = await liveOrg(db, slug);
  const { id, name, description, website, contact_email, logo_url } = toSettings(config, org);
  return { id, name, slug: org.slug, description, website, contact_email, logo_url };
}

/** The org admin hub's settings card and the super admin's organization editor: the same record. */
export async function getOrgSettings(db: Db, config: Config, actor: Actor | null, slug: string) {
  const org = await liveOrg(db, slug);
  assertCan(actor, { kind: 'org:admin', orgId: org.id });
  return toSettings(config, org);
}

export async function updateOrgSettings(
  db: Db,
  config: Config,
  actor: Actor | null,
  slug: string,
  input: z.output<typeof orgSettingsInput>,
): Promise<{ message: string; settings: OrgSettings }> {
  const org = await liveOrg(db, slug);
  const me = assertCan(actor, { kind: 'org:admin', orgId: org.id });
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(organizations)
      .set({
        name: input.name,
        description: input.description ?? null,
        website: input.website ?? null,
        contactEmail: input.contact_email?.toLowerCase() ?? null,
      })
      .where(eq(organizations.id, org.id))
      .returning(columns);
    const changed = beforeAfter(
      { name: org.name, description: org.description, website: org.website, contact: org.contactEmail },
      { name: row.name, description: row.description, website: row.website, contact: row.contactEmail },
    );
    if (changed) await auditOrgEdit(tx, me, row, changed);
    return row;
  });
  return { message: settingsMessages.saved, settings: toSettings(config, saved) };
}

/** 'organization.edited' in the organization's own log, in the transaction of the change. */
function auditOrgEdit(
  tx: Db,
  actor: { userId: string; email?: string } | null,
  org: { id: string; name: string },
  summary: string,
) {
  return recordAudit(tx, {
    actor,
    action: 'organization.edited',
    target: { type: 'organization', id: org.id, label: org.name },
    orgId: org.id,
    summary,
  });
}

/** Who may upload an organization's logo, and where it goes. */
export async function logoTarget(db: Db, actor: Actor, slug: string) {
  const org = await liveOrg(db, slug);
  assertCan(actor, { kind: 'org:admin', orgId: org.id });
  return { orgId: org.id, prefix: `orgs/${org.id}/logo` };
}

/**
 * Inside the upload's transaction: the new logo replaces the old one, whose record is forgotten.
 * Returns the old object's path for the caller to delete after commit.
 */
export async function setOrgLogo(
  tx: Db,
  orgId: string,
  info: FileInfo,
  actor: { userId: string; email?: string },
): Promise<string | null> {
  const [current] = await tx
    .select({ logo: organizations.logo, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('update');
  if (!current) throw new NotFound(ORG_NOT_FOUND);
  await tx.update(organizations).set({ logo: info }).where(eq(organizations.id, orgId));
  await auditOrgEdit(
    tx,
    actor,
    { id: orgId, name: current.name },
    `logo: ${current.logo?.fileName ?? '(none)'} → ${info.fileName}`,
  );
  const old = current.logo?.filePath ?? null;
  if (old) await tx.delete(files).where(eq(files.path, old));
  return old;
}

/** Removes the logo (record and object). */
export async function removeOrgLogo(
  db: Db,
  config: Config,
  storage: { delete(path: string): Promise<void> },
  actor: Actor | null,
  slug: string,
) {
  const org = await liveOrg(db, slug);
  const me = assertCan(actor, { kind: 'org:admin', orgId: org.id });
  const old = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ logo: organizations.logo })
      .from(organizations)
      .where(eq(organizations.id, org.id))
      .for('update');
    const path = current?.logo?.filePath ?? null;
    await tx.update(organizations).set({ logo: null }).where(eq(organizations.id, org.id));
    if (path) {
      await tx.delete(files).where(eq(files.path, path));
      await auditOrgEdit(tx, me, org, `logo: ${current?.logo?.fileName ?? 'logo'} → (none)`);
    }
    return path;
  });
  if (old) await storage.delete(old).catch(() => {});
  return { message: settingsMessages.logoRemoved, settings: toSettings(config, { ...org, logo: null }) };
}

/** The logo's stored object, for the public logo address (live organizations only). */
export async function orgLogoObject(db: Db, slug: string): Promise<FileInfo | null> {
  const org = await liveOrg(db, slug);
  return org.logo ?? null;
}
