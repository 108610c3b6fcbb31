import { MessageSquare } from 'lucide-react';

/** "2 unread messages" beside an application in My Submissions and the admin inbox; nothing when none. */
export function UnreadBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  const words = `${count} unread message${count === 1 ? '' : 's'}`;
  return (
    <span
      data-testid="unread-messages"
      className="inline-flex items-center gap-1 rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-900"
    >
      <MessageSquare className="size-3.5" aria-hidden="true" />
      {words}
    </span>
  );
}
