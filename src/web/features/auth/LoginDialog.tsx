import { safeNextPath } from '../../../shared/domain/redirect';
import { Dialog } from '../../components/ui/Dialog';
import { GoogleButtons } from './GoogleButtons';

export type LoginDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where to return after signing in; defaults to the landing URL's `?next=`, then the current page. */
  next?: string | null;
};

/** 'Welcome to ApplyHub': Sign up with Google, or, Log in with Google, and a close button. */
export function LoginDialog({ open, onOpenChange, next }: LoginDialogProps) {
  const searchNext = new URLSearchParams(window.location.search).get('next');
  const target = next ?? (searchNext ? safeNextPath(searchNext) : undefined);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Welcome to ApplyHub"
      description="Sign up or log in with your Google account."
      size="sm"
    >
      <GoogleButtons next={target} />
    </Dialog>
  );
}
