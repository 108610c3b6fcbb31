import { z } from 'zod';

/** A reviewer or admin of a program (spec 001 §3 Program assignment). */
export const assignedUserSchema = z.object({
  user_id: z.string(),
  full_name: z.string().nullable(),
  email: z.string(),
});
export type AssignedUser = z.infer<typeof assignedUserSchema>;

export const programAssignmentsSchema = z.object({
  program_id: z.string(),
  reviewers: z.array(assignedUserSchema),
  admins: z.array(assignedUserSchema),
});
export type ProgramAssignments = z.infer<typeof programAssignmentsSchema>;

export const EMAIL_REQUIRED = 'Email address is required.';

/** Add Reviewer / Add Admin: the email is required (trimmed); the name is optional. */
export const addAssignmentInput = z.object({
  email: z.string().trim().min(1, EMAIL_REQUIRED).max(320),
  name: z.string().trim().max(200).optional().nullable(),
});
export type AddAssignmentInput = z.input<typeof addAssignmentInput>;

/** The result of an add or remove: the message to show and the updated lists. */
export const assignmentChangeSchema = z.object({
  message: z.string(),
  assignments: programAssignmentsSchema,
});
export type AssignmentChange = z.infer<typeof assignmentChangeSchema>;
