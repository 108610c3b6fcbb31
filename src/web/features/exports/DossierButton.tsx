import { FolderArchive, X } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { sizeText } from './download';
import { useDownload } from './useDownload';

/**
 * Downloads the program dossier (a zip made while it downloads) with a progress bar against the
 * server's size estimate, and a Cancel button.
 */
export function DossierButton({ programId, disabled }: { programId: string; disabled?: boolean }) {
  const { start, cancel, state, dialog } = useDownload();
  const running = state.status === 'running';
  const progress = running ? state.progress : null;
  const share = progress?.total ? Math.min(0.99, progress.received / progress.total) : null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || running}
          loading={running}
          onClick={() => start(`/api/programs/${encodeURIComponent(programId)}/dossier`, 'dossier')}
        >
          <FolderArchive aria-hidden="true" className="size-4" />
          Download dossier (ZIP)
        </Button>
        {running && (
          <Button variant="ghost" size="sm" onClick={cancel}>
            <X aria-hidden="true" className="size-4" />
            Cancel
          </Button>
        )}
      </div>
      {progress && (
        <div className="w-full max-w-sm">
          <div
            role="progressbar"
            aria-label="Dossier download"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={share === null ? undefined : Math.round(share * 100)}
            aria-valuetext={`${sizeText(progress.received)}${progress.total ? ` of about ${sizeText(progress.total)}` : ''}`}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full bg-blue-600 transition-[width] motion-reduce:transition-none"
              style={{ width: `${share === null ? 5 : Math.max(2, share * 100)}%` }}
            />
          </div>
          <p className="mt-1 text-xs text-slate-600 tabular-nums" aria-live="polite">
            {sizeText(progress.received)}
            {progress.total ? ` of about ${sizeText(progress.total)}` : ''}
          </p>
        </div>
      )}
      {!running && (
        <p className="text-xs text-slate-600">
          Every submitted application as a PDF with its files, in a folder per applicant.
        </p>
      )}
      {dialog}
    </div>
  );
}
