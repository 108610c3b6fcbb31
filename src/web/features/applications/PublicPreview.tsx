import { useQuery } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useEffect } from 'react';
import { applicationMessages as m } from '../../../shared/domain/applications';
import { windowState } from '../../../shared/domain/programs';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Skeleton, SkeletonText } from '../../components/ui/Skeleton';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/title';
import { useLoginDialog } from '../auth/login-dialog-context';
import { FormPreview } from '../forms/FormPreview';
import { applicationPreviewQuery } from './api';

/**
 * What a signed-out visitor sees at /applications/{id}: a read-only preview of the program's form
 * and the sign-up/log-in dialog; signing in comes back here, into the real application.
 */
export function PublicPreview({ applicationId }: { applicationId: string }) {
  const preview = useQuery(applicationPreviewQuery(applicationId));
  const { openLogin } = useLoginDialog();
  const next = `/applications/${applicationId}`;
  usePageTitle(preview.data?.program_name ?? m.genericPreviewTitle);

  useEffect(() => {
    openLogin(next);
  }, [openLogin, next]);

  const signIn = (
    <div className="flex flex-col gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-blue-900">Sign up or log in to start or continue this application.</p>
      <Button size="sm" onClick={() => openLogin(next)}>
        <LogIn className="size-4" aria-hidden="true" />
        Sign up / Log in
      </Button>
    </div>
  );

  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      {preview.isPending ? (
        <div aria-busy="true" className="space-y-4">
          <Skeleton className="h-8 w-2/3" />
          <SkeletonText lines={4} />
        </div>
      ) : preview.isError ? (
        <div className="space-y-6">
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
          >
            {m.previewFailed}
          </p>
          <Card>
            <h1 className="text-2xl font-bold text-slate-900">{m.genericPreviewTitle}</h1>
            <p className="mt-2 text-slate-700">{m.genericPreviewText}</p>
          </Card>
          {signIn}
        </div>
      ) : (
        <div className="space-y-6">
          <header>
            <p className="text-sm text-slate-600">{preview.data.organization_name}</p>
            <h1 className="mt-1 text-2xl font-bold text-slate-900">{preview.data.program_name}</h1>
            <p className="mt-1 text-sm text-slate-600">
              {preview.data.close_at ? `Deadline ${formatDateTime(preview.data.close_at)}` : 'No deadline'}
            </p>
            {preview.data.program_description && (
              <p className="mt-3 text-slate-700">{preview.data.program_description}</p>
            )}
          </header>
          {(() => {
            const state = windowState(preview.data.open_at, preview.data.close_at, new Date());
            if (state === 'not_open')
              return (
                <p
                  role="status"
                  className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-900"
                >
                  {m.comingSoon}
                </p>
              );
            if (state === 'closed')
              return (
                <div
                  role="status"
                  className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800"
                >
                  <p className="font-semibold">{m.closed}</p>
                  <p className="text-sm">{m.locked}</p>
                </div>
              );
            return null;
          })()}
          {signIn}
          <Card title="Application preview" description="Read-only: sign in to fill it in.">
            <FormPreview form={preview.data.application_schema} />
          </Card>
        </div>
      )}
    </main>
  );
}
