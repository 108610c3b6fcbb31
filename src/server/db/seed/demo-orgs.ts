import { inArray } from 'drizzle-orm';
import { coalitionMemberships, coalitions, organizations } from '../schema';
import type { SeedContext } from './context';
import { demoCoalitionId, demoOrgId } from './ids';

export const demoCoalitions = [
  {
    n: 1,
    slug: 'metro-arts-coalition',
    name: 'Metro Arts Coalition',
    description:
      'Arts organizations across the metro area sharing one calendar of auditions, residencies and scholarships for young artists.',
    createdDaysAgo: 110,
  },
  {
    n: 2,
    slug: 'youth-scholarship-alliance',
    name: 'Youth Scholarship Alliance',
    description:
      'Foundations and schools pooling scholarship funds so students can apply once and be considered by every member.',
    createdDaysAgo: 95,
  },
] as const;

type CoalitionSlug = (typeof demoCoalitions)[number]['slug'];

export const demoOrganizations = [
  {
    n: 1,
    slug: 'riverside-arts',
    name: 'Riverside Arts Center',
    description:
      'A community arts center on the river offering youth orchestra, theatre, dance and visual arts programs since 1987.',
    coalitions: ['metro-arts-coalition'],
    createdDaysAgo: 105,
  },
  {
    n: 2,
    slug: 'harbor-city-youth-symphony',
    name: 'Harbor City Youth Symphony',
    description:
      'Three youth orchestras and a chamber music program for musicians aged 10 to 18, rehearsing weekly at the Harbor City Conservatory.',
    coalitions: ['metro-arts-coalition'],
    createdDaysAgo: 100,
  },
  {
    n: 3,
    slug: 'northgate-dance-academy',
    name: 'Northgate Dance Academy',
    description:
      'Pre-professional ballet and contemporary training with need-based tuition, so talent rather than income decides who trains.',
    coalitions: ['metro-arts-coalition', 'youth-scholarship-alliance'],
    createdDaysAgo: 90,
  },
  {
    n: 4,
    slug: 'lakeside-community-foundation',
    name: 'Lakeside Community Foundation',
    description:
      'A community foundation funding scholarships for Lakeside County students who lead in the arts and in their neighborhoods.',
    coalitions: ['youth-scholarship-alliance'],
    createdDaysAgo: 80,
  },
  {
    n: 5,
    slug: 'oakwood-theatre-company',
    name: 'Oakwood Theatre Company',
    description:
      'An independent theatre producing new plays by emerging writers, with apprenticeships in stage management and design.',
    coalitions: [],
    createdDaysAgo: 70,
  },
  {
    n: 6,
    slug: 'cedar-hill-music-school',
    name: 'Cedar Hill Music School',
    description: null,
    coalitions: [],
    createdDaysAgo: 50,
  },
] as const satisfies readonly {
  n: number;
  slug: string;
  name: string;
  description: string | null;
  coalitions: readonly CoalitionSlug[];
  createdDaysAgo: number;
}[];

export type DemoOrgSlug = (typeof demoOrganizations)[number]['slug'];

/** Organization settings of some demo organizations (their public page, their emails' reply-to). */
const demoOrgSettings: Partial<Record<DemoOrgSlug, { website: string; contactEmail: string }>> = {
  'riverside-arts': {
    website: 'https://riverside-arts.example.org',
    contactEmail: 'hello@riverside-arts.example.org',
  },
  'harbor-city-youth-symphony': {
    website: 'https://harborcityyouthsymphony.example.org',
    contactEmail: 'auditions@harborcityyouthsymphony.example.org',
  },
  'northgate-dance-academy': {
    website: 'https://northgate-dance.example.org',
    contactEmail: 'admissions@northgate-dance.example.org',
  },
};

export interface DemoOrgs {
  orgs: Record<DemoOrgSlug, string>;
  coalitions: Record<CoalitionSlug, string>;
}

/** Coalitions, organizations and memberships. Ids are read back by slug (the unique key). */
export async function seedDemoOrgs({ tx, days }: SeedContext): Promise<DemoOrgs> {
  await tx
    .insert(coalitions)
    .values(
      demoCoalitions.map((c) => ({
        id: demoCoalitionId(c.n),
        slug: c.slug,
        name: c.name,
        description: c.description,
        createdAt: days(-c.createdDaysAgo),
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(organizations)
    .values(
      demoOrganizations.map((o) => ({
        id: demoOrgId(o.n),
        slug: o.slug,
        name: o.name,
        description: o.description,
        ...demoOrgSettings[o.slug],
        createdAt: days(-o.createdDaysAgo),
      })),
    )
    .onConflictDoNothing();

  const coalitionRows = await tx
    .select({ id: coalitions.id, slug: coalitions.slug })
    .from(coalitions)
    .where(
      inArray(
        coalitions.slug,
        demoCoalitions.map((c) => c.slug),
      ),
    );
  const orgRows = await tx
    .select({ id: organizations.id, slug: organizations.slug })
    .from(organizations)
    .where(
      inArray(
        organizations.slug,
        demoOrganizations.map((o) => o.slug),
      ),
    );
  const result: DemoOrgs = {
    coalitions: Object.fromEntries(coalitionRows.map((r) => [r.slug, r.id])) as DemoOrgs['coalitions'],
    orgs: Object.fromEntries(orgRows.map((r) => [r.slug, r.id])) as DemoOrgs['orgs'],
  };

  const memberships = demoOrganizations.flatMap((o) =>
    o.coalitions.map((slug, i) => ({
      coalitionId: result.coalitions[slug],
      organizationId: result.orgs[o.slug],
      createdAt: days(-o.createdDaysAgo + 2 + i),
    })),
  );
  await tx.insert(coalitionMemberships).values(memberships).onConflictDoNothing();
  return result;
}
