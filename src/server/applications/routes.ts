import { router } from '../http/openapi';

/** Applications: load, autosave, submit, signed-out preview, My Submissions (issue 4). */
export const applicationRoutes = router();
