import { eq } from 'drizzle-orm';
import type { ApplicationForm } from '../../shared/schemas/forms';
import type { Db } from '../db/client';
import { perDatabase } from '../db/per-database';
import { applications, programs } from '../db/schema';

/** A program's live form as of one program version (every change of a form bumps the version). */
export interface CachedForm {
  programId: string;
  programVersion: number;
  form: ApplicationForm;
}

/** Most entries remembered per map and database: beyond it the map starts over (a miss costs one read). */
const MAX_ENTRIES = 100_000;

/**
 * Program forms remembered per process and per database handle (decision 014), so a steady autosave
 * needs no read before its write: application id → program id (never changes), program id → form.
 * Only a hint: the write is conditional on the program's version, so a form changed since (here or
 * on another instance) makes the fast write match no row; the locked path then refreshes the entry.
 */
interface Cache {
  programOf: Map<string, string>;
  forms: Map<string, CachedForm>;
}
const cacheOf = perDatabase((): Cache => ({ programOf: new Map(), forms: new Map() }));

function bounded<V>(map: Map<string, V>, key: string, value: V) {
  if (map.size >= MAX_ENTRIES && !map.has(key)) map.clear();
  map.set(key, value);
}

export function rememberForm(db: Db, applicationId: string, entry: CachedForm): void {
  const cache = cacheOf(db);
  bounded(cache.programOf, applicationId, entry.programId);
  const known = cache.forms.get(entry.programId);
  if (!known || known.programVersion <= entry.programVersion) bounded(cache.forms, entry.programId, entry);
}

/** The remembered form of an application's program, read once (one statement) when not yet known. */
export async function formOf(db: Db, applicationId: string): Promise<CachedForm | null> {
  const cache = cacheOf(db);
  const programId = cache.programOf.get(applicationId);
  const known = programId && cache.forms.get(programId);
  if (known) return known;
  const [row] = await db
    .select({ programId: programs.id, programVersion: programs.version, form: programs.form })
    .from(applications)
    .innerJoin(programs, eq(programs.id, applications.programId))
    .where(eq(applications.id, applicationId));
  if (!row) return null;
  rememberForm(db, applicationId, row);
  return row;
}
