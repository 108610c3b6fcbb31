import { ApiError } from './api';

/** The server refused for lack of permission (403). */
export const isForbidden = (err: unknown) => err instanceof ApiError && err.status === 403;
