import { router } from '../http/openapi';

/** Reviews, review lists, inbox and program assignments (issue 5). */
export const reviewRoutes = router();
