import { and, eq } from 'drizzle-orm';
import { decisionOf } from '../../../shared/domain/reviews';
import { applications, files, profiles, reviews, user } from '../schema';
import type { SeedContext } from './context';
import { demoRecording } from './demo-files';
import type { DemoUsers } from './demo-users';
import { demoProgramId, demoReviewApplicationId, demoReviewId } from './ids';

/**
 * Submitted applications from the extra demo applicants, with reviews in every state, so the reviewer
 * screens, the inbox and publishing have data:
 *   1 Jordan Lee → Youth Orchestra Auditions: finalized (accept, 92)
 *   2 Maya Patel → Youth Orchestra Auditions: draft, 'commented' (78)
 *   3 Diego Ramirez → Youth Orchestra Auditions: not started
 *   4 Priya Nair → Emerging Artist Scholarship: finalized (approved, 88)
 *   5 Ethan Brooks → Emerging Artist Scholarship: not started
 * Ids: demoReviewApplicationId(n) and demoReviewId(n) (reviews 1, 2 and 4).
 */
interface DemoReviewed {
  n: number;
  program: number;
  /** Index into DemoUsers.others. */
  applicant: number;
  submittedDaysAgo: number;
  answers: Record<string, unknown>;
  review?: {
    by: 'reviewer' | 'admin';
    score: number;
    comments: string;
    decision: string;
    finalized: boolean;
    daysAgo: number;
  };
}

export const demoReviewed: DemoReviewed[] = [
  {
    n: 1,
    program: 1,
    applicant: 0,
    submittedDaysAgo: 6,
    answers: {
      q_instrument: 'Violin',
      q_years_playing: '8 years',
      q_repertoire: 'Bach: Partita No. 2, Allemande; Kabalevsky: Violin Concerto, first movement.',
      q_rehearsal_commitment: true,
    },
    review: {
      by: 'reviewer',
      score: 92,
      comments:
        'Secure intonation and a warm, focused tone. The Bach was stylish and well paced; the Kabalevsky needs a little more daring in the cadenza. Ready for the first violins.',
      decision: 'accept',
      finalized: true,
      daysAgo: 2,
    },
  },
  {
    n: 2,
    program: 1,
    applicant: 1,
    submittedDaysAgo: 5,
    answers: {
      q_instrument: 'Cello',
      q_years_playing: '5 years',
      q_repertoire: 'Saint-Saëns: The Swan; Breval: Sonata in C, first movement.',
      q_preferred_date: '2026-09-12',
      q_rehearsal_commitment: true,
    },
    review: {
      by: 'admin',
      score: 78,
      comments:
        'Lovely phrasing in the Saint-Saëns. Rhythm drifts in the Breval; I would like to hear her live.',
      decision: 'waitlist',
      finalized: false,
      daysAgo: 1,
    },
  },
  {
    n: 3,
    program: 1,
    applicant: 2,
    submittedDaysAgo: 3,
    answers: {
      q_instrument: 'Trumpet',
      q_years_playing: '4 years',
      q_repertoire:
        'Haydn: Trumpet Concerto, second movement; Arban: Carnival of Venice (theme and variation 1).',
      q_rehearsal_commitment: true,
    },
  },
  {
    n: 4,
    program: 2,
    applicant: 3,
    submittedDaysAgo: 8,
    answers: {
      q_discipline: 'Visual arts',
      q_artist_statement:
        'I paint the people and places of Lakeside at night: laundromats, bus stops, the bakery at 5 a.m. I want my work to show how much life happens when most of the town is asleep.',
      q_financial_need:
        'It would pay for an evening oil painting course and the materials to finish a series of twelve panels for my first solo show.',
      q_teacher_reference: 'Ms. Alvarez, alvarez@lakeside-high.example',
      q_first_generation: true,
    },
    review: {
      by: 'reviewer',
      score: 88,
      comments: 'A clear, personal vision and a realistic plan for the money. Strong portfolio.',
      decision: 'approved',
      finalized: true,
      daysAgo: 3,
    },
  },
  {
    n: 5,
    program: 2,
    applicant: 4,
    submittedDaysAgo: 2,
    answers: {
      q_discipline: 'Film',
      q_artist_statement: 'Short documentaries about skateboarders and the spaces they build for themselves.',
      q_financial_need: 'A used camera body and a summer editing workshop.',
      q_first_generation: false,
    },
  },
];

export async function seedDemoReviews(ctx: SeedContext, users: DemoUsers): Promise<void> {
  const { tx, days } = ctx;
  for (const item of demoReviewed) {
    const userId = users.others[item.applicant];
    const programId = demoProgramId(item.program);
    const id = demoReviewApplicationId(item.n);
    const submittedAt = days(-item.submittedDaysAgo);
    const [profile] = await tx
      .select({ p: profiles, email: user.email })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(profiles.id, userId));
    const snapshot = {
      full_name: profile?.p.fullName ?? null,
      given_name: profile?.p.givenName ?? null,
      family_name: profile?.p.familyName ?? null,
      email: profile?.email ?? null,
      date_of_birth: profile?.p.dateOfBirth ?? null,
      address_city: profile?.p.addressCity ?? null,
      address_country: profile?.p.addressCountry ?? null,
      __source: 'profile',
      __version: 1,
      __snapshot_at: submittedAt.toISOString(),
    };
    const answers = { ...item.answers };
    const recording = item.program === 1 ? recordingInfo(id, submittedAt) : null;
    if (recording) answers.q_recording = recording;
    await tx
      .insert(applications)
      .values({
        id,
        programId,
        userId,
        status: 'submitted',
        answers,
        profileSnapshot: snapshot,
        submittedAt,
        createdAt: days(-item.submittedDaysAgo - 2),
        updatedAt: submittedAt,
      })
      .onConflictDoNothing();
    // Another seed step may already hold an application for this applicant and program: leave it be.
    const [mine] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.id, id), eq(applications.programId, programId)));
    if (mine && recording) await recordFile(ctx, recording, id, userId, submittedAt);
    if (!mine || !item.review) continue;
    const r = item.review;
    const at = days(-r.daysAgo);
    const ratings = { decision: r.decision };
    await tx
      .insert(reviews)
      .values({
        id: demoReviewId(item.n),
        applicationId: id,
        programId,
        score: r.score,
        comments: r.comments,
        ratings,
        decision: decisionOf(ratings),
        status: r.finalized ? 'submitted' : 'draft',
        reviewerId: r.by === 'admin' ? users.admin : users.reviewer,
        version: r.finalized ? 3 : 2,
        submittedAt: r.finalized ? at : null,
        createdAt: days(-r.daysAgo - 1),
        updatedAt: at,
      })
      .onConflictDoNothing();
  }
}

/** Youth Orchestra Auditions requires a recording: a generated WAV as the applicant's answer file. */
function recordingInfo(applicationId: string, at: Date) {
  const file = demoRecording();
  return {
    fileName: file.fileName,
    filePath: `applications/${applicationId}/q_recording/${at.getTime()}_${file.fileName}`,
    fileSize: file.bytes.length,
    contentType: file.contentType,
    uploadedAt: at.toISOString(),
  };
}

async function recordFile(
  { tx }: SeedContext,
  info: ReturnType<typeof recordingInfo>,
  applicationId: string,
  ownerId: string,
  at: Date,
) {
  await tx
    .insert(files)
    .values({
      path: info.filePath,
      ownerId,
      applicationId,
      kind: 'answer',
      fileName: info.fileName,
      contentType: info.contentType,
      size: info.fileSize,
      createdAt: at,
    })
    .onConflictDoNothing();
}
