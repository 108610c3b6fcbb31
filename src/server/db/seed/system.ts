import { eq } from 'drizzle-orm';
import { APPLYHUB_ORG_SLUG, ORG_APPLICATION_PROGRAM_ID } from '../../../shared/domain/applyhub';
import { organizations, programs } from '../schema';
import type { SeedContext } from './context';
import { organizationApplicationForm } from './forms';

/**
 * ApplyHub's own organization and its published "Organization application" program: always present,
 * with or without demo data. Existing rows are left as they are (an admin may have edited them).
 * Returns the organization's id.
 */
export async function seedSystem({ tx, now }: SeedContext): Promise<string> {
  await tx
    .insert(organizations)
    .values({
      name: 'ApplyHub',
      slug: APPLYHUB_ORG_SLUG,
      description:
        'ApplyHub runs the platform. Organizations that want to publish programs on ApplyHub apply here.',
    })
    .onConflictDoNothing();
  const [org] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, APPLYHUB_ORG_SLUG));
  if (!org) throw new Error('seed: the ApplyHub organization could not be created.');

  await tx
    .insert(programs)
    .values({
      id: ORG_APPLICATION_PROGRAM_ID,
      organizationId: org.id,
      name: 'Organization application',
      slug: 'organization-application',
      type: 'application',
      description:
        'Bring your organization to ApplyHub. Tell us who you are and what you plan to offer; our team reviews every request and sets up your organization once it is approved.',
      openAt: null,
      closeAt: null,
      published: true,
      publishedScope: 'org',
      publishedAt: now,
      publishedBy: null,
      reviewStatus: 'published',
      requiresSuperApproval: false,
      form: organizationApplicationForm,
      reviewerForm: {
        show_score: false,
        show_comments: true,
        show_decision: true,
        decision_options: ['approved', 'pending', 'denied'],
      },
    })
    .onConflictDoNothing();
  return org.id;
}
