import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { deadlineMessages as d, MAX_GRACE_MINUTES } from '../../../shared/domain/deadlines';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ErrorState } from '../../components/ui/ErrorState';
import { Input } from '../../components/ui/Field';
import { SkeletonText } from '../../components/ui/Skeleton';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';

const graceQuery = (programId: string) => ({
  queryKey: ['grace-period', programId],
  queryFn: () => api<{ minutes: number }>('GET', `/programs/${encodeURIComponent(programId)}/grace-period`),
});

/**
 * The program-wide grace period (issue 31 item 3): minutes after close during which drafts already
 * started may still be submitted, marked late. Off (0) by default.
 */
export function GracePeriodCard({ programId }: { programId: string }) {
  const queryClient = useQueryClient();
  const query = useQuery(graceQuery(programId));
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (query.data && value === null) setValue(String(query.data.minutes));
  }, [query.data, value]);
  async function save() {
    const minutes = Number(value);
    if (!Number.isInteger(minutes) || minutes < 0 || minutes > MAX_GRACE_MINUTES)
      return setError(`Enter whole minutes from 0 to ${MAX_GRACE_MINUTES}.`);
    setError(null);
    setSaving(true);
    try {
      await api('PUT', `/programs/${encodeURIComponent(programId)}/grace-period`, { minutes });
      toast.success(d.graceSaved);
      await queryClient.invalidateQueries({ queryKey: ['grace-period', programId] });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'Save failed');
    } finally {
      setSaving(false);
    }
  }
  return (
    <Card
      title="Grace period"
      description="Drafts already started can still be submitted this many minutes after close; they are marked late. 0 turns it off."
    >
      {query.isPending ? (
        <SkeletonText lines={2} label="Loading grace period…" />
      ) : query.isError ? (
        <ErrorState message="Unable to load the grace period" onRetry={() => void query.refetch()} />
      ) : (
        <div className="mt-3 flex flex-col gap-3">
          <Input
            label={d.graceLabel}
            type="number"
            min={0}
            max={MAX_GRACE_MINUTES}
            value={value ?? ''}
            onChange={(e) => setValue(e.target.value)}
            error={error ?? undefined}
          />
          <Button onClick={save} loading={saving} className="self-start">
            Save grace period
          </Button>
        </div>
      )}
    </Card>
  );
}
