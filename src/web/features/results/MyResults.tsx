import { EmptyState } from '../../components/ui/EmptyState';

/** My Submissions → Results: the applicant's published results (filled by the results area). */
export function MyResults() {
  return <EmptyState title="No results at this time" />;
}
