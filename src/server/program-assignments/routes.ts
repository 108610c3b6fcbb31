import { z } from '@hono/zod-openapi';
import {
  addAssignmentInput,
  assignmentChangeSchema,
  programAssignmentsSchema,
} from '../../shared/schemas/program-assignments';
import { ok } from '../http/handlers';
import { apiRoute, errors, jsonBody, jsonOk, router } from '../http/openapi';
import { programIdParam } from '../http/params';
import { programAdmins } from '../programs/who';
import type { ProgramRole } from './queries';
import { addProgramAssignment, listProgramAssignments, removeProgramAssignment } from './service';

const userParam = programIdParam.extend({ userId: z.string().uuid('User ids must be UUIDs.') });
const tags = ['program-assignments'];

/** Manage Reviewers: the reviewers and admins of one program (spec 001 §2, §5, §7 Assignments). */
export const programAssignmentRoutes = router().openapi(
  apiRoute('listProgramAssignments', 'token', {
    who: programAdmins,
    method: 'get',
    path: '/programs/{id}/assignments',
    summary: 'The reviewers and admins of a program (Manage Reviewers)',
    tags,
    request: { params: programIdParam },
    responses: { ...jsonOk(programAssignmentsSchema), ...errors(400, 401, 403, 404) },
  }),
  async (c) =>
    c.json(await listProgramAssignments(c.get('deps').db, c.get('actor'), c.req.valid('param').id), 200),
);

const kinds: { segment: string; name: string; label: string; kind: ProgramRole }[] = [
  { segment: 'reviewers', name: 'Reviewer', label: 'reviewer', kind: 'reviewer' },
  { segment: 'admins', name: 'Admin', label: 'admin', kind: 'program_admin' },
];

for (const { segment, name, label, kind } of kinds) {
  programAssignmentRoutes.openapi(
    apiRoute(`addProgram${name}`, 'token', {
      who: programAdmins,
      method: 'post',
      path: `/programs/{id}/${segment}`,
      summary: `Make a user (by email) a ${label} of the program`,
      tags,
      request: { params: programIdParam, ...jsonBody(addAssignmentInput) },
      responses: { ...jsonOk(assignmentChangeSchema), ...errors(400, 401, 403, 404, 422) },
    }),
    (c) => ok(c, ({ db, actor, param, body }) => addProgramAssignment(db, actor, param.id, kind, body)),
  );
  programAssignmentRoutes.openapi(
    apiRoute(`removeProgram${name}`, 'token', {
      who: programAdmins,
      method: 'delete',
      path: `/programs/{id}/${segment}/{userId}`,
      summary: `Remove a ${label} from the program`,
      tags,
      request: { params: userParam },
      responses: { ...jsonOk(assignmentChangeSchema), ...errors(400, 401, 403, 404) },
    }),
    (c) => ok(c, ({ db, actor, param }) => removeProgramAssignment(db, actor, param.id, kind, param.userId)),
  );
}
