/** Distinct statements a connection keeps prepared; beyond them a statement is planned each time. */
export const MAX_PREPARED_PER_CONNECTION = 500;
