import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { CSV_FORMULA_NOTE, PERSONAL_DATA_NOTICE } from '../../../shared/domain/exports';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { acceptNotice, noticeQuery } from './api';
import { type DownloadProgress, download, sizeText } from './download';

export type DownloadState =
  | { status: 'idle' }
  | { status: 'running'; label: string; progress: DownloadProgress }
  | { status: 'done'; label: string; fileName: string; size: number };

/**
 * Downloads from the API with the personal-data notice first (shown once per user: the server keeps
 * the answer and refuses downloads without it), progress while the bytes arrive, a way to cancel,
 * and the outcome as a toast. Render `dialog` somewhere in the component.
 */
export function useDownload(): {
  start: (url: string, label: string) => void;
  cancel: () => void;
  state: DownloadState;
  dialog: ReactNode;
} {
  const queryClient = useQueryClient();
  const [state, setState] = useState<DownloadState>({ status: 'idle' });
  const [pending, setPending] = useState<{ url: string; label: string } | null>(null);
  const [accepting, setAccepting] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = useCallback(
    async (url: string, label: string) => {
      const controller = new AbortController();
      abort.current = controller;
      setState({ status: 'running', label, progress: { received: 0, total: null } });
      try {
        const done = await download(url, {
          signal: controller.signal,
          onProgress: (progress) => setState({ status: 'running', label, progress }),
        });
        setState({ status: 'done', label, ...done });
        toast.success(`Downloaded ${done.fileName}`, { description: sizeText(done.size) });
      } catch (err) {
        setState({ status: 'idle' });
        if (controller.signal.aborted) {
          toast.info('Download cancelled.');
          return;
        }
        if (err instanceof ApiError && err.status === 409 && err.fields?.notice) {
          queryClient.setQueryData(noticeQuery.queryKey, { accepted_at: null });
          setPending({ url, label });
          return;
        }
        toast.error(err instanceof Error ? err.message : 'The download failed. Please try again.');
      } finally {
        if (abort.current === controller) abort.current = null;
      }
    },
    [queryClient],
  );

  const start = useCallback(
    (url: string, label: string) => {
      void (async () => {
        let notice = queryClient.getQueryData(noticeQuery.queryKey);
        if (!notice) {
          try {
            notice = await queryClient.fetchQuery(noticeQuery);
          } catch (err) {
            toast.error(err instanceof Error ? err.message : 'The download failed. Please try again.');
            return;
          }
        }
        if (!notice.accepted_at) setPending({ url, label });
        else void run(url, label);
      })();
    },
    [queryClient, run],
  );

  async function accept() {
    if (!pending) return;
    setAccepting(true);
    try {
      queryClient.setQueryData(noticeQuery.queryKey, await acceptNotice());
      const next = pending;
      setPending(null);
      void run(next.url, next.label);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Could not save your answer. Please try again.');
    } finally {
      setAccepting(false);
    }
  }

  const dialog = (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => !open && !accepting && setPending(null)}
      title={PERSONAL_DATA_NOTICE.title}
      description={PERSONAL_DATA_NOTICE.body}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => setPending(null)} disabled={accepting}>
            Cancel
          </Button>
          <Button onClick={() => void accept()} loading={accepting}>
            {PERSONAL_DATA_NOTICE.confirm}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">{CSV_FORMULA_NOTE}</p>
    </Dialog>
  );

  return { start, cancel: () => abort.current?.abort(), state, dialog };
}
