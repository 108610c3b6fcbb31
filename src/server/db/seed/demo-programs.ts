import type { ProgramType, ReviewStatus } from '../../../shared/domain/programs';
import { slugify } from '../../../shared/domain/slug';
import type { ApplicationForm, ReviewerForm } from '../../../shared/schemas/forms';
import { programs } from '../schema';
import type { SeedContext } from './context';
import type { DemoOrgSlug, DemoOrgs } from './demo-orgs';
import type { DemoUsers } from './demo-users';
import * as forms from './forms';
import { demoProgramId } from './ids';

/**
 * Application windows relative to the moment of seeding, in days (null: no date).
 * open: opened 10 days ago, closes in 3 weeks; closing_soon: closes in 3 days; closed: closed 4 days ago;
 * coming_soon: opens in 10 days; none: no dates (open from publication, never closes);
 * planned: a future window on a program that is not live yet.
 */
export const demoWindows = {
  open: { open: -10, close: 21 },
  closing_soon: { open: -30, close: 3 },
  closed: { open: -60, close: -4 },
  coming_soon: { open: 10, close: 40 },
  none: { open: null, close: null },
  planned: { open: 30, close: 75 },
} as const satisfies Record<string, { open: number | null; close: number | null }>;

export type DemoWindow = keyof typeof demoWindows;

export interface DemoProgram {
  n: number;
  org: DemoOrgSlug;
  name: string;
  type: ProgramType;
  description: string | null;
  status: ReviewStatus;
  window: DemoWindow;
  requiresSuperApproval: boolean;
  form: ApplicationForm;
  /** Only for pending_changes: the edited form waiting for approval (the live form stays in `form`). */
  pendingForm?: ApplicationForm;
  reviewerForm?: ReviewerForm;
  reviewNote?: string;
  /** Published to this coalition instead of the organization alone. */
  coalition?: keyof DemoOrgs['coalitions'];
  createdDaysAgo: number;
}

export const demoPrograms: DemoProgram[] = [
  // Riverside Arts Center: the org admin's own organization.
  {
    n: 1,
    org: 'riverside-arts',
    name: 'Youth Orchestra Auditions',
    type: 'audition',
    description:
      'Seats in the Riverside Youth Orchestra and Philharmonia for the coming season. Send a pre-screening recording; selected musicians are invited to a live audition.',
    status: 'published',
    window: 'open',
    requiresSuperApproval: false,
    form: forms.youthOrchestraForm,
    reviewerForm: forms.auditionReviewerForm,
    createdDaysAgo: 40,
  },
  {
    n: 2,
    org: 'riverside-arts',
    name: 'Emerging Artist Scholarship',
    type: 'scholarship',
    description:
      'Five scholarships of $2,500 for artists aged 15 to 19 in any discipline, to spend on lessons, materials or a summer program.',
    status: 'published',
    window: 'closing_soon',
    requiresSuperApproval: true,
    form: forms.emergingArtistScholarshipForm,
    reviewerForm: forms.scholarshipReviewerForm,
    createdDaysAgo: 45,
  },
  {
    n: 3,
    org: 'riverside-arts',
    name: 'Summer Theatre Intensive',
    type: 'application',
    description:
      'Four weeks of acting, musical theatre and design classes ending in a full production on the Riverside main stage.',
    status: 'published',
    window: 'coming_soon',
    requiresSuperApproval: false,
    form: forms.summerTheatreForm,
    createdDaysAgo: 20,
  },
  {
    n: 4,
    org: 'riverside-arts',
    name: 'Young Composers Competition',
    type: 'competition',
    description:
      'Submit an original work of up to eight minutes. Winning pieces are premiered by the Riverside Youth Orchestra in the spring concert.',
    status: 'published',
    window: 'closed',
    requiresSuperApproval: false,
    form: forms.youngComposersForm,
    reviewerForm: forms.competitionReviewerForm,
    createdDaysAgo: 75,
  },
  {
    n: 5,
    org: 'riverside-arts',
    name: 'Community Mural Residency',
    type: 'application',
    description:
      'A paid six-week residency to design and paint a public mural with neighborhood teens, open to artists across the Metro Arts Coalition.',
    status: 'published',
    window: 'none',
    requiresSuperApproval: false,
    form: forms.muralResidencyForm,
    coalition: 'metro-arts-coalition',
    createdDaysAgo: 35,
  },
  {
    n: 6,
    org: 'riverside-arts',
    name: 'Fall Dance Showcase',
    type: 'audition',
    description: null,
    status: 'draft',
    window: 'planned',
    requiresSuperApproval: false,
    form: forms.fallDanceForm,
    createdDaysAgo: 6,
  },
  {
    n: 7,
    org: 'riverside-arts',
    name: 'Jazz Ensemble Placement',
    type: 'audition',
    description:
      'Placement auditions for the Riverside Jazz Band and Combo. Paused while the ensemble director position is filled.',
    status: 'unpublished',
    window: 'none',
    requiresSuperApproval: true,
    form: forms.jazzEnsembleForm,
    reviewerForm: forms.auditionReviewerForm,
    createdDaysAgo: 55,
  },
  {
    n: 8,
    org: 'riverside-arts',
    name: 'Teaching Artist Fellowship',
    type: 'application',
    description:
      'A year-long fellowship for early-career artists to teach in Riverside after-school programs, with mentoring and a stipend.',
    status: 'draft',
    window: 'planned',
    requiresSuperApproval: true,
    form: forms.teachingArtistForm,
    createdDaysAgo: 3,
  },
  {
    n: 9,
    org: 'riverside-arts',
    name: 'Visual Arts Portfolio Review',
    type: 'competition',
    description:
      'Working artists review student portfolios and award three places in the spring exhibition at the Riverside Gallery.',
    status: 'pending_changes',
    window: 'open',
    requiresSuperApproval: false,
    form: forms.portfolioReviewForm,
    pendingForm: forms.portfolioReviewPendingForm,
    reviewerForm: forms.competitionReviewerForm,
    createdDaysAgo: 30,
  },
  // Harbor City Youth Symphony (Metro Arts Coalition).
  {
    n: 10,
    org: 'harbor-city-youth-symphony',
    name: 'Principal Chair Auditions',
    type: 'audition',
    description:
      'Auditions for principal and section leader chairs in the Symphony Orchestra, the most advanced of our three orchestras.',
    status: 'submitted',
    window: 'planned',
    requiresSuperApproval: true,
    form: forms.principalChairForm,
    reviewerForm: forms.auditionReviewerForm,
    createdDaysAgo: 12,
  },
  {
    n: 11,
    org: 'harbor-city-youth-symphony',
    name: 'Chamber Music Summer Scholarship',
    type: 'scholarship',
    description:
      'Full and partial scholarships for pre-formed ensembles to attend our two-week chamber music summer school.',
    status: 'published',
    window: 'open',
    requiresSuperApproval: false,
    form: forms.chamberMusicScholarshipForm,
    reviewerForm: forms.scholarshipReviewerForm,
    createdDaysAgo: 28,
  },
  // Northgate Dance Academy (Metro Arts Coalition and Youth Scholarship Alliance).
  {
    n: 12,
    org: 'northgate-dance-academy',
    name: 'Pre-Professional Ballet Program',
    type: 'audition',
    description:
      'A full-time training track for dancers aged 14 to 18 preparing for company auditions, with academic classes on site.',
    status: 'changes_requested',
    window: 'planned',
    requiresSuperApproval: true,
    form: forms.balletProgramForm,
    reviewerForm: forms.auditionReviewerForm,
    reviewNote:
      'Please give the questions clear labels ("Years" and "Video" are not enough for applicants to know what to send) and ask for the pointe experience in ranges rather than yes/no.',
    createdDaysAgo: 18,
  },
  {
    n: 13,
    org: 'northgate-dance-academy',
    name: 'Dance Access Scholarship',
    type: 'scholarship',
    description:
      'Need-based tuition scholarships for any Youth Scholarship Alliance student who wants to train in ballet or contemporary dance.',
    status: 'published',
    window: 'open',
    requiresSuperApproval: false,
    form: forms.danceAccessScholarshipForm,
    reviewerForm: forms.scholarshipReviewerForm,
    coalition: 'youth-scholarship-alliance',
    createdDaysAgo: 25,
  },
  // Lakeside Community Foundation (Youth Scholarship Alliance).
  {
    n: 14,
    org: 'lakeside-community-foundation',
    name: 'Arts Leaders Scholarship',
    type: 'scholarship',
    description:
      'Renewable $5,000 college scholarships for Lakeside County seniors who have led creative projects in their communities.',
    status: 'published',
    window: 'closing_soon',
    requiresSuperApproval: false,
    form: forms.artsLeadersScholarshipForm,
    reviewerForm: forms.scholarshipReviewerForm,
    createdDaysAgo: 50,
  },
  // Oakwood Theatre Company (independent).
  {
    n: 15,
    org: 'oakwood-theatre-company',
    name: "Playwrights' Lab",
    type: 'competition',
    description:
      'Four new plays are chosen for a week of development with a director and actors, ending in public readings.',
    status: 'published',
    window: 'coming_soon',
    requiresSuperApproval: false,
    form: forms.playwrightsLabForm,
    reviewerForm: forms.competitionReviewerForm,
    createdDaysAgo: 15,
  },
  {
    n: 16,
    org: 'oakwood-theatre-company',
    name: 'Stage Management Apprenticeship',
    type: 'application',
    description: 'A season-long paid apprenticeship on our main-stage productions.',
    status: 'unpublished',
    window: 'none',
    requiresSuperApproval: false,
    form: forms.stageManagementForm,
    createdDaysAgo: 65,
  },
  // Cedar Hill Music School (independent).
  {
    n: 17,
    org: 'cedar-hill-music-school',
    name: 'Young Pianists Competition',
    type: 'competition',
    description:
      'Three age divisions, a recorded preliminary round and a live final on the Cedar Hill concert grand.',
    status: 'published',
    window: 'closed',
    requiresSuperApproval: false,
    form: forms.pianoCompetitionForm,
    reviewerForm: forms.competitionReviewerForm,
    createdDaysAgo: 85,
  },
  {
    n: 18,
    org: 'cedar-hill-music-school',
    name: 'Summer Music Camp',
    type: 'application',
    description:
      'Day camp for ages 8 to 13: ensembles, theory games and a concert for families on the last day.',
    status: 'draft',
    window: 'none',
    requiresSuperApproval: false,
    form: forms.summerMusicCampForm,
    createdDaysAgo: 2,
  },
];

/** Live statuses: the program is published (pending changes wait while the live form stays up). */
const liveStatuses: ReviewStatus[] = ['published', 'pending_changes'];

function programRow(
  { days }: SeedContext,
  p: DemoProgram,
  users: DemoUsers,
  orgs: DemoOrgs,
): typeof programs.$inferInsert {
  const window = demoWindows[p.window];
  const openAt = window.open === null ? null : days(window.open);
  const closeAt = window.close === null ? null : days(window.close);
  const createdAt = days(-p.createdDaysAgo);
  const live = liveStatuses.includes(p.status);
  // Published two days before it opened (or, when it opens later or has no date, a few days ago).
  const publishedAt = live
    ? new Date(Math.min(openAt?.getTime() ?? Number.POSITIVE_INFINITY, days(-3).getTime()) - 2 * 86_400_000)
    : null;
  const coalitionId = p.coalition ? orgs.coalitions[p.coalition] : null;
  const touched = p.status === 'draft' || p.status === 'published' ? 0 : 1;
  return {
    id: demoProgramId(p.n),
    organizationId: orgs.orgs[p.org],
    name: p.name,
    slug: slugify(p.name),
    type: p.type,
    description: p.description,
    openAt,
    closeAt,
    published: live,
    publishedScope: live ? (coalitionId ? 'coalition' : 'org') : null,
    publishedCoalitionId: live ? coalitionId : null,
    publishedBy: live ? users.super : null,
    publishedAt,
    reviewStatus: p.status,
    reviewNote: p.reviewNote ?? null,
    requiresSuperApproval: p.requiresSuperApproval,
    form: p.form,
    pendingForm: p.pendingForm ?? null,
    reviewerForm: p.reviewerForm ?? null,
    version: 1 + touched + (p.pendingForm ? 1 : 0),
    createdAt,
    updatedAt: touched ? days(-1) : (publishedAt ?? createdAt),
  };
}

export async function seedDemoPrograms(ctx: SeedContext, users: DemoUsers, orgs: DemoOrgs): Promise<void> {
  await ctx.tx
    .insert(programs)
    .values(demoPrograms.map((p) => programRow(ctx, p, users, orgs)))
    .onConflictDoNothing();
}
