import { router } from '../http/openapi';

/** Uploads and signed download links (issue 4). */
export const fileRoutes = router();
