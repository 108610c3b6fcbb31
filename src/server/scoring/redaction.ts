import { sql } from 'drizzle-orm';
import {
  answersForReviewer,
  attachmentName,
  formForReviewer,
  type ReviewerView,
  snapshotForReviewer,
} from '../../shared/domain/blind-review';
import { visibleAnswers } from '../../shared/domain/conditions';
import type { ApplicationForm } from '../../shared/schemas/forms';
import type { Db } from '../db/client';
import { rows } from './queries';

/**
 * A file link that names no one: `ref:<file id>/<n>` instead of a path (old objects' paths hold the
 * owner's id and the file name); `n` is the file's place, so it downloads as "Attachment n.ext".
 */
export const FILE_REF_PREFIX = 'ref:';

type FileLike = { filePath: string; fileName: string } & Record<string, unknown>;
const isFileLike = (v: unknown): v is FileLike =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as FileLike).filePath === 'string' &&
  typeof (v as FileLike).fileName === 'string';

function collectPaths(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) for (const v of value) collectPaths(v, into);
  else if (isFileLike(value)) into.add(value.filePath);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collectPaths(v, into);
}

/**
 * Answers and profile files as a blind program's reviewers get them: each file's path becomes an
 * opaque reference (files/service.ts signs and serves it), its name "Attachment N.ext", and the
 * uploader's id is dropped. One statement for all the files in `values`.
 */
export async function blindFiles<T extends unknown[]>(db: Db, values: T): Promise<T> {
  const paths = new Set<string>();
  for (const v of values) collectPaths(v, paths);
  if (paths.size === 0) return values;
  const found = await rows(
    db,
    sql`select id, path from files
      where path in (select jsonb_array_elements_text(${JSON.stringify([...paths])}::jsonb))`,
  );
  const idOf = new Map(found.map((r) => [String(r.path), String(r.id)]));
  let n = 0;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (isFileLike(value)) {
      const { uploadedBy: _by, filePath, fileName, ...rest } = value;
      const id = idOf.get(filePath);
      n += 1;
      return {
        ...rest,
        fileName: attachmentName(n, fileName),
        filePath: id ? `${FILE_REF_PREFIX}${id}/${n}` : `${FILE_REF_PREFIX}missing`,
      };
    }
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return values.map(walk) as T;
}

/** What a reviewer is sent of an application: hidden questions left out, identity removed when blind. */
export async function applicationForReviewer(
  db: Db,
  view: ReviewerView,
  input: {
    form: ApplicationForm;
    answers: Record<string, unknown>;
    snapshot: Record<string, unknown> | null;
  },
) {
  const form = formForReviewer(input.form, view);
  // Never an answer to a question its conditions hide (decision 057), whatever was stored before;
  // in form order, so files are numbered as the PDF and the dossier number them.
  const visible = visibleAnswers(input.form, input.answers);
  const keys = form.questions.map((q) => q.key);
  const answers = answersForReviewer(
    Object.fromEntries(
      [...keys, ...Object.keys(visible).filter((k) => !keys.includes(k))]
        .filter((k) => Object.hasOwn(visible, k))
        .map((k) => [k, visible[k]]),
    ),
    view,
  );
  const snapshot = snapshotForReviewer(input.snapshot, view);
  if (!view.hideIdentity) return { form, answers, snapshot };
  const [blindAnswers, blindSnapshot] = await blindFiles(db, [answers, snapshot]);
  return {
    form,
    answers: blindAnswers as Record<string, unknown>,
    snapshot: blindSnapshot as Record<string, unknown> | null,
  };
}
