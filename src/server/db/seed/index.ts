import type { Db } from '../client';

export interface SeedOptions {
  /** Also create the demo accounts and the rich demo data set. */
  demo: boolean;
}

/** Idempotent: safe on every start. */
export async function seed(_db: Db, _options: SeedOptions): Promise<void> {}
