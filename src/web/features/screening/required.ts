import { ApiError } from '../../lib/api';

/** The server's refusal to start or submit before a pass of the program's screening (decision 061). */
export const screeningRequired = (err: unknown) =>
  err instanceof ApiError && err.status === 409 && err.fields?.screening === 'required';
