import { inArray } from 'drizzle-orm';
import { featuredItems, featuredSections } from '../schema';
import type { SeedContext } from './context';
import type { DemoOrgs } from './demo-orgs';
import { demoFeaturedItemId, demoProgramId, demoSectionId } from './ids';

type Target =
  | { type: 'program'; program: number }
  | { type: 'org'; org: keyof DemoOrgs['orgs'] }
  | { type: 'coalition'; coalition: keyof DemoOrgs['coalitions'] };

interface DemoItem {
  n: number;
  target: Target;
  title: string | null;
  description: string | null;
  cardColor?: string;
  buttonColor?: string;
  buttonLabel?: string;
  /** Schedule in days from now (null or absent: unscheduled). */
  startsIn?: number;
  endsIn?: number;
}

interface DemoSection {
  n: number;
  sectionType: 'carousel' | 'gallery';
  header: string;
  slug: string;
  sortIndex: number;
  /** Hidden this many days ago (active false, deleted_at set), or visible. */
  hiddenDaysAgo?: number;
  items: DemoItem[];
}

export const demoFeatured: DemoSection[] = [
  {
    n: 1,
    sectionType: 'carousel',
    header: 'Featured Opportunities',
    slug: 'featured-opportunities',
    sortIndex: 0,
    items: [
      {
        n: 1,
        target: { type: 'program', program: 1 },
        title: 'Take your seat in the Youth Orchestra',
        description:
          'Riverside Arts Center is auditioning strings, winds and brass for next season. Pre-screening recordings are due in three weeks.',
        cardColor: 'bg-emerald-600',
        buttonColor: 'bg-white',
        buttonLabel: 'Audition now',
      },
      {
        n: 2,
        target: { type: 'program', program: 2 },
        title: 'Emerging Artist Scholarship closes soon',
        description:
          'Five $2,500 awards for young artists in any discipline. Apply before the deadline this week.',
        buttonLabel: 'Apply today',
        startsIn: -2,
        endsIn: 5,
      },
      {
        n: 3,
        target: { type: 'org', org: 'northgate-dance-academy' },
        title: 'Train at Northgate Dance Academy',
        description: 'Pre-professional ballet and contemporary training with need-based tuition.',
      },
      {
        n: 4,
        target: { type: 'coalition', coalition: 'metro-arts-coalition' },
        title: 'One application, the whole metro arts scene',
        description:
          'Members of the Metro Arts Coalition share auditions, residencies and scholarships. Browse them all in one place.',
        cardColor: 'bg-indigo-600',
      },
      {
        n: 5,
        target: { type: 'program', program: 3 },
        title: 'Summer Theatre Intensive opens soon',
        description: 'Four weeks of acting, musical theatre and design, ending on the Riverside main stage.',
        buttonLabel: 'Learn more',
        startsIn: 7,
        endsIn: 30,
      },
    ],
  },
  {
    n: 2,
    sectionType: 'gallery',
    header: 'Explore Organizations',
    slug: 'explore-organizations',
    sortIndex: 1,
    items: [
      {
        n: 6,
        target: { type: 'org', org: 'riverside-arts' },
        title: null,
        description: 'Orchestra, theatre, dance and visual arts for young people on the river since 1987.',
      },
      {
        n: 7,
        target: { type: 'org', org: 'harbor-city-youth-symphony' },
        title: 'Harbor City Youth Symphony',
        description: 'Three orchestras and a chamber music school for musicians aged 10 to 18.',
        cardColor: 'bg-sky-700',
      },
      {
        n: 8,
        target: { type: 'org', org: 'oakwood-theatre-company' },
        title: 'Oakwood Theatre Company',
        description: 'New plays by emerging writers, and apprenticeships behind the scenes.',
      },
      {
        n: 9,
        target: { type: 'org', org: 'cedar-hill-music-school' },
        title: 'Cedar Hill Music School',
        description: null,
      },
      {
        n: 10,
        target: { type: 'program', program: 14 },
        title: 'Arts Leaders Scholarship',
        description: 'Renewable college scholarships from the Lakeside Community Foundation.',
        buttonLabel: 'See the scholarship',
      },
      {
        n: 11,
        target: { type: 'program', program: 11 },
        title: 'Chamber Music Summer Scholarship',
        description: 'Bring your ensemble to a two-week summer school in Harbor City.',
      },
    ],
  },
  {
    n: 3,
    sectionType: 'carousel',
    header: 'Winter Showcase Highlights',
    slug: 'winter-showcase-highlights',
    sortIndex: 2,
    hiddenDaysAgo: 5,
    items: [
      {
        n: 12,
        target: { type: 'program', program: 4 },
        title: 'Young Composers Competition',
        description: 'Hear last season’s winning pieces at the winter showcase.',
      },
      {
        n: 13,
        target: { type: 'program', program: 17 },
        title: 'Young Pianists Competition',
        description: 'Finalists perform live on the Cedar Hill concert grand.',
      },
    ],
  },
];

function targetOf(target: Target, orgs: DemoOrgs): { targetType: Target['type']; targetId: string } {
  switch (target.type) {
    case 'program':
      return { targetType: 'program', targetId: demoProgramId(target.program) };
    case 'org':
      return { targetType: 'org', targetId: orgs.orgs[target.org] };
    case 'coalition':
      return { targetType: 'coalition', targetId: orgs.coalitions[target.coalition] };
  }
}

/** Featured sections and their items on the discovery page, including one hidden section. */
export async function seedDemoFeatured({ tx, days }: SeedContext, orgs: DemoOrgs): Promise<void> {
  await tx
    .insert(featuredSections)
    .values(
      demoFeatured.map((s) => ({
        id: demoSectionId(s.n),
        sectionType: s.sectionType,
        header: s.header,
        slug: s.slug,
        sortIndex: s.sortIndex,
        active: s.hiddenDaysAgo === undefined,
        deletedAt: s.hiddenDaysAgo === undefined ? null : days(-s.hiddenDaysAgo),
        createdAt: days(-30 + s.n),
      })),
    )
    .onConflictDoNothing();
  // Read the ids back by slug: a section with the same slug made by hand keeps its own id.
  const rows = await tx
    .select({ id: featuredSections.id, slug: featuredSections.slug })
    .from(featuredSections)
    .where(
      inArray(
        featuredSections.slug,
        demoFeatured.map((s) => s.slug),
      ),
    );
  const sectionIds = new Map(rows.map((r) => [r.slug, r.id]));
  await tx
    .insert(featuredItems)
    .values(
      demoFeatured.flatMap((s) =>
        s.items.map((item, i) => ({
          id: demoFeaturedItemId(item.n),
          sectionId: sectionIds.get(s.slug)!,
          ...targetOf(item.target, orgs),
          sortIndex: i,
          title: item.title,
          description: item.description,
          cardColor: item.cardColor ?? null,
          buttonColor: item.buttonColor ?? null,
          buttonLabel: item.buttonLabel ?? null,
          startsAt: item.startsIn === undefined ? null : days(item.startsIn),
          endsAt: item.endsIn === undefined ? null : days(item.endsIn),
          createdAt: days(-29 + s.n),
        })),
      ),
    )
    .onConflictDoNothing();
}
