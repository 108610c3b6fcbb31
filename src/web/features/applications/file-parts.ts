import type { ReactPromise } from 'react';
import type { FilePreview } from '../files/FilePreview';
import type { FileUpload } from '../files/FileUpload';

export interface FileAnswerParts {
  FileUpload: typeof FileUpload;
  FilePreview: typeof FilePreview;
}

let parts: ReactPromise<FileAnswerParts> | null = null;

/**
 * A file answer's upload and preview, loaded once for every file question. The application route
 * starts this with the application's data when its form asks for a file. Once loaded, the promise
 * says so the way React's `use()` reads it (`status` and `value`), so a question rendered after that
 * shows its parts in the same commit instead of a fallback first. A failed load is tried again on the
 * next call.
 */
export function loadFileAnswerParts(): ReactPromise<FileAnswerParts> {
  if (!parts) {
    const loading = Promise.all([import('../files/FileUpload'), import('../files/FilePreview')]).then(
      ([upload, preview]) => ({ FileUpload: upload.FileUpload, FilePreview: preview.FilePreview }),
    );
    loading.then(
      (value) => {
        Object.assign(loading, { status: 'fulfilled', value });
      },
      () => {
        parts = null;
      },
    );
    parts = loading;
  }
  return parts;
}
