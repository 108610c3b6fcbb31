import type { ReactPromise } from 'react';
import type { Question } from '../../../shared/schemas/forms';
import type { FilePreview } from '../files/FilePreview';
import type { FileUpload } from '../files/FileUpload';
import type { LetterRequests } from '../letters/LetterRequests';
import type { TableField } from './TableField';

/**
 * Code a question type needs that most forms do not: loaded once, on first use or when a page starts
 * it early (the application route starts the parts its form needs with the application's data). Once
 * loaded, the promise says so the way React's `use()` reads it (`status` and `value`), so a question
 * rendered after that shows its parts in the same commit instead of a fallback first. A failed load is
 * tried again on the next call.
 */
function part<T>(load: () => Promise<T>): () => ReactPromise<T> {
  let pending: ReactPromise<T> | null = null;
  return () => {
    if (!pending) {
      const loading = load();
      loading.then(
        (value) => {
          Object.assign(loading, { status: 'fulfilled', value });
        },
        () => {
          pending = null;
        },
      );
      pending = loading;
    }
    return pending;
  };
}

export interface FileAnswerParts {
  FileUpload: typeof FileUpload;
  FilePreview: typeof FilePreview;
}

/** A file answer's upload and preview (with the upload's dialogs), one load for every file question. */
export const loadFileAnswerParts = part(() =>
  Promise.all([import('../files/FileUpload'), import('../files/FilePreview')]).then(
    ([upload, preview]): FileAnswerParts => ({
      FileUpload: upload.FileUpload,
      FilePreview: preview.FilePreview,
    }),
  ),
);

/** A table question's rows, cells and live total (decision 060). */
export const loadTableField = part(() =>
  import('./TableField').then((m): { TableField: typeof TableField } => ({ TableField: m.TableField })),
);

/** A reference-letter question's requests (decision 065), with its dialogs and queries. */
export const loadLetterRequests = part(() =>
  import('../letters/LetterRequests').then((m): { LetterRequests: typeof LetterRequests } => ({
    LetterRequests: m.LetterRequests,
  })),
);

/** Starts loading the parts the form's question types need (the application route, with its data). */
export function loadFormParts(questions: readonly Pick<Question, 'type'>[]): void {
  const types = new Set(questions.map((q) => q.type));
  if (types.has('file')) void loadFileAnswerParts();
  if (types.has('table')) void loadTableField();
  if (types.has('reference_letter')) void loadLetterRequests();
}
