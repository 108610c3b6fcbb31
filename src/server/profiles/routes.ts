import { router } from '../http/openapi';

/** The applicant's reusable profile (issue 4). */
export const profileRoutes = router();
