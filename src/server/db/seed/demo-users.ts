import { eq } from 'drizzle-orm';
import { demoAccounts } from '../../demo/accounts';
import { ensureProfile } from '../../users/queries';
import { files, profiles, user } from '../schema';
import type { SeedContext } from './context';
import { type DemoFile, demoApplicantFiles } from './demo-files';
import { demoUserId } from './ids';

type DemoEmail = (typeof demoAccounts)[number]['email'];

export interface DemoUsers {
  super: string;
  admin: string;
  reviewer: string;
  coalition: string;
  applicant: string;
  /** The extra applicants, so lists are not empty. */
  others: string[];
}

/** Plain applicants besides the five demo accounts: onboarded, with a partly filled profile. */
const otherApplicants = [
  { email: 'jordan.lee@demo.test', given: 'Jordan', family: 'Lee', city: 'Riverside', dob: '2007-09-02' },
  { email: 'maya.patel@demo.test', given: 'Maya', family: 'Patel', city: 'Harbor City', dob: '2008-01-23' },
  {
    email: 'diego.ramirez@demo.test',
    given: 'Diego',
    family: 'Ramirez',
    city: 'Northgate',
    dob: '2006-11-30',
  },
  { email: 'priya.nair@demo.test', given: 'Priya', family: 'Nair', city: 'Lakeside', dob: '2007-05-14' },
  { email: 'ethan.brooks@demo.test', given: 'Ethan', family: 'Brooks', city: 'Oakwood', dob: '2009-03-08' },
  { email: 'sofia.rossi@demo.test', given: 'Sofia', family: 'Rossi', city: 'Cedar Hill', dob: '2008-07-19' },
] as const;

/**
 * Creates the user row (better-auth's table; there is no user service yet) unless the email exists,
 * and its profile. Returns the id of the user with that email, whoever created it.
 */
async function ensureUser(
  { tx, days }: SeedContext,
  input: { id: string; email: string; name: string; createdDaysAgo: number },
): Promise<string> {
  const createdAt = days(-input.createdDaysAgo);
  await tx
    .insert(user)
    .values({
      id: input.id,
      email: input.email,
      name: input.name,
      emailVerified: true,
      createdAt,
      updatedAt: createdAt,
    })
    .onConflictDoNothing();
  const [row] = await tx.select({ id: user.id }).from(user).where(eq(user.email, input.email));
  if (!row) throw new Error(`seed: the user ${input.email} could not be created.`);
  await ensureProfile(tx, row.id);
  return row.id;
}

/** Onboarded: terms accepted and the name from the account, as after the onboarding step. */
async function onboard(
  { tx, days }: SeedContext,
  userId: string,
  fullName: string,
  onboardedDaysAgo: number,
  extra: Partial<typeof profiles.$inferInsert> = {},
): Promise<void> {
  const at = days(-onboardedDaysAgo);
  await tx
    .update(profiles)
    .set({ fullName, onboardedAt: at, acceptedTermsAt: at, updatedAt: at, ...extra })
    .where(eq(profiles.id, userId));
}

function splitName(name: string): { givenName: string; familyName: string } {
  const [givenName, ...rest] = name.split(' ');
  return { givenName, familyName: rest.join(' ') };
}

/** Where the demo applicant's generated files live (the spec's object paths) and what they record. */
function demoFileInfos(ctx: SeedContext, userId: string, name: string) {
  const uploaded = ctx.days(-20);
  const stamp = uploaded.getTime();
  const { resume, portfolio } = demoApplicantFiles(name);
  const info = (file: DemoFile) => ({
    fileName: file.fileName,
    filePath:
      file.folder === 'resume'
        ? `profiles/${userId}/resume/${stamp}_resume.pdf`
        : `profiles/${userId}/profile/${stamp}_${file.fileName}`,
    fileSize: file.bytes.length,
    contentType: file.contentType,
    uploadedAt: uploaded.toISOString(),
  });
  return {
    uploaded,
    resume: { file: resume, info: info(resume) },
    portfolio: portfolio.map((file) => ({ file, info: { ...info(file), uploadedBy: userId } })),
  };
}

/** The complete profile of applicant@demo.test: every field the autofill uses, and files. */
async function completeApplicantProfile(
  ctx: SeedContext,
  userId: string,
  name: string,
): Promise<Partial<typeof profiles.$inferInsert>> {
  const demo = demoFileInfos(ctx, userId, name);
  await ctx.tx
    .insert(files)
    .values(
      [demo.resume, ...demo.portfolio].map(({ file, info }) => ({
        path: info.filePath,
        ownerId: userId,
        kind: file.folder === 'resume' ? ('resume' as const) : ('portfolio' as const),
        fileName: info.fileName,
        contentType: info.contentType,
        size: info.fileSize,
        createdAt: demo.uploaded,
      })),
    )
    .onConflictDoNothing();
  return {
    ...splitName(name),
    email: 'applicant@demo.test',
    dateOfBirth: '2008-04-17',
    phoneNumber: '+1 (555) 014-2290',
    addressLine1: '214 Maple Street',
    addressLine2: 'Apt 3B',
    addressCity: 'Riverside',
    addressState: 'CA',
    addressPostalCode: '92501',
    addressCountry: 'United States',
    parentGuardianName: 'Morgan Applicant',
    parentGuardianEmail: 'morgan.applicant@example.com',
    parentGuardianPhone: '+1 (555) 014-2291',
    emergencyContactIsParent: false,
    emergencyContactName: 'Taylor Nguyen',
    emergencyContactEmail: 'taylor.nguyen@example.com',
    emergencyContactPhone: '+1 (555) 013-7784',
    personalStatement: [
      'I started playing the cello at nine, when our school lent me an instrument for the summer. I kept it for four years, and by the time I gave it back I knew I wanted music to be a bigger part of my life than one lesson a week.',
      'Since then I have played in the Riverside Youth Strings, taught beginner lessons at our community center, and spent last summer arranging folk songs for a small ensemble of friends. Teaching showed me that I learn the most when I have to explain something clearly to someone else.',
      'I am applying to programs that will push my playing and connect me with other young artists. I want to study music education in college and, one day, run the kind of after-school program that gave me my start.',
    ].join('\n\n'),
    resumeFile: demo.resume.info,
    profileFiles: demo.portfolio.map((p) => p.info),
  };
}

export async function seedDemoUsers(ctx: SeedContext): Promise<DemoUsers> {
  const ids = {} as Record<DemoEmail, string>;
  for (const [i, account] of demoAccounts.entries()) {
    const id = await ensureUser(ctx, {
      id: demoUserId(i + 1),
      email: account.email,
      name: account.name,
      createdDaysAgo: 120 - i,
    });
    ids[account.email] = id;
    const extra: Partial<typeof profiles.$inferInsert> =
      account.email === 'super@demo.test'
        ? { role: 'superadmin', ...splitName(account.name) }
        : account.email === 'applicant@demo.test'
          ? await completeApplicantProfile(ctx, id, account.name)
          : splitName(account.name);
    await onboard(ctx, id, account.name, 119 - i, extra);
  }

  const others: string[] = [];
  for (const [i, a] of otherApplicants.entries()) {
    const name = `${a.given} ${a.family}`;
    const id = await ensureUser(ctx, {
      id: demoUserId(100 + i + 1),
      email: a.email,
      name,
      createdDaysAgo: 60 - i * 7,
    });
    await onboard(ctx, id, name, 60 - i * 7, {
      givenName: a.given,
      familyName: a.family,
      dateOfBirth: a.dob,
      addressCity: a.city,
      addressCountry: 'United States',
    });
    others.push(id);
  }

  return {
    super: ids['super@demo.test'],
    admin: ids['admin@demo.test'],
    reviewer: ids['reviewer@demo.test'],
    coalition: ids['coalition@demo.test'],
    applicant: ids['applicant@demo.test'],
    others,
  };
}
