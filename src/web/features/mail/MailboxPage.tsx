import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Mail, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { MAILBOX_PAGE } from '../../../shared/schemas/mail';
import { Button } from '../../components/ui/Button';
import { cn, focusRing } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/EmptyState';
import { Input } from '../../components/ui/Field';
import { QueryStates } from '../../components/ui/QueryStates';
import { SkeletonText } from '../../components/ui/Skeleton';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/title';
import { SuperAdminPage } from '../super/SuperAdminPage';
import { mailboxQuery } from './api';

/** The built-in mailbox (no SMTP_URL): every email the app delivered, newest first. Super admins. */
export function MailboxPage() {
  usePageTitle('Mailbox');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const list = useQuery({ ...mailboxQuery(q, offset, MAILBOX_PAGE), placeholderData: keepPreviousData });

  function submit(e: FormEvent) {
    e.preventDefault();
    setOffset(0);
    setQ(draft.trim());
  }

  const total = list.data?.total ?? 0;
  return (
    <SuperAdminPage
      eyebrow="Super Admin"
      title="Mailbox"
      description="Without SMTP_URL, emails are delivered here instead of to their recipients: each as its recipient would see it."
    >
      <form onSubmit={submit} aria-label="Search the mailbox" className="mt-6 flex flex-wrap items-end gap-2">
        <Input
          label="Search by recipient or subject"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          className="min-w-0 flex-1 sm:max-w-md"
          autoComplete="off"
        />
        <Button type="submit" variant="secondary">
          <Search className="size-4" aria-hidden="true" />
          Search
        </Button>
      </form>
      <div className="mt-4">
        <QueryStates
          query={list}
          loading={<SkeletonText lines={6} label="Loading the mailbox…" />}
          error="Failed to load the mailbox"
          isEmpty={(data) => data.items.length === 0}
          empty={
            <EmptyState
              icon={<Mail />}
              title={q ? 'No emails match your search.' : 'No emails yet.'}
              description={
                q
                  ? 'Try another address or subject.'
                  : 'Emails appear here as the app sends them: receipts, results, reminders.'
              }
            />
          }
        >
          {(data) => (
            <>
              <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
                {data.items.map((m) => (
                  <li key={m.id}>
                    <Link
                      to="/super/mailbox/$messageId"
                      params={{ messageId: m.id }}
                      className={cn('block px-4 py-3 hover:bg-slate-50', focusRing)}
                    >
                      <span className="flex flex-wrap items-baseline justify-between gap-x-4">
                        <span className="min-w-0 break-words font-medium text-slate-900">{m.subject}</span>
                        <span className="shrink-0 text-sm text-slate-600">
                          {formatDateTime(m.received_at)}
                        </span>
                      </span>
                      <span className="mt-0.5 block break-all text-sm text-slate-600">
                        To {m.to} · from {m.from}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
              <nav
                aria-label="Mailbox pages"
                className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm"
              >
                <p className="text-slate-600">
                  Showing {offset + 1}–{offset + data.items.length} of {total}
                </p>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={offset === 0 || list.isFetching}
                    onClick={() => setOffset(Math.max(0, offset - MAILBOX_PAGE))}
                  >
                    Newer
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={offset + MAILBOX_PAGE >= total || list.isFetching}
                    onClick={() => setOffset(offset + MAILBOX_PAGE)}
                  >
                    Older
                  </Button>
                </div>
              </nav>
            </>
          )}
        </QueryStates>
      </div>
    </SuperAdminPage>
  );
}
