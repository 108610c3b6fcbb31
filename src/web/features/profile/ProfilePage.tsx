import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { ExternalLink, FileText } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { sectionMissing } from '../../../shared/domain/profile-completeness';
import {
  isRequiredProfileField,
  PERSONAL_STATEMENT_MAX,
  type ProfileTextField,
  profileFieldErrors,
  profileFieldSpecs,
  profileSections,
  profileTextFields,
} from '../../../shared/domain/profile-fields';
import type { FileInfo } from '../../../shared/schemas/files';
import type { Profile } from '../../../shared/schemas/profiles';
import {
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  cn,
  ErrorState,
  Input,
  Skeleton,
  Textarea,
} from '../../components/ui';
import { BackLink } from '../../components/ui/BackLink';
import { PageHeader } from '../../components/ui/PageHeader';
import { Stepper } from '../../components/ui/Stepper';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/title';
import { toast } from '../../lib/toast';
import { fileSizeText, openSignedFile } from '../files/api';
import { FileUpload } from '../files/FileUpload';
import { MailPreferencesCard } from '../mail/MailPreferencesCard';
import { profileKey, profileQuery, removePortfolioFile, removeResume, saveProfile } from './api';
import { YourDataCard } from './YourDataCard';

type Draft = Record<ProfileTextField, string> & { emergency_contact_is_parent: boolean };

/** One step per profile section, in the order of profileSections (the ones programs check before a submit). */
const steps = ['Personal Info', 'Family/Emergency Contact', 'Writing', 'Experience/Portfolio'] as const;

/** Which step a field is on (to show a save error where it is). */
const stepOf = (field: ProfileTextField) => profileSections.indexOf(profileFieldSpecs[field].section);

const inputTypes: Partial<Record<string, string>> = { email: 'email', date: 'date' };

function toDraft(p: Profile): Draft {
  const d = {} as Draft;
  for (const f of profileTextFields) d[f] = p[f] ?? '';
  d.emergency_contact_is_parent = p.emergency_contact_is_parent ?? false;
  return d;
}

/** The draft as profile fields (blank → null), to check completeness while typing. */
function typed(d: Draft): Partial<Profile> {
  const out: Partial<Record<ProfileTextField, string | null>> = {};
  for (const f of profileTextFields) out[f] = d[f].trim() || null;
  return out as Partial<Profile>;
}

function sameDraft(a: Draft, b: Draft) {
  return (
    profileTextFields.every((f) => a[f].trim() === b[f].trim()) &&
    a.emergency_contact_is_parent === b.emergency_contact_is_parent
  );
}

export function ProfilePage() {
  usePageTitle('Profile');
  const query = useQuery(profileQuery);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader
        back={<BackLink to="/dashboard">Back to dashboard</BackLink>}
        title="Your Profile"
        description="Fill it in once: programs that use your profile fill their applications from it."
      />
      {query.isPending && (
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-80 w-full" />
        </div>
      )}
      {query.isError && (
        <ErrorState
          message="Failed to load profile"
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {query.isSuccess && <ProfileEditor profile={query.data} />}
      <MailPreferencesCard />
      <YourDataCard />
    </div>
  );
}

function ProfileEditor({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [saved, setSaved] = useState<Draft>(() => toDraft(profile));
  const [draft, setDraft] = useState<Draft>(() => toDraft(profile));
  const [errors, setErrors] = useState<Partial<Record<ProfileTextField, string>>>({});
  const [saving, setSaving] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const dirty = !sameDraft(draft, saved);

  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker({
    shouldBlockFn: () => dirtyRef.current,
    enableBeforeUnload: () => dirtyRef.current,
    withResolver: true,
  });

  function set<K extends keyof Draft>(field: K, value: Draft[K]) {
    setDraft((d) => ({ ...d, [field]: value }));
    setJustSaved(false);
    if (errors[field as ProfileTextField]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function go(next: number) {
    setStep(next);
    setTimeout(() => headingRef.current?.focus(), 0);
  }

  function updateCache(p: Profile) {
    queryClient.setQueryData(profileKey, p);
  }

  async function save() {
    const found = profileFieldErrors(draft);
    const fields = Object.keys(found) as ProfileTextField[];
    if (fields.length) {
      setErrors(found);
      const target = stepOf(fields[0]);
      setStep(target);
      setTimeout(() => document.getElementById(`profile-${fields[0]}`)?.focus(), 0);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const next = await saveProfile(draft);
      updateCache(next);
      const clean = toDraft(next);
      setSaved(clean);
      setDraft(clean);
      setJustSaved(true);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : 'Save failed';
      if (err instanceof ApiError && err.fields) setErrors(err.fields as typeof errors);
      setSaveError(message);
      toast.error(message);
    } finally {
      setSaving(false);
    }
  }

  // Label, input type and required mark come from the profile's one field description.
  const field = (name: ProfileTextField, extra: Partial<Parameters<typeof Input>[0]> = {}) => (
    <Input
      id={`profile-${name}`}
      label={profileFieldSpecs[name].label}
      type={inputTypes[profileFieldSpecs[name].kind]}
      required={isRequiredProfileField(name)}
      value={draft[name]}
      onChange={(e) => set(name, e.target.value)}
      error={errors[name]}
      maxLength={500}
      {...extra}
    />
  );

  return (
    <>
      <Stepper
        steps={steps}
        current={step}
        // Complete only when the step's required fields are filled (as typed), whatever was visited.
        stateOf={(i) =>
          i === step
            ? 'Current'
            : sectionMissing(profileSections[i], { ...profile, ...typed(draft) }).length === 0
              ? 'Complete'
              : 'Upcoming'
        }
        onSelect={go}
        label="Profile steps"
      />
      <Card>
        <form
          className="flex flex-col gap-6"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          noValidate
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2
              ref={headingRef}
              tabIndex={-1}
              className="text-xl font-semibold text-slate-900 focus:outline-none"
            >
              {steps[step]}
            </h2>
            <p className="text-sm text-slate-600">
              Step {step + 1} of {steps.length}
            </p>
          </div>
          <p className="-mt-4 text-sm text-slate-600">
            <span className="text-red-700" aria-hidden="true">
              *
            </span>{' '}
            Needed by programs that use your profile
            {step === 1 && ' (here: at least one way to reach a parent or emergency contact)'}.
          </p>

          {step === 0 && (
            <div className="grid gap-4 sm:grid-cols-2">
              {field('full_name', { autoComplete: 'name', className: 'sm:col-span-2' })}
              {field('given_name', { autoComplete: 'given-name' })}
              {field('family_name', { autoComplete: 'family-name' })}
              {field('date_of_birth', { autoComplete: 'bday' })}
              {field('phone_number', { type: 'tel', autoComplete: 'tel' })}
              {field('email', { autoComplete: 'email', className: 'sm:col-span-2' })}
              <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
                <legend className="mb-2 text-sm font-semibold text-slate-900">
                  Address
                  <span className="ml-0.5 text-red-700" aria-hidden="true">
                    *
                  </span>
                  <span className="font-normal text-slate-600"> (at least one line)</span>
                </legend>
                {field('address_line1', { autoComplete: 'address-line1', className: 'sm:col-span-2' })}
                {field('address_line2', { autoComplete: 'address-line2', className: 'sm:col-span-2' })}
                {field('address_city', { autoComplete: 'address-level2' })}
                {field('address_state', { autoComplete: 'address-level1' })}
                {field('address_postal_code', { autoComplete: 'postal-code' })}
                {field('address_country', { autoComplete: 'country-name' })}
              </fieldset>
            </div>
          )}

          {step === 1 && (
            <div className="flex flex-col gap-6">
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-2 text-sm font-semibold text-slate-900">Parent / guardian</legend>
                {field('parent_guardian_name', { className: 'sm:col-span-2' })}
                {field('parent_guardian_email')}
                {field('parent_guardian_phone', { type: 'tel' })}
              </fieldset>
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <legend className="mb-2 text-sm font-semibold text-slate-900">Emergency contact</legend>
                <Checkbox
                  className="sm:col-span-2"
                  label="Emergency contact is my parent/guardian"
                  checked={draft.emergency_contact_is_parent}
                  onCheckedChange={(v) => set('emergency_contact_is_parent', v)}
                />
                {!draft.emergency_contact_is_parent && (
                  <>
                    {field('emergency_contact_name', { className: 'sm:col-span-2' })}
                    {field('emergency_contact_email')}
                    {field('emergency_contact_phone', { type: 'tel' })}
                  </>
                )}
              </fieldset>
            </div>
          )}

          {step === 2 && (
            <StatementField
              value={draft.personal_statement}
              error={errors.personal_statement}
              onChange={(v) => set('personal_statement', v)}
            />
          )}

          {step === 3 && <FilesStep profile={profile} onProfile={updateCache} />}

          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => go(step - 1)} disabled={step === 0}>
                Previous
              </Button>
              <Button variant="secondary" onClick={() => go(step + 1)} disabled={step === steps.length - 1}>
                Next
              </Button>
            </div>
            <div className="flex items-center gap-3">
              <p aria-live="polite" className="text-sm">
                {justSaved && !dirty && <span className="font-medium text-green-700">Saved!</span>}
                {dirty && !saving && <span className="text-slate-600">Unsaved changes</span>}
                {saveError && !dirty && <span className="font-medium text-red-700">{saveError}</span>}
              </p>
              <Button type="submit" loading={saving}>
                Save Profile
              </Button>
            </div>
          </div>
        </form>
      </Card>
      <ConfirmDialog
        open={blocker.status === 'blocked'}
        onOpenChange={(open) => {
          if (!open && blocker.status === 'blocked') blocker.reset();
        }}
        title="Leave without saving?"
        description="You have unsaved changes to your profile. They will be lost if you leave."
        confirmLabel="Leave"
        cancelLabel="Stay"
        onConfirm={() => {
          if (blocker.status === 'blocked') blocker.proceed();
        }}
      />
    </>
  );
}

function StatementField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  const counterId = useId();
  const over = value.length > PERSONAL_STATEMENT_MAX;
  return (
    <div className="flex flex-col gap-1">
      <Textarea
        id="profile-personal_statement"
        label="Personal statement"
        required
        hint="Tell programs about yourself, your goals and your experience."
        rows={12}
        value={value}
        maxLength={PERSONAL_STATEMENT_MAX}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        aria-describedby={counterId}
      />
      <p
        id={counterId}
        className={cn('self-end text-sm', over ? 'font-medium text-red-700' : 'text-slate-600')}
        aria-live="polite"
      >
        {value.length.toLocaleString('en-US')}/{PERSONAL_STATEMENT_MAX.toLocaleString('en-US')} characters
      </p>
    </div>
  );
}

function FilesStep({ profile, onProfile }: { profile: Profile; onProfile: (p: Profile) => void }) {
  const resumeHelp = useId();
  const portfolioHelp = useId();
  const [removing, setRemoving] = useState<FileInfo | null>(null);
  const [adding, setAdding] = useState(0);

  async function view(file: FileInfo) {
    try {
      await openSignedFile(file.filePath);
    } catch (err) {
      toast.error(
        `Failed to load file: ${err instanceof ApiError ? err.message : 'Unable to generate preview'}`,
      );
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <section className="flex flex-col gap-2" aria-labelledby={`${resumeHelp}-h`}>
        <h3 id={`${resumeHelp}-h`} className="font-semibold text-slate-900">
          Resume
        </h3>
        <p id={resumeHelp} className="text-sm text-slate-600">
          PDF, Word document or text file, smaller than 10MB. Files are saved as soon as they are uploaded.
        </p>
        <FileUpload
          purpose="resume"
          label="Resume"
          required
          describedBy={resumeHelp}
          value={profile.resume_file}
          failureMessage="Failed to upload resume"
          onUploaded={(file) => onProfile({ ...profile, resume_file: file })}
          onRemove={async () => {
            try {
              onProfile(await removeResume());
            } catch (err) {
              toast.error(err instanceof ApiError ? err.message : 'An error occurred.');
              throw err;
            }
          }}
        />
        {profile.resume_file && (
          <Button
            variant="ghost"
            size="sm"
            className="self-start"
            onClick={() => void view(profile.resume_file!)}
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            View resume
          </Button>
        )}
      </section>

      <section className="flex flex-col gap-3" aria-labelledby={`${portfolioHelp}-h`}>
        <h3 id={`${portfolioHelp}-h`} className="font-semibold text-slate-900">
          Portfolio
        </h3>
        <p id={portfolioHelp} className="text-sm text-slate-600">
          Images (JPEG, PNG, GIF, WebP), video (MP4, MOV, AVI), audio (MP3, WAV), PDF, Word or text files,
          each smaller than 50MB.
        </p>
        {profile.profile_files.length === 0 ? (
          <p className="text-sm text-slate-600">No portfolio files yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200">
            {profile.profile_files.map((file) => (
              <li key={file.filePath} className="flex flex-wrap items-center gap-3 p-3">
                <FileText className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{file.fileName}</p>
                  <p className="text-xs text-slate-600">{fileSizeText(file.fileSize)}</p>
                </div>
                <div className="flex gap-2">
                  <Button size="sm" variant="secondary" onClick={() => void view(file)}>
                    View<span className="sr-only"> {file.fileName}</span>
                  </Button>
                  <Button size="sm" variant="danger-ghost" onClick={() => setRemoving(file)}>
                    Remove<span className="sr-only"> {file.fileName}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <FileUpload
          key={adding}
          purpose="portfolio"
          label="Add a portfolio file"
          describedBy={portfolioHelp}
          value={null}
          onUploaded={(file) => {
            onProfile({ ...profile, profile_files: [...profile.profile_files, file] });
            toast.success(`Uploaded ${file.fileName}`);
            setAdding((n) => n + 1);
          }}
        />
      </section>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove this file?"
        description={removing ? `${removing.fileName} will be removed from your portfolio.` : ''}
        confirmLabel="Remove"
        onConfirm={async () => {
          if (!removing) return;
          try {
            onProfile(await removePortfolioFile(removing.filePath));
          } catch (err) {
            toast.error(err instanceof ApiError ? err.message : 'An error occurred.');
            throw err;
          }
        }}
      />
    </div>
  );
}
