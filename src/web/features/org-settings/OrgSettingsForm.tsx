import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ORG_DESCRIPTION_MAX, ORG_NAME_MAX, type OrgSettings } from '../../../shared/schemas/orgs';
import { Button } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { Input, Textarea } from '../../components/ui/Field';
import { SkeletonText } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { FileUpload } from '../files/FileUpload';
import { orgSettingsQuery, removeOrgLogo, saveOrgSettings } from './api';

interface Draft {
  name: string;
  description: string;
  website: string;
  contact_email: string;
}

const draftOf = (s: OrgSettings): Draft => ({
  name: s.name,
  description: s.description ?? '',
  website: s.website ?? '',
  contact_email: s.contact_email ?? '',
});

/**
 * The organization's settings (issue 19 item 3): name, short description, website, contact email
 * (the reply-to of its emails) and logo. The org admin's settings page and the super admin's
 * organization editor both use it: they edit the same record.
 */
export function OrgSettingsForm({ slug, onSaved }: { slug: string; onSaved?: (s: OrgSettings) => void }) {
  const queryClient = useQueryClient();
  const settings = useQuery(orgSettingsQuery(slug));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const firstError = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (settings.data && !draft) setDraft(draftOf(settings.data));
  }, [settings.data, draft]);

  const apply = (s: OrgSettings) => {
    queryClient.setQueryData(orgSettingsQuery(slug).queryKey, s);
    // The public page, lists and hub titles show the name at once.
    void queryClient.invalidateQueries({ queryKey: ['org', slug] });
    void queryClient.invalidateQueries({ queryKey: ['capabilities'] });
    void queryClient.invalidateQueries({ queryKey: ['governance'] });
    void queryClient.invalidateQueries({ queryKey: ['discovery', 'orgs'] });
  };

  const save = useMutation({
    mutationFn: (d: Draft) => saveOrgSettings(slug, d),
    onMutate: () => setErrors({}),
    onSuccess: (res) => {
      apply(res.settings);
      setDraft(draftOf(res.settings));
      toast.success(res.message);
      onSaved?.(res.settings);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields) {
        setErrors(err.fields);
        // Focus the first field in error.
        requestAnimationFrame(() =>
          firstError.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
        );
      } else toast.error(err instanceof ApiError ? err.message : 'Save failed.');
    },
  });

  if (settings.isPending || (settings.data && !draft))
    return <SkeletonText lines={6} label="Loading the settings…" />;
  if (settings.isError)
    return (
      <ErrorState
        message="Failed to load the organization settings"
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  const d = draft!;
  const set = (key: keyof Draft) => (value: string) => setDraft({ ...d, [key]: value });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!d.name.trim()) {
      setErrors({ name: 'Organization name is required.' });
      requestAnimationFrame(() =>
        firstError.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    save.mutate(d);
  }

  return (
    <form ref={firstError} onSubmit={submit} noValidate className="flex flex-col gap-5">
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          Please correct the fields marked below.
        </p>
      )}
      <Input
        label="Name"
        required
        maxLength={ORG_NAME_MAX}
        value={d.name}
        onChange={(e) => set('name')(e.target.value)}
        error={errors.name}
        hint="Shown on the public page, and as the sender of the organization’s emails."
      />
      <Textarea
        label="Short description"
        rows={4}
        maxLength={ORG_DESCRIPTION_MAX}
        value={d.description}
        onChange={(e) => set('description')(e.target.value)}
        error={errors.description}
        hint={`${d.description.length}/${ORG_DESCRIPTION_MAX} characters`}
      />
      <Input
        label="Website"
        type="url"
        inputMode="url"
        placeholder="https://example.org"
        value={d.website}
        onChange={(e) => set('website')(e.target.value)}
        error={errors.website}
      />
      <Input
        label="Contact email"
        type="email"
        autoComplete="email"
        value={d.contact_email}
        onChange={(e) => set('contact_email')(e.target.value)}
        error={errors.contact_email}
        hint="Replies to the organization’s emails (receipts, results) go here. Shown on the public page."
      />
      <FileUpload
        purpose="logo"
        orgSlug={slug}
        label="Logo"
        value={settings.data.logo}
        onUploaded={() => {
          void settings.refetch().then((r) => r.data && apply(r.data));
          toast.success('Logo uploaded.');
        }}
        onRemove={async () => {
          const res = await removeOrgLogo(slug);
          apply(res.settings);
          toast.success(res.message);
        }}
        failureMessage="The logo could not be uploaded."
      />
      {settings.data.logo_url && (
        <div className="flex items-center gap-3">
          <img
            src={settings.data.logo_url}
            alt={`${settings.data.name} logo`}
            className="size-16 rounded-lg border border-slate-200 bg-white object-contain"
          />
          <p className="text-sm text-slate-600">As it appears on the public page and in emails.</p>
        </div>
      )}
      <div>
        <Button type="submit" loading={save.isPending}>
          Save settings
        </Button>
      </div>
    </form>
  );
}
