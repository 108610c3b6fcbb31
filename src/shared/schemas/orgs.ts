import { z } from 'zod';
import { fileInfoSchema } from './files';

/** Organization settings (the org admin hub's card; the super admin's editor edits the same record). */
export const orgSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  contact_email: z.string().nullable(),
  logo: fileInfoSchema.nullable(),
  /** Where the logo is served from (public), or null. */
  logo_url: z.string().nullable(),
});
export type OrgSettings = z.infer<typeof orgSettingsSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const ORG_NAME_MAX = 200;
export const ORG_DESCRIPTION_MAX = 2000;

export const orgSettingsInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Organization name is required.')
    .max(ORG_NAME_MAX, `At most ${ORG_NAME_MAX} characters.`),
  description: optionalText(ORG_DESCRIPTION_MAX),
  website: optionalText(500).refine((v) => !v || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), {
    message: 'Enter a web address starting with https:// or http://.',
  }),
  contact_email: optionalText(254).refine((v) => !v || z.string().email().safeParse(v).success, {
    message: 'Enter a valid email address.',
  }),
});
export type OrgSettingsInput = z.input<typeof orgSettingsInput>;

/** One number on the org admin's home, with the programs it comes from (most first, at most 5). */
const adminHomeItem = z.object({
  count: z.number().int(),
  programs: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
});

/** The org admin's home (issue 33 item 20): what needs them. */
export const adminHomeSchema = z.object({
  /** New submissions are counted from here: the last visit, or FIRST_VISIT_DAYS back on a first visit. */
  since: z.string(),
  since_last_visit: z.boolean(),
  new_submissions: adminHomeItem,
  closing_this_week: adminHomeItem,
  /** Distinct reviewers with score sheets left in programs whose application window has closed. */
  reviewers_behind: adminHomeItem,
  /** Finalized results not yet published, in published programs. */
  results_ready: adminHomeItem,
  /** Programs whose changes the super admin requested. */
  changes_requested: adminHomeItem,
});
export type AdminHome = z.infer<typeof adminHomeSchema>;
export type AdminHomeItem = z.infer<typeof adminHomeItem>;
