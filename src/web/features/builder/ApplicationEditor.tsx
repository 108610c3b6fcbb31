import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useBlocker, useNavigate } from '@tanstack/react-router';
import { AlertTriangle, Eye, Info, Lock, Plus } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { normalizeForm, questionTypeLabels } from '../../../shared/domain/forms';
import { reviewStatusLabel } from '../../../shared/domain/program-status';
import { sortBySection } from '../../../shared/domain/sections';
import { stageOfLabel } from '../../../shared/domain/stages';
import { type ApplicationForm, type Question, questionTypes } from '../../../shared/schemas/forms';
import type { ProgramEditor, SaveResult } from '../../../shared/schemas/programs';
import { BackLink } from '../../components/ui/BackLink';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { cn } from '../../components/ui/cn';
import { Dialog } from '../../components/ui/Dialog';
import { ErrorState } from '../../components/ui/ErrorState';
import { ApiError } from '../../lib/api';
import { useTopic } from '../../lib/realtime';
import { meQuery } from '../../lib/session';
import { usePageTitle } from '../../lib/title';
import { toast } from '../../lib/toast';
import { GracePeriodCard } from '../applications/GracePeriodCard';
import { DashboardShell } from '../dashboard/DashboardShell';
import { FormPreview } from '../forms/FormPreview';
import { LateLinksCard } from '../late-links/LateLinksCard';
import {
  type EditorMode,
  editorQuery,
  programsListPath,
  publishForm,
  saveBody,
  saveForm,
  stagesKey,
  stagesQuery,
} from './api';
import { CommonOptions } from './CommonOptions';
import { CopyFromStage } from './CopyFromStage';
import { EditorSkeleton } from './EditorSkeleton';
import { PublishConfirm, PublishedDialog } from './PublishDialogs';
import { type QuestionFieldRefs, QuestionList } from './QuestionList';
import { firstProblem, newQuestion, type QuestionType } from './questions';
import { ReviewerFormCard } from './ReviewerFormCard';
import { ScheduleCard } from './ScheduleCard';
import { ScreeningEditor } from './ScreeningEditor';
import { SectionsEditor } from './SectionsEditor';
import { inboxHref, StageExplanation, StageSettingsCard } from './StageSettingsCard';
import { type ChainState, StageStrip } from './StageStrip';

const ScoringSettingsCard = lazy(() =>
  import('../scoring/ScoringSettingsCard').then((m) => ({ default: m.ScoringSettingsCard })),
);

const COALITION_NOTE =
  'changes to Common Application Options and Application Builder require super admin approval';

/** The application editor (org, coalition, or the super admin's locked view) of one program. */
export function ApplicationEditor({ programId, mode }: { programId: string; mode: EditorMode }) {
  const me = useQuery(meQuery).data;
  const superAdmin = mode.kind === 'super' || me?.role === 'superadmin';
  const query = useQuery(editorQuery(programId));
  const shell = (children: ReactNode) => (
    <DashboardShell showReviews={mode.kind !== 'coalition'}>{children}</DashboardShell>
  );

  if (!query.data) {
    if (query.isPending) return shell(<EditorSkeleton />);
    const err = query.error;
    if (err instanceof ApiError && [401, 403, 404].includes(err.status))
      return <Navigate to="/unauthorized" replace />;
    return shell(
      <ErrorState
        message={err instanceof ApiError ? err.message : 'Failed to load program.'}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />,
    );
  }
  const program = query.data;
  // The program must belong to the organization (or coalition) in the address.
  const outside =
    (mode.kind === 'org' && program.organization_slug !== mode.orgSlug) ||
    (mode.kind === 'coalition' && !program.coalitions.some((c) => c.slug === mode.coalitionSlug));
  if (outside) return <Navigate to="/unauthorized" replace />;
  return shell(<Editor program={program} mode={mode} superAdmin={superAdmin} />);
}

type Draft = { form: ApplicationForm; version: number };

function Editor({
  program,
  mode,
  superAdmin,
}: {
  program: ProgramEditor;
  mode: EditorMode;
  superAdmin: boolean;
}) {
  usePageTitle(program.name);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const programId = program.id;
  const key = editorQuery(programId).queryKey;

  /** Unsaved local edits and the version they were made on; null when the editor shows the server's form. */
  const [draft, setDraft] = useState<Draft | null>(null);
  const [editingSubmitted, setEditingSubmitted] = useState(false);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [problem, setProblem] = useState<{ key: string; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [preview, setPreview] = useState<'mine' | 'latest' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [published, setPublished] = useState<SaveResult | null>(null);
  const fieldRefs = useRef<QuestionFieldRefs>(new Map());
  const errorRef = useRef<HTMLParagraphElement>(null);
  const leaving = useRef(false);

  const form = draft?.form ?? program.form;
  const dirty = draft !== null;
  const submitted = program.review_status === 'submitted';
  const locked = superAdmin || (submitted && !editingSubmitted);
  const stale = draft !== null && draft.version !== program.version && busy === null;
  const listPath = programsListPath(mode, superAdmin);

  // Programs in stages (decision 066): the chain this program belongs to, stage 1 first.
  const stagesQ = useQuery(stagesQuery(programId));
  const stageNumber = program.stage_number ?? 1;
  const laterStage = !!program.parent_program_id;
  const stages = stagesQ.data?.items;
  const thisStage = stages?.find((s) => s.id === programId);
  const previousStage = laterStage ? stages?.find((s) => s.stage_number === stageNumber - 1) : undefined;
  const rootStage = laterStage ? stages?.[0] : undefined;
  const orgSlug = mode.kind === 'org' ? mode.orgSlug : null;
  const chain: ChainState = {
    stages,
    pending: stagesQ.isPending,
    failed:
      stagesQ.isError &&
      !(stagesQ.error instanceof ApiError && [401, 403, 404].includes(stagesQ.error.status)),
    retry: () => void stagesQ.refetch(),
    retrying: stagesQ.isFetching,
  };

  // Realtime: another editor or an approval changed the program. Local edits are never replaced silently.
  useTopic(`program:${programId}`, () => {
    void queryClient.refetchQueries({ queryKey: key, exact: true }).then(() => {
      if (queryClient.getQueryState(key)?.status === 'error') toast.error('Failed to refresh program data');
    });
  });

  // Warn before leaving with unsaved changes: in-app navigation (dialog) and tab close (beforeunload).
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker({
    shouldBlockFn: () => dirtyRef.current && !leaving.current,
    enableBeforeUnload: () => dirtyRef.current && !leaving.current,
    withResolver: true,
  });

  function setForm(next: ApplicationForm) {
    setDraft((d) => ({ form: next, version: d?.version ?? program.version }));
    setProblem(null);
    setFormError(null);
  }

  function addQuestion(type: QuestionType) {
    insertQuestion(newQuestion(type, form.questions));
  }

  /** A new question (or one copied from the previous stage) at the end, its label focused. */
  function insertQuestion(q: Question) {
    // A new question goes to the last section.
    const last = form.sections?.[form.sections.length - 1];
    if (last) q.section = last.key;
    // Rendered now, so the new label has focus before the click's task ends: keys typed right after
    // the click land in it (with a timer, under load, the first ones went to the button and were lost).
    flushSync(() => setForm({ ...form, questions: [...form.questions, q] }));
    const input = fieldRefs.current.get(q.key)?.label;
    input?.focus();
    input?.select();
  }

  function validate(): boolean {
    const found = firstProblem(form);
    if (!found) return true;
    const q = form.questions[found.index];
    if (q) {
      setProblem({ key: q.key, message: found.message });
      const refs = fieldRefs.current.get(q.key);
      const target =
        q.label.trim() && (q.type === 'select' || q.type === 'multi_select') ? refs?.options : refs?.label;
      // Rendered by then: a field of the row marked invalid (e.g. a recommender question's) takes focus.
      setTimeout(() => {
        const invalid = document.querySelector<HTMLElement>(
          `li[data-question-key="${CSS.escape(q.key)}"] [aria-invalid="true"]`,
        );
        (invalid ?? target)?.focus();
      }, 0);
    } else {
      setFormError(found.message);
      setTimeout(() => errorRef.current?.focus(), 0);
    }
    return false;
  }

  async function run(kind: 'save' | 'publish') {
    if (!validate()) return;
    const sent = draft;
    const body = saveBody(mode, normalizeForm(form), draft?.version ?? program.version);
    setBusy(kind);
    setFormError(null);
    try {
      const result = await (kind === 'save' ? saveForm : publishForm)(programId, body);
      queryClient.setQueryData(key, result.program);
      // The stage strip shows each stage's status.
      if (chain.stages && chain.stages.length > 1)
        void queryClient.invalidateQueries({ queryKey: stagesKey });
      // Edits made while the request ran stay, now on top of the saved version.
      setDraft((cur) => (cur === sent ? null : cur && { ...cur, version: result.program.version }));
      setConflict(false);
      // A publish ends in a dialog that says the outcome (and gives the public link); a save in a toast.
      if (kind === 'publish') setPublished(result);
      else toast.success(result.message);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setConflict(true);
        toast.error('Someone else changed this program. The latest version was loaded; your edits are kept.');
        await queryClient.refetchQueries({ queryKey: key, exact: true });
      } else if (err instanceof ApiError && err.status === 403) {
        leaving.current = true;
        void navigate({ to: '/unauthorized' });
      } else {
        const fallback = kind === 'save' ? 'Save failed.' : 'Publish failed.';
        const message =
          err instanceof ApiError && err.message && err.message !== 'An error occurred.'
            ? err.message
            : fallback;
        setFormError(message);
        toast.error(message);
      }
    } finally {
      setBusy(null);
    }
  }

  const discard = () => {
    setDraft(null);
    setConflict(false);
    setProblem(null);
    setFormError(null);
  };
  const keepMine = () => {
    setDraft((d) => d && { ...d, version: program.version });
    setConflict(false);
  };

  return (
    <>
      <BackLink to={listPath as never}>Back to programs</BackLink>

      <div className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-slate-900">
            {program.name}
            <span className="sr-only">: </span>
            <span className="block text-base font-medium text-slate-600">Edit Application</span>
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {rootStage && `${stageOfLabel(stageNumber, rootStage.name)} · `}
            {program.organization_name}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge status={program.review_status}>{reviewStatusLabel(program.review_status)}</Badge>
          <SaveIndicator dirty={dirty} busy={busy !== null} />
        </div>
      </div>

      <StageStrip
        programId={programId}
        stageNumber={stageNumber}
        mode={mode}
        canAdd={mode.kind === 'org' && !superAdmin}
        chain={chain}
      />

      <div className="mt-4 space-y-3">
        {previousStage && (
          <Banner tone="neutral" icon={<Info />}>
            <StageExplanation previous={previousStage} orgSlug={orgSlug} />
          </Banner>
        )}
        {superAdmin && (
          <Banner tone="info" icon={<Lock />}>
            You are viewing this editor as a super admin: the form is locked.
          </Banner>
        )}
        {!superAdmin && submitted && (
          <Banner
            tone="info"
            icon={<Info />}
            action={
              editingSubmitted ? (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setEditingSubmitted(false);
                    discard();
                  }}
                >
                  Cancel Edit
                </Button>
              ) : (
                <Button variant="secondary" size="sm" onClick={() => setEditingSubmitted(true)}>
                  Edit
                </Button>
              )
            }
          >
            {editingSubmitted
              ? 'You are editing a program that was submitted for super admin approval. Saving may return it to draft.'
              : 'This program has been submitted for super admin approval. The form is locked until you press Edit.'}
          </Banner>
        )}
        {program.review_status === 'changes_requested' && program.review_note && (
          <Banner tone="warning" icon={<AlertTriangle />}>
            <p>This form has been unpublished and needs super admin approval to republish.</p>
            <p className="mt-1">
              <span className="font-semibold">Note from the super admin:</span>{' '}
              <span className="whitespace-pre-line">{program.review_note}</span>
            </p>
          </Banner>
        )}
        {(program.review_status === 'pending_changes' || program.has_pending) && (
          <Banner tone="info" icon={<Info />}>
            These changes are waiting for super admin approval. The live version stays visible to applicants
            until they are approved.
          </Banner>
        )}
        {mode.kind === 'coalition' && (
          <Banner tone="neutral" icon={<Info />}>
            Note: {COALITION_NOTE}.
          </Banner>
        )}
        {stale && (
          <Banner
            tone="warning"
            icon={<AlertTriangle />}
            live
            action={
              <>
                <Button variant="secondary" size="sm" onClick={() => setPreview('latest')}>
                  Preview latest version
                </Button>
                <Button variant="secondary" size="sm" onClick={keepMine}>
                  Keep my edits
                </Button>
                <Button size="sm" onClick={discard}>
                  Reload
                </Button>
              </>
            }
          >
            {conflict
              ? 'Someone else changed this program, so your changes were not saved. Your unsaved edits are still shown here: keep them to save over the latest version, or reload to discard them.'
              : 'This program was changed elsewhere. You have unsaved changes, so your version is still shown: keep your edits, or reload to see the latest version.'}
          </Banner>
        )}
      </div>

      <section
        aria-label="Save and publish"
        className="sticky top-0 z-20 -mx-4 mt-4 border-y border-slate-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur sm:mx-0 sm:rounded-xl sm:border"
      >
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => setPreview('mine')}>
            <Eye className="size-4" aria-hidden="true" /> Preview
          </Button>
          {!superAdmin && (
            <>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void run('save')}
                loading={busy === 'save'}
                disabled={locked || busy !== null}
              >
                Save draft
              </Button>
              <Button
                size="sm"
                onClick={() => validate() && setConfirming(true)}
                loading={busy === 'publish'}
                disabled={locked || busy !== null}
              >
                Publish
              </Button>
            </>
          )}
          <span className="text-sm text-slate-600 sm:ml-auto">
            {dirty ? 'You have unsaved changes.' : 'All changes saved.'}
          </span>
        </div>
        {!superAdmin && program.requires_super_approval && (
          <p className="mt-2 text-sm text-slate-600">Publishing needs super admin approval.</p>
        )}
        {formError && (
          <p
            ref={errorRef}
            tabIndex={-1}
            role="alert"
            className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
          >
            {formError}
          </p>
        )}
        {problem && (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {problem.message}
          </p>
        )}
      </section>

      <div className="mt-6 flex flex-col gap-6 lg:flex-row lg:items-start">
        <div className="min-w-0 flex-1 space-y-6">
          <Card title="Common Application Options">
            <CommonOptions form={form} onChange={setForm} locked={locked} />
          </Card>

          <Card title="Sections">
            <SectionsEditor form={form} onChange={setForm} locked={locked} />
          </Card>

          <Card title="Application Builder" description="Add questions, then drag or move them into order.">
            {!locked && (
              <fieldset>
                <legend className="text-sm font-medium text-slate-800">Add a question</legend>
                <div className="mt-2 flex flex-wrap gap-2">
                  {questionTypes.map((type) => (
                    <Button
                      key={type}
                      variant="secondary"
                      size="sm"
                      onClick={() => addQuestion(type)}
                      aria-label={`Add ${questionTypeLabels[type]} question`}
                    >
                      <Plus className="size-4" aria-hidden="true" />
                      {questionTypeLabels[type]}
                    </Button>
                  ))}
                </div>
              </fieldset>
            )}
            {/* A later stage: the previous stage's questions, copied with their keys, are prefilled. */}
            {!locked && previousStage && mode.kind === 'org' && (
              <CopyFromStage previous={previousStage} form={form} onCopy={insertQuestion} />
            )}
            <div className={cn(!locked && 'mt-4')}>
              <QuestionList
                questions={form.questions}
                sections={form.sections ?? []}
                onChange={(questions) =>
                  setForm({ ...form, questions: sortBySection(questions, form.sections ?? []) })
                }
                locked={locked}
                problem={problem}
                fieldRefs={fieldRefs}
              />
            </div>
          </Card>

          {laterStage ? (
            // Invited applicants are not screened again (decision 066).
            <Card
              title="Screening"
              description="A later stage has no screening: the applicants you invite open its form directly."
            />
          ) : (
            <Card
              title="Screening"
              description="Eligibility questions asked before the application. Changing the questions or rules asks applicants to answer again."
            >
              <ScreeningEditor form={form} closeAt={program.close_at} onChange={setForm} locked={locked} />
            </Card>
          )}
        </div>

        <aside aria-label="Program settings" className="flex w-full flex-col gap-6 lg:w-80 lg:shrink-0">
          {laterStage && thisStage && (
            <StageSettingsCard
              key={thisStage.id}
              stage={thisStage}
              previous={previousStage}
              canEdit={mode.kind === 'org' && !superAdmin}
            />
          )}
          <ReviewerFormCard programId={programId} locked={superAdmin} />
          <Suspense fallback={null}>
            {/* The questions being edited, saved or not (issue 33 item 16). */}
            <ScoringSettingsCard programId={programId} questions={form.questions} locked={superAdmin} />
          </Suspense>
          {mode.kind !== 'coalition' && <ScheduleCard programId={programId} locked={superAdmin} />}
          {/* Issue 31: minutes after close for drafts already started (decision 058). */}
          {mode.kind !== 'coalition' && <GracePeriodCard programId={programId} />}
          {/* Issue 31 item 4: late-submission links (decision 064). */}
          {mode.kind !== 'coalition' && <LateLinksCard programId={programId} />}
        </aside>
      </div>

      <Dialog
        open={preview !== null}
        onOpenChange={(open) => !open && setPreview(null)}
        title={preview === 'latest' ? `${program.name}: latest saved version` : program.name}
        description="The application as applicants see it."
        size="lg"
      >
        <FormPreview form={normalizeForm(preview === 'latest' ? program.form : form)} />
      </Dialog>

      <PublishConfirm
        open={confirming}
        onOpenChange={setConfirming}
        form={form}
        needsApproval={program.requires_super_approval}
        laterStage={laterStage}
        onConfirm={() => void run('publish')}
      />
      <PublishedDialog
        result={published}
        programId={programId}
        listPath={listPath}
        stage={
          laterStage
            ? {
                number: stageNumber,
                inboxHref: orgSlug && previousStage ? inboxHref(orgSlug, previousStage.id) : null,
              }
            : null
        }
        onClose={() => setPublished(null)}
      />

      <ConfirmDialog
        open={blocker.status === 'blocked'}
        onOpenChange={(open) => {
          if (!open && !leaving.current && blocker.status === 'blocked') blocker.reset();
        }}
        title="Leave without saving?"
        description="You have unsaved changes to this application. They will be lost if you leave."
        confirmLabel="Leave"
        cancelLabel="Stay"
        onConfirm={() => {
          if (blocker.status !== 'blocked') return;
          leaving.current = true;
          blocker.proceed();
        }}
      />
    </>
  );
}

function SaveIndicator({ dirty, busy }: { dirty: boolean; busy: boolean }) {
  if (busy) return <Badge tone="info">Saving…</Badge>;
  return dirty ? <Badge tone="warning">Unsaved changes</Badge> : null;
}

const bannerTones = {
  info: 'border-blue-200 bg-blue-50 text-blue-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  neutral: 'border-slate-200 bg-white text-slate-800',
};

function Banner({
  tone,
  icon,
  action,
  live,
  children,
}: {
  tone: keyof typeof bannerTones;
  icon: ReactNode;
  action?: ReactNode;
  live?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role={live ? 'alert' : undefined}
      className={cn(
        'flex flex-col gap-3 rounded-lg border px-4 py-3 text-sm sm:flex-row sm:items-start',
        bannerTones[tone],
      )}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <span aria-hidden="true" className="mt-0.5 shrink-0 [&_svg]:size-5">
          {icon}
        </span>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
      {action && <div className="flex flex-wrap gap-2 pl-8 sm:pl-0">{action}</div>}
    </div>
  );
}
