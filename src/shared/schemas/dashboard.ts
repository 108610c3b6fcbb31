import { z } from 'zod';
import { screeningStatsSchema } from './screening';

/**
 * One stage's row of the funnel per stage: invited to it (later stages), submitted, decided, and
 * invited on to the next stage (shortlisted).
 */
export const stageFunnelSchema = z.object({
  program_id: z.string(),
  stage_number: z.number().int(),
  name: z.string(),
  published: z.boolean(),
  /** Invitations to this stage not withdrawn; null for stage 1 (open to everyone). */
  invited: z.number().int().nullable(),
  /** Invitations to this stage withdrawn; null for stage 1. */
  invitations_withdrawn: z.number().int().nullable(),
  /** Applications submitted (withdrawn after submission included, as in the funnel; never a withdrawn invitation's draft). */
  submitted: z.number().int(),
  /** Submitted applications whose review has a decision. */
  decided: z.number().int(),
  /** Invited on to the next stage (not withdrawn): shortlisted; null for the last stage. */
  advanced: z.number().int().nullable(),
});
export type StageFunnel = z.infer<typeof stageFunnelSchema>;

/** The program dashboard (issue 21 item 3). Times are ISO strings; days are UTC calendar days. */
export const dashboardSchema = z.object({
  program: z.object({
    id: z.string(),
    /** 'shared' review or 'independent' scoring (issue 20). */
    review_mode: z.string(),
    name: z.string(),
    type: z.string(),
    organization_slug: z.string(),
    organization_name: z.string(),
    published: z.boolean(),
    open_at: z.string().nullable(),
    close_at: z.string().nullable(),
  }),
  /** The server's clock, so the page measures the deadline as the server does. */
  now: z.string(),
  /**
   * started: every application; submitted: not drafts; in_review: reviews being written;
   * finalized: reviews finalized (published ones included); published: results published.
   */
  funnel: z.object({
    started: z.number().int(),
    submitted: z.number().int(),
    in_review: z.number().int(),
    finalized: z.number().int(),
    published: z.number().int(),
    /** Submitted applications with an open change request (decision 063). */
    changes_requested: z.number().int().optional(),
  }),
  per_day: z.array(z.object({ day: z.string(), started: z.number().int(), submitted: z.number().int() })),
  /** The program's reviewers (assigned to it or to its organization) and everyone who edited a review. */
  reviewers: z.array(
    z.object({
      user_id: z.string(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      /**
       * Shared review: reviews this person edited last (the review records its last editor).
       * Independent scoring: their score sheets begun or submitted.
       */
      touched: z.number().int(),
      finalized: z.number().int(),
      /** Independent scoring: their score sheets assigned; null in the shared review. */
      assigned: z.number().int().nullable(),
    }),
  ),
  /** Eligibility screening (decision 061): null when the program has none. */
  screening: screeningStatsSchema.nullable(),
  /**
   * Programs in stages (decision 066): the funnel of every stage of the program's chain, stage 1
   * first, whichever stage's dashboard this is; null for a program without stages.
   */
  stages: z.array(stageFunnelSchema).nullable().optional(),
  drafts: z.object({
    total: z.number().int(),
    saved_last_day: z.number().int(),
    saved_last_week: z.number().int(),
    /** Drafts least recently saved first (at most DASHBOARD_DRAFTS_SHOWN), with how complete they are. */
    items: z.array(
      z.object({
        application_id: z.string(),
        applicant_name: z.string().nullable(),
        updated_at: z.string(),
        required_answered: z.number().int(),
        required_total: z.number().int(),
      }),
    ),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const DASHBOARD_DRAFTS_SHOWN = 20;
/** The chart covers at most this many days (from the opening, or the first application). */
export const DASHBOARD_MAX_DAYS = 400;

/**
 * The program dashboard as a coalition manager reads it (issue 33 item 18): the same numbers, no
 * actions, and nobody named that the manager's downloads would not name. Reviewers are "Reviewer 1",
 * "Reviewer 2", … in the admins' order (no id, name or email); drafts carry no application id, and no
 * applicant name in a blind program.
 */
export const coalitionDashboardSchema = dashboardSchema.omit({ reviewers: true, drafts: true }).extend({
  reviewers: z.array(
    z.object({
      label: z.string(),
      touched: z.number().int(),
      finalized: z.number().int(),
      assigned: z.number().int().nullable(),
    }),
  ),
  drafts: z.object({
    total: z.number().int(),
    saved_last_day: z.number().int(),
    saved_last_week: z.number().int(),
    items: z.array(
      z.object({
        applicant_name: z.string().nullable(),
        updated_at: z.string(),
        required_answered: z.number().int(),
        required_total: z.number().int(),
      }),
    ),
  }),
});
export type CoalitionDashboard = z.infer<typeof coalitionDashboardSchema>;
