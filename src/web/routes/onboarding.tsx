import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { AlertCircle } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { safeNextPath } from '../../shared/domain/redirect';
import type { Me } from '../../shared/schemas/me';
import { Button } from '../components/ui/Button';
import { Checkbox } from '../components/ui/Checkbox';
import { Input } from '../components/ui/Field';
import { api } from '../lib/api';
import { meQuery } from '../lib/session';
import { usePageTitle } from '../lib/title';

export const Route = createFileRoute('/onboarding')({
  validateSearch: (search: Record<string, unknown>): { next?: string } =>
    typeof search.next === 'string' ? { next: search.next } : {},
  component: OnboardingPage,
});

/** Where to go once onboarded: the requested page, or the dashboard (never back to the landing). */
function afterOnboarding(next: string | undefined): string {
  const target = safeNextPath(next, '/dashboard');
  return target === '/' ? '/dashboard' : target;
}

/** 'Create your account': name (optional) and the terms box. */
function OnboardingPage() {
  usePageTitle('Create your account');
  const { next } = Route.useSearch();
  const me = useQuery(meQuery);
  const navigate = useNavigate();
  const finished = useRef(false);

  useEffect(() => {
    if (finished.current || !me.isSuccess) return;
    if (me.data === null) void navigate({ to: '/', replace: true });
    else if (me.data.onboarded) void navigate({ to: '/dashboard', replace: true });
  }, [me.isSuccess, me.data, navigate]);

  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex flex-1 items-start justify-center px-4 py-12 focus:outline-none sm:py-20"
    >
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Create your account</h1>
        {me.data && !me.data.onboarded ? (
          <OnboardingForm
            me={me.data}
            onDone={(updated) => {
              finished.current = true;
              return navigate({ href: afterOnboarding(next), replace: true }).then(() => updated);
            }}
          />
        ) : (
          <p className="mt-4 text-slate-600" role="status">
            Loading…
          </p>
        )}
      </div>
    </main>
  );
}

function OnboardingForm({ me, onDone }: { me: Me; onDone: (me: Me) => Promise<unknown> }) {
  const queryClient = useQueryClient();
  const [fullName, setFullName] = useState(me.full_name ?? '');
  const [accepted, setAccepted] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      api<Me>('POST', '/me/onboarding', { full_name: fullName.trim() || null, accept_terms: true }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(meQuery.queryKey, updated);
      await onDone(updated);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!accepted || save.isPending) return;
    save.mutate();
  }

  return (
    <form onSubmit={submit} className="mt-6 flex flex-col gap-5">
      <p className="text-sm text-slate-600">
        Signed in as <span className="font-medium text-slate-800">{me.email}</span>.
      </p>
      {save.isError && (
        <div
          role="alert"
          className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{save.error.message}</p>
        </div>
      )}
      <Input
        label="Full name"
        name="full_name"
        autoComplete="name"
        maxLength={200}
        value={fullName}
        onChange={(e) => setFullName(e.target.value)}
      />
      <Checkbox
        label={
          <>
            I agree to the{' '}
            <Link to="/terms" target="_blank" className="font-medium text-blue-700 underline">
              Terms
            </Link>{' '}
            &amp;{' '}
            <Link to="/privacy" target="_blank" className="font-medium text-blue-700 underline">
              Privacy Policy
            </Link>
          </>
        }
        checked={accepted}
        onCheckedChange={setAccepted}
        required
      />
      <Button type="submit" size="lg" disabled={!accepted} loading={save.isPending}>
        {save.isPending ? 'Saving…' : 'Finish sign up'}
      </Button>
    </form>
  );
}
