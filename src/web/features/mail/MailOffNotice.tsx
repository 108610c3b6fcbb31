import { useQuery } from '@tanstack/react-query';
import { MailX } from 'lucide-react';
import { cn } from '../../components/ui/cn';
import { mailOffQuery } from '../../lib/session';

/**
 * Said before an action that promises an email, while mail is off on this server (MAIL=off, or no
 * SMTP_URL outside demo mode; decision 054): nobody will receive it.
 */
export function MailOffNotice({ what, className }: { what: string; className?: string }) {
  const { data: mailOff } = useQuery(mailOffQuery);
  if (!mailOff) return null;
  return (
    <p
      role="note"
      className={cn(
        'flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900',
        className,
      )}
    >
      <MailX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <strong className="font-semibold">Mail is off on this server.</strong> {what} will not be sent to
        anyone.
      </span>
    </p>
  );
}
