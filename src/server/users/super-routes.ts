import { router } from '../http/openapi';

/** Super admin: users, roles and assignments (issue 6). */
export const superUserRoutes = router();
