import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { windowState } from '../../../shared/domain/programs';
import { screeningOf } from '../../../shared/domain/screening';
import { checkScreeningAnswers } from '../../../shared/domain/screening-answers';
import type { PublicProgramDetail } from '../../../shared/schemas/public';
import type { ScreeningOutcomeResult } from '../../../shared/schemas/screening';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { cn, focusRing } from '../../components/ui/cn';
import { LinkButton } from '../../components/ui/LinkButton';
import { ApiError, api } from '../../lib/api';
import { usePageTitle } from '../../lib/title';
import { toast } from '../../lib/toast';
import { applicationQuery } from '../applications/api';
import { QuestionField } from '../applications/QuestionField';
import { DashboardShell } from '../dashboard/DashboardShell';

/**
 * The eligibility step before the application (issue 29 item 2, decision 061): the program's few
 * questions; a pass opens the application (started or continued), otherwise the program's message.
 */
export function ScreeningPage({
  program,
  applicationId,
  showReviews,
}: {
  program: PublicProgramDetail;
  /** The applicant's draft, when they come from it (its own deadline may run past the close). */
  applicationId?: string;
  showReviews: boolean;
}) {
  usePageTitle(`Eligibility · ${program.name}`);
  const navigate = useNavigate();
  const screening = screeningOf(program.form);
  const [answers, setAnswers] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const programOpen = windowState(program.open_at, program.close_at, new Date()) === 'open';
  // After the close, an applicant whose own deadline still runs (personal, grace, a late link) answers
  // for their draft; the server decides the same way (decision 061).
  const own = useQuery({
    ...applicationQuery(applicationId ?? ''),
    enabled: !programOpen && !!applicationId,
  });
  const open = programOpen || (own.data?.status === 'draft' && own.data.program.window === 'open');

  const send = useMutation({
    mutationFn: () =>
      api<ScreeningOutcomeResult>('POST', `/programs/${encodeURIComponent(program.id)}/screening`, {
        answers,
      }),
    onSuccess: (res) => {
      if (res.passed && res.application_id) {
        void navigate({ to: '/applications/$appId', params: { appId: res.application_id } });
        return;
      }
      setFailed(res.message);
      setTimeout(() => resultRef.current?.focus(), 0);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 422 && err.fields) {
        setErrors(err.fields);
        setTimeout(() => summaryRef.current?.focus(), 0);
        return;
      }
      if (err instanceof ApiError && err.status === 403) {
        void navigate({ to: '/unauthorized' });
        return;
      }
      toast.error(
        'Could not send your answers. Please try again.',
        err instanceof ApiError && err.status === 409 ? { description: err.message } : undefined,
      );
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!screening) return;
    // Every question is needed: the same check the server makes, so the errors show at once.
    const { problems } = checkScreeningAnswers(screening, answers);
    setErrors(problems);
    if (Object.keys(problems).length) {
      setTimeout(() => summaryRef.current?.focus(), 0);
      return;
    }
    send.mutate();
  };

  const problemList = screening ? screening.questions.filter((q) => errors[q.key]) : [];

  return (
    <DashboardShell showReviews={showReviews}>
      <div className="mx-auto max-w-3xl">
        <p className="text-sm text-slate-500">
          <Link
            to="/programs/$id/apply"
            params={{ id: program.id }}
            className={cn('hover:underline', focusRing)}
          >
            {program.name}
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">
          {failed === null ? 'Before you apply' : 'Not eligible'}
        </h1>

        {failed !== null ? (
          <div
            ref={resultRef}
            tabIndex={-1}
            role="status"
            className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm focus:outline-none"
          >
            <p className="whitespace-pre-line text-base text-slate-800">{failed}</p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <LinkButton to="/browse" variant="secondary">
                Browse other programs
              </LinkButton>
              <Button variant="ghost" onClick={() => setFailed(null)}>
                Change my answers
              </Button>
            </div>
          </div>
        ) : !screening ? (
          <p className="mt-6 text-sm text-slate-700">
            This program asks no eligibility questions.{' '}
            <Link
              to="/programs/$id/apply"
              params={{ id: program.id }}
              className={cn('text-blue-700 underline', focusRing)}
            >
              Go to the application
            </Link>
          </p>
        ) : (
          <form noValidate onSubmit={submit} className="mt-6">
            <Card
              title="Eligibility questions"
              description="Answer these first: they decide whether you can apply to this program."
            >
              {problemList.length > 0 && (
                <div
                  ref={summaryRef}
                  tabIndex={-1}
                  role="alert"
                  className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 focus:outline-2 focus:outline-red-600"
                >
                  <p className="font-semibold">Please answer every eligibility question.</p>
                  <ul className="mt-1 list-disc pl-5">
                    {problemList.map((q) => (
                      <li key={q.key}>{errors[q.key]}</li>
                    ))}
                  </ul>
                </div>
              )}
              <div className="space-y-5">
                {screening.questions.map((q) => (
                  <QuestionField
                    key={q.key}
                    question={q}
                    value={answers[q.key]}
                    applicationId=""
                    editable={open && !send.isPending}
                    error={errors[q.key]}
                    onChange={(v) => {
                      setAnswers((a) => ({ ...a, [q.key]: v }));
                      setErrors(({ [q.key]: _, ...rest }) => rest);
                    }}
                  />
                ))}
              </div>
            </Card>
            {!open && (
              <p role="status" className="mt-4 text-sm font-medium text-amber-900">
                This program is not open for applications.
              </p>
            )}
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
              <LinkButton to="/programs/$id/apply" params={{ id: program.id }} variant="ghost">
                Cancel
              </LinkButton>
              <Button type="submit" loading={send.isPending} disabled={!open}>
                Continue
                {!send.isPending && <ArrowRight className="size-4" aria-hidden="true" />}
              </Button>
            </div>
          </form>
        )}
      </div>
    </DashboardShell>
  );
}
