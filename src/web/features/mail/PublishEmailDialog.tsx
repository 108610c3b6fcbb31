import { useMutation, useQuery } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { type PublishMode, publishConfirmTitle, type Visibility } from '../../../shared/domain/results';
import type { PublishPreviewInput } from '../../../shared/schemas/results';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { ErrorState } from '../../components/ui/ErrorState';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { publishPreviewQuery, sendTestCopy } from './api';
import { EmailView } from './EmailView';
import { MailOffNotice } from './MailOffNotice';

/**
 * The publish confirmation (issue 19 item 5): how many applicants get the result, what they see, and
 * the exact email one of them receives, rendered by the server from the same template; the admin may
 * send a test copy to themselves first.
 */
export function PublishEmailDialog({
  programId,
  mode,
  applicationIds,
  previewApplicationId,
  visibility,
  fallbackCount,
  describe,
  onOpenChange,
  onConfirm,
}: {
  programId: string;
  /** null: closed. */
  mode: PublishMode | null;
  applicationIds: string[];
  previewApplicationId: string | undefined;
  visibility: Visibility;
  fallbackCount: number;
  describe: (count: number) => string;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => Promise<unknown>;
}) {
  const input: PublishPreviewInput = {
    mode: mode ?? 'all_finalized',
    application_ids: mode === 'selected' ? applicationIds : undefined,
    visibility: { ...visibility, customMessage: visibility.customMessage?.trim() || null },
    preview_application_id: previewApplicationId,
  };
  const preview = useQuery(publishPreviewQuery(programId, input, mode !== null));
  const [busy, setBusy] = useState(false);
  const [tested, setTested] = useState<string | null>(null);
  const test = useMutation({
    mutationFn: () => sendTestCopy(programId, input),
    onMutate: () => setTested(null),
    onSuccess: (res) => setTested(res.message),
  });
  const count = preview.data?.count ?? fallbackCount;

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setTested(null);
    }
  }

  return (
    <Dialog
      open={mode !== null}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) setTested(null);
        onOpenChange(next);
      }}
      title={publishConfirmTitle(count)}
      description={describe(count)}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={busy} disabled={preview.isPending || count === 0}>
            Publish
          </Button>
        </>
      }
    >
      <MailOffNotice what="The results email" className="mb-4" />
      <section aria-labelledby="email-preview-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="email-preview-heading" className="text-base font-semibold text-slate-900">
            The email
          </h3>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => test.mutate()}
            loading={test.isPending}
            disabled={!preview.data}
          >
            <MailCheck className="size-4" aria-hidden="true" />
            Send a test copy to me
          </Button>
        </div>
        <p role="status" className="mt-1 min-h-5 text-sm text-green-800">
          {tested}
        </p>
        {test.isError && (
          <p role="alert" className="text-sm text-red-800">
            {test.error instanceof ApiError ? test.error.message : 'The test copy could not be sent.'}
          </p>
        )}
        <div className="mt-2">
          {preview.isPending ? (
            <div role="status" className="space-y-2">
              <span className="sr-only">Loading the email…</span>
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-64 w-full" />
            </div>
          ) : preview.isError ? (
            <ErrorState
              message="The email preview could not be loaded."
              onRetry={() => void preview.refetch()}
              retrying={preview.isFetching}
            />
          ) : (
            <>
              <p className="mb-3 text-sm text-slate-600">
                {preview.data.to
                  ? `As ${preview.data.to.name || preview.data.to.email} will receive it. Every applicant gets the same email with their own result.`
                  : 'As applicants will receive it.'}
              </p>
              <EmailView
                title="Preview of the results email"
                email={{
                  ...preview.data,
                  to: preview.data.to
                    ? `${preview.data.to.name ? `${preview.data.to.name} ` : ''}<${preview.data.to.email}>`
                    : null,
                }}
              />
            </>
          )}
        </div>
      </section>
    </Dialog>
  );
}
