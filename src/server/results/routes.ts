import { router } from '../http/openapi';

/** Publishing results, the applicant's results and notifications (issue 5). */
export const resultRoutes = router();
