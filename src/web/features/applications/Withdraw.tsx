import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { withdrawMessages as w } from '../../../shared/domain/applications';
import { LIMITS } from '../../../shared/domain/limits';
import type { Application, WithdrawState } from '../../../shared/schemas/applications';
import { Button } from '../../components/ui/Button';
import { Textarea } from '../../components/ui/Field';
import { LazyConfirmDialog } from '../../components/ui/LazyConfirmDialog';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { applicationQuery } from './api';

const failed = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Something went wrong');

/**
 * The applicant's way out (issue 31 item 5): a submitted application can be withdrawn, with a
 * confirmation and an optional reason, until its result is published; a withdrawn one says so.
 */
export function ApplicantWithdraw({ app, onChanged }: { app: Application; onChanged: () => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (app.role !== 'owner') return null;
  if (app.status === 'withdrawn')
    return (
      <div
        role="status"
        className="mt-4 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-slate-800"
      >
        <p className="font-semibold">{w.banner}</p>
        {app.withdrawal && <p className="text-sm">Withdrawn {formatDateTime(app.withdrawal.at)}</p>}
      </div>
    );
  if (app.status !== 'submitted') return null;
  async function confirm() {
    try {
      await api<WithdrawState>('POST', `/applications/${encodeURIComponent(app.id)}/withdraw`, {
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
    } catch (err) {
      toast.error(failed(err));
      throw err;
    }
    toast.success(w.withdrawn);
    await queryClient.invalidateQueries({ queryKey: ['me', 'applications'] });
    onChanged();
  }
  return (
    <div className="mt-4 flex justify-end">
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {w.action}
      </Button>
      <LazyConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={w.confirmTitle}
        description={w.confirmBody}
        confirmLabel={w.action}
        onConfirm={confirm}
      >
        <Textarea
          label={w.reasonLabel}
          value={reason}
          maxLength={LIMITS.line}
          rows={3}
          onChange={(e) => setReason(e.target.value)}
        />
      </LazyConfirmDialog>
    </div>
  );
}

/**
 * What the program's admins see on a withdrawn application: who withdrew, when and why, and the
 * way to reinstate it (the server decides who may).
 */
export function WithdrawnNotice({
  applicationId,
  canAdmin,
  onChanged,
}: {
  applicationId: string;
  canAdmin: boolean;
  onChanged: () => void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const app = useQuery({ ...applicationQuery(applicationId), staleTime: 0 });
  const withdrawal = app.data?.withdrawal ?? null;
  async function confirm() {
    try {
      await api<WithdrawState>('POST', `/applications/${encodeURIComponent(applicationId)}/reinstate`);
    } catch (err) {
      toast.error(failed(err));
      throw err;
    }
    toast.success(w.reinstated);
    await queryClient.invalidateQueries({ queryKey: ['application', applicationId] });
    onChanged();
  }
  return (
    <div
      role="status"
      className="mt-4 flex flex-col gap-3 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-slate-800 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="font-semibold">{w.adminBanner}</p>
        {withdrawal && <p className="text-sm">Withdrawn {formatDateTime(withdrawal.at)}</p>}
        {withdrawal?.reason && <p className="text-sm">Reason: {withdrawal.reason}</p>}
      </div>
      {canAdmin && (
        <>
          <Button size="sm" onClick={() => setOpen(true)}>
            {w.reinstate}
          </Button>
          <LazyConfirmDialog
            open={open}
            onOpenChange={setOpen}
            title={`${w.reinstate}?`}
            description="It goes back to the review queues as submitted."
            confirmLabel={w.reinstate}
            destructive={false}
            onConfirm={confirm}
          />
        </>
      )}
    </div>
  );
}
