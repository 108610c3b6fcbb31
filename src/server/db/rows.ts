/** The rows of a `db.execute` result: PGlite and node-postgres both answer `{ rows }`; some drivers an array. */
export const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? r : (r as { rows: T[] }).rows);
