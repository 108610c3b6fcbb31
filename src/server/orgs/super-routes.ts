import { router } from '../http/openapi';

/** Super admin: organizations, coalitions and memberships (issue 6). */
export const superOrgRoutes = router();
