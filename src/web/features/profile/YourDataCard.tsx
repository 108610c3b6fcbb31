import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DELETE_ACCOUNT_WORD, privacyMessages } from '../../../shared/domain/privacy';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Dialog } from '../../components/ui/Dialog';
import { Input } from '../../components/ui/Field';
import { ApiError } from '../../lib/api';
import { navigateTo } from '../../lib/navigation';
import { meQuery } from '../../lib/session';
import { toast } from '../../lib/toast';
import { clearAuthIntent, forgetUserData } from '../auth/sign-in';
import { download, sizeText } from '../exports/download';
import { deleteMyAccount } from './api';

/**
 * Your data (issue 33 items 21–22, decision 056): download everything ApplyHub holds about you as a
 * zip, or delete your account after typing the word.
 */
export function YourDataCard() {
  return (
    <Card
      title="Your data"
      description="Download everything ApplyHub holds about you, or delete your account."
    >
      <div className="flex flex-col gap-6">
        <DownloadMyData />
        <DeleteAccount />
      </div>
    </Card>
  );
}

function DownloadMyData() {
  const [received, setReceived] = useState<number | null>(null);
  async function start() {
    setReceived(0);
    try {
      const done = await download('/api/me/data', { onProgress: (p) => setReceived(p.received) });
      toast.success(`Downloaded ${done.fileName}`, { description: sizeText(done.size) });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The download failed. Please try again.');
    } finally {
      setReceived(null);
    }
  }
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-medium text-slate-800">Download my data</h3>
      <p className="text-sm text-slate-600">
        A ZIP file with your profile, applications and answers, results, notifications, the emails we sent
        you, your sign-in sessions (as JSON) and every file you uploaded.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void start()} loading={received !== null}>
          Download my data (ZIP)
        </Button>
        {received !== null && (
          <span className="text-sm text-slate-600" role="status">
            {sizeText(received)} received…
          </span>
        )}
      </div>
    </div>
  );
}

function DeleteAccount() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formId = useId();
  const ready = typed.trim() === DELETE_ACCOUNT_WORD;

  async function confirm() {
    if (!ready) {
      setError(privacyMessages.confirm);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await deleteMyAccount(typed.trim());
      clearAuthIntent();
      await queryClient.cancelQueries();
      forgetUserData(queryClient);
      queryClient.setQueryData(meQuery.queryKey, null);
      toast.success(res.message);
      navigateTo('/');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Delete failed. Please try again.');
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-medium text-slate-800">Delete my account</h3>
      <p className="text-sm text-slate-600">
        Your name, email, profile, answers and files are erased and you are signed out everywhere.
        Organizations keep the status, scores and decisions of applications you submitted, shown as “Deleted
        applicant”. This cannot be undone.
      </p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (busy) return;
          setOpen(next);
          if (!next) {
            setTyped('');
            setError(null);
          }
        }}
        title="Delete your account?"
        description="Your personal data is erased for good. You will be signed out."
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" type="submit" form={formId} loading={busy} disabled={!ready}>
              Delete my account
            </Button>
          </>
        }
      >
        <form
          id={formId}
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <Input
            label={`Type ${DELETE_ACCOUNT_WORD} to confirm`}
            value={typed}
            autoComplete="off"
            onChange={(e) => setTyped(e.target.value)}
            error={error ?? undefined}
          />
        </form>
      </Dialog>
    </div>
  );
}
