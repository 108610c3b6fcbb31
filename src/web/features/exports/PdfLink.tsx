import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { PERSONAL_DATA_NOTICE } from '../../../shared/domain/exports';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { toast } from '../../lib/toast';
import { acceptNotice, noticeQuery } from './api';

export const applicationPdfUrl = (applicationId: string) =>
  `/api/applications/${encodeURIComponent(applicationId)}/pdf`;

/**
 * Opens one application as a PDF in a new tab. Before the user's first download, the personal-data
 * notice (the server refuses the PDF until it is accepted).
 */
export function PdfLink({
  applicationId,
  applicantName,
  size = 'sm',
}: {
  applicationId: string;
  applicantName: string | null;
  size?: 'sm' | 'md';
}) {
  const queryClient = useQueryClient();
  const notice = useQuery(noticeQuery);
  const [asking, setAsking] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const url = applicationPdfUrl(applicationId);
  const label = `PDF of the application of ${applicantName ?? 'this applicant'} (opens in a new tab)`;

  if (notice.data?.accepted_at)
    return (
      <a
        href={url}
        target="_blank"
        rel="noopener"
        aria-label={label}
        className={buttonClasses({ variant: 'secondary', size })}
      >
        <FileText aria-hidden="true" className="size-4" />
        PDF
      </a>
    );

  async function accept() {
    setAccepting(true);
    // Opened in the click, so no pop-up blocker stops it; it loads once the answer is saved.
    const tab = window.open('about:blank', '_blank');
    try {
      queryClient.setQueryData(noticeQuery.queryKey, await acceptNotice());
      setAsking(false);
      if (tab) tab.location.href = url;
      else window.location.href = url;
    } catch (err) {
      tab?.close();
      toast.error(err instanceof Error ? err.message : 'Could not save your answer. Please try again.');
    } finally {
      setAccepting(false);
    }
  }

  return (
    <>
      <Button variant="secondary" size={size} aria-label={label} onClick={() => setAsking(true)}>
        <FileText aria-hidden="true" className="size-4" />
        PDF
      </Button>
      <Dialog
        open={asking}
        onOpenChange={(open) => !accepting && setAsking(open)}
        title={PERSONAL_DATA_NOTICE.title}
        description={PERSONAL_DATA_NOTICE.body}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(false)} disabled={accepting}>
              Cancel
            </Button>
            <Button onClick={() => void accept()} loading={accepting}>
              {PERSONAL_DATA_NOTICE.confirm}
            </Button>
          </>
        }
      />
    </>
  );
}
