import type { InboxStatus } from '../../../shared/schemas/reviews';
import { DownloadButtons } from '../exports/DownloadButtons';

const enc = encodeURIComponent;

/**
 * The inbox as a file, in the view on screen: one program's applications with every answer (one
 * column per question), or, for all programs, the inbox table itself.
 */
export function InboxDownloads({
  orgSlug,
  status,
  programId,
}: {
  orgSlug: string;
  status: InboxStatus;
  programId: string | undefined;
}) {
  return programId ? (
    <DownloadButtons
      what="Applications"
      url={(format) =>
        `/api/programs/${enc(programId)}/exports/applications?format=${format}&status=${status}`
      }
      hint="Every application in this view with all its answers, profile details, files and review."
    />
  ) : (
    <DownloadButtons
      what="Inbox"
      url={(format) => `/api/orgs/${enc(orgSlug)}/exports/inbox?format=${format}&status=${status}`}
      hint="This table for every program. Choose a program to download its applications with all their answers."
    />
  );
}
