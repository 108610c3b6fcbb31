import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { formatDateTime } from '../../lib/format';
import { mailDeliveryQuery } from './api';

function Count({
  icon,
  label,
  value,
  tone,
}: {
  icon: ReactNode;
  label: string;
  value: number;
  tone: string;
}) {
  return (
    <div className="flex flex-col items-start gap-1 rounded-lg border border-slate-200 bg-white px-3 py-3 sm:flex-row sm:items-center sm:gap-3 sm:px-4">
      <span className={cn('shrink-0', tone)}>{icon}</span>
      <span>
        <span className="block text-2xl font-semibold text-slate-900">{value}</span>
        <span className="block text-sm text-slate-600">{label}</span>
      </span>
    </div>
  );
}

/** Issue 19 item 8: the program's result emails — sent, on their way, failed (which addresses, why). */
export function DeliveryStatus({ programId }: { programId: string }) {
  const delivery = useQuery(mailDeliveryQuery(programId));
  const d = delivery.data;
  return (
    <section aria-labelledby="delivery-heading" className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="delivery-heading" className="text-lg font-semibold text-slate-900">
          Email delivery
        </h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void delivery.refetch()}
          loading={delivery.isFetching && !delivery.isPending}
        >
          Refresh
        </Button>
      </div>
      <p className="mt-1 text-sm text-slate-600">Result emails and correction notices of this program.</p>
      {delivery.isPending ? (
        <p className="mt-3 text-sm text-slate-600">Loading…</p>
      ) : delivery.isError || !d ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          Failed to load the delivery status.
        </p>
      ) : (
        <>
          {(d.mail_off || d.not_sent > 0) && (
            <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {d.not_sent === 1 ? '1 email' : `${d.not_sent} emails`} not sent: mail is off.
            </p>
          )}
          <div className="mt-3 grid grid-cols-3 gap-2 sm:gap-3">
            <Count
              icon={<CheckCircle2 className="size-6" aria-hidden="true" />}
              label="Sent"
              value={d.sent}
              tone="text-green-700"
            />
            <Count
              icon={<Clock className="size-6" aria-hidden="true" />}
              label="Pending"
              value={d.pending}
              tone="text-amber-600"
            />
            <Count
              icon={<AlertTriangle className="size-6" aria-hidden="true" />}
              label="Failed"
              value={d.failed}
              tone="text-red-700"
            />
          </div>
          {d.failures.length > 0 && (
            <div className="mt-4 overflow-x-auto rounded-xl border border-red-200 bg-white">
              <table className="w-full text-left text-sm">
                <caption className="px-4 pt-3 text-left font-medium text-red-800">
                  Not delivered
                  {d.failures_total > d.failures.length
                    ? ` (newest ${d.failures.length} of ${d.failures_total})`
                    : ''}
                </caption>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="px-4 py-2 font-medium">
                      Address
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Reason
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium whitespace-nowrap">
                      When
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.failures.map((f) => (
                    <tr
                      key={`${f.address}-${f.at}-${f.kind}`}
                      className="border-b border-slate-100 align-top last:border-0"
                    >
                      <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                        <span className="break-all">{f.address}</span>
                        {f.applicant_name && (
                          <span className="block font-normal text-slate-600">{f.applicant_name}</span>
                        )}
                      </th>
                      <td className="px-4 py-2 break-words text-slate-800">{f.reason || 'Unknown reason'}</td>
                      <td className="px-4 py-2 whitespace-nowrap text-slate-600">{formatDateTime(f.at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
