import { useQuery } from '@tanstack/react-query';
import type { AdminProgram } from '../../../shared/schemas/programs';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { ErrorState } from '../../components/ui/ErrorState';
import { SkeletonText } from '../../components/ui/Skeleton';
import { toast } from '../../lib/toast';
import { FormPreview } from '../forms/FormPreview';
import { programPreviewQuery, useForbiddenRedirect } from '../programs-admin/api';

/** The application as applicants will see it (pending form while one awaits approval). Submit does nothing. */
export function PreviewDialog({ program, onClose }: { program: AdminProgram | null; onClose: () => void }) {
  return (
    <Dialog
      open={program !== null}
      onOpenChange={(open) => !open && onClose()}
      title={program ? `Preview: ${program.name}` : 'Preview'}
      description={program ? `${program.organization_name} · Application preview` : undefined}
      size="lg"
    >
      {program && <PreviewBody id={program.id} />}
    </Dialog>
  );
}

function PreviewBody({ id }: { id: string }) {
  const preview = useQuery(programPreviewQuery(id));
  useForbiddenRedirect(preview.error);
  if (preview.isPending) return <SkeletonText lines={6} />;
  if (preview.isError)
    return (
      <ErrorState
        message="Unable to load application preview"
        onRetry={() => void preview.refetch()}
        retrying={preview.isFetching}
      />
    );
  return (
    <div className="space-y-6">
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
        {preview.data.source === 'pending'
          ? 'Showing the changes waiting for approval.'
          : 'Showing the current application form.'}
      </p>
      <FormPreview form={preview.data.form} />
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button onClick={() => toast.info('This is a preview. Applications cannot be submitted here.')}>
          Submit
        </Button>
      </div>
    </div>
  );
}
