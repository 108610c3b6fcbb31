/**
 * Fixed ids of the demo data set. Fixed ids make every insert `ON CONFLICT DO NOTHING`, so a second
 * (or concurrent) run creates nothing new, and tests can name the records they expect.
 * Shape: a valid v4 UUID whose last group is a 4-hex kind tag plus an 8-digit number.
 */
function fixedId(kind: string, n: number): string {
  return `00000000-0000-4000-8000-${kind}${String(n).padStart(8, '0')}`;
}

export const demoUserId = (n: number) => fixedId('de01', n);
export const demoOrgId = (n: number) => fixedId('de02', n);
export const demoCoalitionId = (n: number) => fixedId('de03', n);
export const demoProgramId = (n: number) => fixedId('de04', n);
export const demoSectionId = (n: number) => fixedId('de05', n);
export const demoFeaturedItemId = (n: number) => fixedId('de06', n);

/** The organization whose existence marks the demo set as created. */
export const DEMO_MARKER_ORG_SLUG = 'riverside-arts';

/** Demo applications and reviews of the reviews area (their own kind tags, so other areas' ids never collide). */
export const demoReviewApplicationId = (n: number) => fixedId('dea1', n);
export const demoReviewId = (n: number) => fixedId('dea2', n);

/** Applications the demo applicant has in progress. */
export const demoDraftApplicationId = (n: number) => fixedId('dea3', n);
