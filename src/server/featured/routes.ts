import { router } from '../http/openapi';

/** Super admin: featured manager and org creation requests (issue 6). */
export const featuredRoutes = router();
