import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { organizations } from '../schema';
import { type SeedContext, seedContext } from './context';
import { seedDemoAssignments } from './demo-assignments';
import { seedDemoDrafts } from './demo-drafts';
import { seedDemoFeatured } from './demo-featured';
import { seedDemoOrgs } from './demo-orgs';
import { seedDemoPrograms } from './demo-programs';
import { seedDemoReviews } from './demo-reviews';
import { seedDemoUsers } from './demo-users';
import { DEMO_MARKER_ORG_SLUG } from './ids';
import { seedSystem } from './system';

export interface SeedOptions {
  /** Also create the demo accounts and the rich demo data set. */
  demo: boolean;
  /** The moment demo windows and schedules are measured from (default: the current time). */
  now?: Date;
}

export interface SeedResult {
  applyhubOrgId: string;
  /** True when this run created the demo set; false when there was none to create or it existed. */
  demoCreated: boolean;
}

/** Any constant: it only has to differ from other advisory locks the application takes. */
const SEED_LOCK_KEY = 7_270_010_001;

/**
 * Idempotent: safe on every start. Everything runs in one transaction, serialized across processes
 * by an advisory lock, and every insert is ON CONFLICT DO NOTHING on fixed ids or unique slugs,
 * so a second or concurrent run creates nothing. The demo set is created once: when its marker
 * organization exists (even soft-deleted), it is left alone, so what users changed or deleted stays so.
 */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(SEED_LOCK_KEY))})`);
    const ctx = seedContext(tx, now);
    const applyhubOrgId = await seedSystem(ctx);
    if (!options.demo || (await demoExists(ctx))) return { applyhubOrgId, demoCreated: false };
    await seedDemo(ctx, applyhubOrgId);
    return { applyhubOrgId, demoCreated: true };
  });
}

async function demoExists({ tx }: SeedContext): Promise<boolean> {
  const [row] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, DEMO_MARKER_ORG_SLUG));
  return !!row;
}

async function seedDemo(ctx: SeedContext, applyhubOrgId: string): Promise<void> {
  const users = await seedDemoUsers(ctx);
  const orgs = await seedDemoOrgs(ctx);
  await seedDemoAssignments(ctx, users, orgs, applyhubOrgId);
  await seedDemoPrograms(ctx, users, orgs);
  await seedDemoFeatured(ctx, orgs);
  await seedDemoReviews(ctx, users);
  await seedDemoDrafts(ctx, users);
}
