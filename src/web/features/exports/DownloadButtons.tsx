import { Download, X } from 'lucide-react';
import type { ExportFormat } from '../../../shared/domain/exports';
import { Button } from '../../components/ui/Button';
import { sizeText } from './download';
import { useDownload } from './useDownload';

const formatLabels: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'XLSX' };

/**
 * Download buttons for a table: one per format, each a file of exactly what the table shows (the
 * same filters). While a file downloads, its size so far and a Cancel button.
 */
export function DownloadButtons({
  what,
  url,
  hint,
  disabled,
}: {
  /** What the file holds, e.g. 'Applications' (the buttons read 'Applications CSV'). */
  what: string;
  url: (format: ExportFormat) => string;
  hint?: string;
  disabled?: boolean;
}) {
  const { start, cancel, state, dialog } = useDownload();
  const running = state.status === 'running';
  return (
    <div className="flex flex-col gap-1">
      <fieldset aria-label={`Download ${what}`} className="flex flex-wrap items-center gap-2">
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            variant="secondary"
            size="sm"
            disabled={disabled || running}
            loading={running && state.label === format}
            onClick={() => start(url(format), format)}
          >
            <Download aria-hidden="true" className="size-4" />
            {what} {formatLabels[format]}
          </Button>
        ))}
        {running && (
          <>
            <span role="status" className="text-sm text-slate-600 tabular-nums">
              Downloading… {sizeText(state.progress.received)}
            </span>
            <Button variant="ghost" size="sm" onClick={cancel}>
              <X aria-hidden="true" className="size-4" />
              Cancel
            </Button>
          </>
        )}
      </fieldset>
      {hint && <p className="text-xs text-slate-600">{hint}</p>}
      {dialog}
    </div>
  );
}
