import type { InboxStatus } from '../../../shared/schemas/reviews';
import { DownloadButtons } from '../exports/DownloadButtons';
import { type InboxNarrowingParams, narrowingParams } from '../reviews/api';

const enc = encodeURIComponent;

/**
 * The inbox as a file, in the view and filters on screen: one program's applications with every
 * answer (one column per question), or, for all programs, the inbox table itself. Programs in
 * stages (decision 066) add their Stage columns.
 */
export function InboxDownloads({
  orgSlug,
  status,
  programId,
  narrowing = {},
}: {
  orgSlug: string;
  status: InboxStatus;
  programId: string | undefined;
  narrowing?: InboxNarrowingParams;
}) {
  return programId ? (
    <DownloadButtons
      what="Applications"
      url={(format) =>
        `/api/programs/${enc(programId)}/exports/applications?format=${format}&status=${status}${narrowingParams(
          { minScore: narrowing.minScore, decision: narrowing.decision },
        )}`
      }
      hint="Every application in this view with all its answers, profile details, files and review."
    />
  ) : (
    <DownloadButtons
      what="Inbox"
      url={(format) =>
        `/api/orgs/${enc(orgSlug)}/exports/inbox?format=${format}&status=${status}${narrowingParams(narrowing)}`
      }
      hint="This table for every program. Choose a program to download its applications with all their answers."
    />
  );
}
