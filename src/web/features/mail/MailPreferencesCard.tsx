import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailPreferences } from '../../../shared/schemas/mail';
import { Checkbox } from '../../components/ui/Checkbox';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { categoryLabels, mailPreferencesQuery, saveMailPreferences } from './api';

/** Profile settings: which optional emails to get. Receipts and results always come. */
export function MailPreferencesCard() {
  const queryClient = useQueryClient();
  const prefs = useQuery(mailPreferencesQuery);
  const save = useMutation({
    mutationFn: saveMailPreferences,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: mailPreferencesQuery.queryKey });
      const before = queryClient.getQueryData(mailPreferencesQuery.queryKey);
      if (before) queryClient.setQueryData(mailPreferencesQuery.queryKey, { ...before, ...change });
      return { before };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(mailPreferencesQuery.queryKey, saved);
      toast.success('Email preferences saved.');
    },
    onError: (err, _change, context) => {
      if (context?.before) queryClient.setQueryData(mailPreferencesQuery.queryKey, context.before);
      toast.error(err instanceof ApiError ? err.message : 'Save failed.');
    },
  });

  return (
    <section
      aria-labelledby="email-prefs-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="email-prefs-heading" className="text-lg font-semibold text-slate-900">
        Email preferences
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Receipts for your applications and your results are always sent. Choose what else you get.
      </p>
      {prefs.isPending ? (
        <p role="status" className="mt-4 text-sm text-slate-600">
          Loading…
        </p>
      ) : prefs.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-800">
          Failed to load your email preferences.
        </p>
      ) : (
        <div className="mt-4 flex flex-col gap-4">
          {(Object.keys(categoryLabels) as (keyof MailPreferences)[]).map((key) => (
            <Checkbox
              key={key}
              label={categoryLabels[key].title}
              hint={categoryLabels[key].description}
              checked={prefs.data[key]}
              disabled={save.isPending}
              onCheckedChange={(on) => save.mutate({ [key]: on })}
            />
          ))}
        </div>
      )}
    </section>
  );
}
