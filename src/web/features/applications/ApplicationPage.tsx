import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { AlertTriangle, CheckCircle2, CloudOff, Loader2, RotateCcw } from 'lucide-react';
import {
  type FocusEvent,
  lazy,
  memo,
  Suspense,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { AUTOSAVE_DELAY_MS } from '../../../shared/domain/answer-merge';
import { answerFieldProblem } from '../../../shared/domain/answer-values';
import { answerUnfinished, pageProblems, unfinishedMessage } from '../../../shared/domain/answers';
import { applicationMessages as m } from '../../../shared/domain/applications';
import { changeRequestMessages } from '../../../shared/domain/change-requests';
import { visibility } from '../../../shared/domain/conditions';
import { messageWords } from '../../../shared/domain/messages';
import { PROFILE_PROBLEMS_HEADING } from '../../../shared/domain/profile-completeness';
import { formPages, hasSections } from '../../../shared/domain/sections';
import { stageMessages } from '../../../shared/domain/stages';
import type { Application } from '../../../shared/schemas/applications';
import type { ApplicationForm, Question } from '../../../shared/schemas/forms';
import type { Profile } from '../../../shared/schemas/profiles';
import { BackLink } from '../../components/ui/BackLink';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { cn, focusRing } from '../../components/ui/cn';
import { PageHeader } from '../../components/ui/PageHeader';
import { Skeleton, SkeletonText } from '../../components/ui/Skeleton';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/title';
import { toast } from '../../lib/toast';
import { ChangeRequestBanner } from '../change-requests/ChangeRequestBanner';
import { profileQuery } from '../profile/api';
import { AnswerSync, runAnswerSync, type SaveState, type SendResult } from './answer-sync';
import { sendAnswers } from './api';
import { DeadlineNotice, deadlineLine } from './Deadline';
import { ProfileBlock } from './ProfileBlock';
import { ProfileChecklist } from './ProfileChecklist';
import { preloadQuestionParts, QuestionField } from './QuestionField';
import { ApplicantWithdraw } from './Withdraw';

/**
 * The messages of a submitted application (decision 059): never on a draft, so a draft's page does not
 * load their code (composer, attachments, realtime); the route starts it with the application's data.
 */
const loadMessageThread = () => import('../messages/MessageThread');
const MessageThread = lazy(() => loadMessageThread().then((m) => ({ default: m.MessageThread })));

/** How many of a section's questions the page's first render of them shows (decision 062). */
const FIRST_QUESTIONS = 4;

/** Test hook: e2e tests may shorten the autosave delay through this key; the product default is 30 s. */
export const AUTOSAVE_DELAY_KEY = 'applyhub:autosave-delay-ms';

function autosaveDelay(): number {
  try {
    const raw = Number(window.localStorage.getItem(AUTOSAVE_DELAY_KEY));
    return Number.isFinite(raw) && raw > 0 ? raw : AUTOSAVE_DELAY_MS;
  } catch {
    return AUTOSAVE_DELAY_MS;
  }
}

const statusText: Record<SaveState, string> = {
  clean: '',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  saved: 'All changes saved',
  offline: 'Offline — changes kept on this device',
  retrying: 'Save failed — retrying',
  error: m.saveFailed,
};

function SaveStatus({ state, error, editing }: { state: SaveState; error: string | null; editing: boolean }) {
  const text =
    state === 'pending' && editing
      ? 'Unsaved changes — press Save Changes'
      : state === 'error' && error
        ? `${m.saveFailed}: ${error}`
        : statusText[state];
  const icon =
    state === 'saving' ? (
      <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
    ) : state === 'saved' ? (
      <CheckCircle2 className="size-4 text-green-700" aria-hidden="true" />
    ) : state === 'offline' ? (
      <CloudOff className="size-4 text-amber-700" aria-hidden="true" />
    ) : state === 'retrying' || state === 'error' ? (
      <AlertTriangle className="size-4 text-red-700" aria-hidden="true" />
    ) : null;
  return (
    <p
      role="status"
      data-testid="save-status"
      data-state={state}
      className="flex min-h-6 items-center gap-1.5 text-sm text-slate-700"
    >
      {icon}
      {text}
    </p>
  );
}

type Problems = { required: string[]; profile: string[]; message: string };

/**
 * What a change of answers did to the questions shown (decision 057), for the polite live region:
 * "Which strings? appeared." / "2 questions appeared." / "Bow was hidden."
 */
export function visibilityNews(before: Question[], after: Question[]): string {
  const had = new Set(before.map((q) => q.key));
  const has = new Set(after.map((q) => q.key));
  const appeared = after.filter((q) => !had.has(q.key));
  const hidden = before.filter((q) => !has.has(q.key));
  const say = (list: Question[], one: string, many: string) =>
    list.length === 0
      ? ''
      : list.length === 1
        ? `${list[0].label} ${one}.`
        : `${list.length} questions ${many}.`;
  return [say(appeared, 'appeared', 'appeared'), say(hidden, 'was hidden', 'were hidden')]
    .filter(Boolean)
    .join(' ');
}

/** What a change of answers did to the sections shown: "Section "Orchestra" appeared." */
export function sectionNews(before: readonly string[], after: readonly string[]): string {
  const appeared = after.filter((t) => !before.includes(t));
  if (appeared.length === 0) return '';
  if (appeared.length === 1) return `Section "${appeared[0]}" appeared.`;
  return `${appeared.length} sections appeared.`;
}

/**
 * The questions and sections shown for the answers on screen (decision 057, decision 062), and the
 * live region's words when those change.
 */
function useShownQuestions(form: ApplicationForm, answers: Record<string, unknown>) {
  const visible = useMemo(() => visibility(form, answers), [form, answers]);
  // New lists only when the shown sets change, so what depends on them re-renders only then.
  const questionsKey = [...visible.questions].join('\n');
  const sectionsKey = [...visible.sections].join('\n');
  const shown = useMemo(() => {
    const keys = new Set(questionsKey.split('\n'));
    return form.questions.filter((q) => keys.has(q.key));
  }, [form.questions, questionsKey]);
  const shownSections = useMemo(() => new Set(sectionsKey.split('\n')), [sectionsKey]);
  const sectionTitles = useMemo(
    () => (form.sections ?? []).filter((s) => shownSections.has(s.key)).map((s) => s.title),
    [form.sections, shownSections],
  );
  const previous = useRef({ shown, sectionTitles });
  const [news, setNews] = useState('');
  useEffect(() => {
    const before = previous.current;
    if (before.shown === shown && before.sectionTitles === sectionTitles) return;
    previous.current = { shown, sectionTitles };
    const text = [sectionNews(before.sectionTitles, sectionTitles), visibilityNews(before.shown, shown)]
      .filter(Boolean)
      .join(' ');
    if (text) setNews(text);
  }, [shown, sectionTitles]);
  return { shown, shownSections, news };
}

/**
 * One question of the application, re-rendered only when its own answer, error or lock changes
 * (not on every keystroke in another question).
 */
const AnswerItem = memo(function AnswerItem({
  question,
  value,
  applicationId,
  editable,
  error,
  onAnswer,
}: {
  question: Question;
  value: unknown;
  applicationId: string;
  editable: boolean;
  error: string | undefined;
  onAnswer: (key: string, value: unknown) => void;
}) {
  const onChange = useCallback((v: unknown) => onAnswer(question.key, v), [onAnswer, question.key]);
  return (
    <QuestionField
      question={question}
      value={value}
      applicationId={applicationId}
      editable={editable}
      onChange={onChange}
      error={error}
    />
  );
});

/** How recent a read of the live profile the page takes as it is when it opens. */
const JUST_READ_MS = 5_000;

/**
 * The profile checklist and the profile block. The live profile (before submission) is read again
 * whenever the page is shown again, so an edit made in the profile tab shows here at once; its
 * answer re-renders these two only, not the whole form.
 */
const ProfileSections = memo(function ProfileSections({ app, live }: { app: Application; live: boolean }) {
  const profile = useQuery({
    ...profileQuery,
    enabled: live,
    refetchOnWindowFocus: true,
    // Not again when the route's loader has just read it for this page (a second request and a second
    // render of these blocks while the page loads); read again whenever the page is shown later.
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > JUST_READ_MS,
  });
  const { form } = app.program;
  const block =
    live && app.profile && profile.data
      ? { ...app.profile, data: profile.data as unknown as Record<string, unknown> }
      : app.profile;
  return (
    <>
      {live && (
        <ProfileChecklist
          form={form}
          profile={(profile.data ?? app.profile?.data ?? null) as Profile | null}
        />
      )}
      {block && <ProfileBlock form={form} block={block} />}
    </>
  );
});

/** The applicant application page (spec 001 §2), for the signed-in owner or a reviewer (read-only). */
export function ApplicationPage({ app, onReload }: { app: Application; onReload: () => void }) {
  usePageTitle(app.program.name);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [problems, setProblems] = useState<Problems | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'submit' | 'save' | null>(null);
  const problemsRef = useRef<HTMLDivElement>(null);

  const isDraft = app.status === 'draft';
  // An open change request (decision 063): only the unlocked questions change, autosaved as a draft.
  const request = app.role === 'owner' && app.editable ? (app.change_request ?? null) : null;
  const unlocked = useMemo(() => new Set(request?.unlocked ?? []), [request]);
  const canEdit = app.editable && (isDraft || editing || !!request);
  const editableQuestion = (key: string) => canEdit && (!request || unlocked.has(key));
  const liveProfile = app.role === 'owner' && app.profile?.source === 'live';

  const sync = useMemo(
    () =>
      new AnswerSync(
        {
          applicationId: app.id,
          answers: app.answers,
          version: app.version,
          autosave: app.editable && (isDraft || !!app.change_request),
          delayMs: autosaveDelay(),
          onGone: () => void navigate({ to: '/unauthorized' }),
        },
        {
          send: (kind, body, options) => sendAnswers(app.id, kind, body, options),
          storage: typeof window === 'undefined' ? null : window.localStorage,
          setTimer: (fn, ms) => window.setTimeout(fn, ms),
          clearTimer: (h) => window.clearTimeout(h as number),
          online: () => navigator.onLine,
          now: () => new Date(),
        },
      ),
    // One engine per loaded application (a reload after a refusal builds a new one).
    [app, isDraft, navigate],
  );
  const snap = useSyncExternalStore(sync.subscribe, sync.getSnapshot, sync.getSnapshot);
  // The page's frame and profile blocks paint first; the questions follow in background renders
  // that React splits into short slices, so a long form never holds the main thread in one long task
  // (Lighthouse's total blocking time, decision 062): the first few of the section (a phone's screen) in
  // one commit, the rest in the next, so the browser's style and layout of a long section is split too.
  const formReady = useDeferredValue(true, false);
  const [wholeSection, setWholeSection] = useState(false);
  useEffect(() => {
    if (formReady) startTransition(() => setWholeSection(true));
  }, [formReady]);
  // Conditional questions appear and disappear as the answers change (the same rule the server keeps).
  const { shown, shownSections, news } = useShownQuestions(app.program.form, snap.answers);
  const onAnswer = useCallback((key: string, value: unknown) => sync.set(key, value), [sync]);
  // The questions the applicant has left (focus went elsewhere): their answers' problems show beside
  // them, by the same check the server makes on save (an email half typed says nothing until then).
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const onLeave = (key: string, e: FocusEvent<HTMLElement>) => {
    if (e.currentTarget.contains(e.relatedTarget as Node | null) || left.has(key)) return;
    setLeft((was) => new Set(was).add(key));
  };
  // Sections (issue 29 item 4): one page at a time; the step list marks pages with missing answers.
  // A section hidden by its condition (decision 062) is left out of the step list.
  const sectioned = hasSections(app.program.form);
  const allPages = useMemo(() => formPages(app.program.form), [app.program.form]);
  const missingByAllPages = useMemo(
    () => (sectioned ? pageProblems(app.program.form, snap.answers) : []),
    [sectioned, app.program.form, snap.answers],
  );
  const pages = useMemo(
    () => allPages.filter((p) => !p.section || shownSections.has(p.section.key)),
    [allPages, shownSections],
  );
  const missingByPage = pages.map((p) => missingByAllPages[allPages.indexOf(p)] ?? []);
  // The current section by key, so a section appearing or disappearing elsewhere does not move it.
  const [pageKey, setPageKey] = useState<string | null>(null);
  const page = Math.max(
    0,
    pages.findIndex((p) => p.section?.key === pageKey),
  );
  const setPage = (index: number) => setPageKey(pages[index]?.section?.key ?? null);
  const goTo = (index: number) => {
    setPage(index);
    // The new page's title takes focus, so keyboard and screen-reader users start at its top.
    setTimeout(() => document.querySelector<HTMLElement>('[data-page-title]')?.focus(), 0);
  };
  const onPage = sectioned ? shown.filter((q) => q.section === pages[page]?.section?.key) : shown;
  // The parts of the form's rarer question types (file, table, letters) load alongside the page, not
  // when their section is first shown.
  useEffect(() => preloadQuestionParts(app.program.form.questions), [app.program.form.questions]);

  // Saves on hide, unload and reconnect; leaving through the app's own links saves what is pending.
  useEffect(() => runAnswerSync(sync, { document, window }), [sync]);

  // The cached copy is out of date once answers were saved here: load afresh on the next visit.
  useEffect(
    () => () => queryClient.removeQueries({ queryKey: ['application', app.id], exact: true }),
    [queryClient, app.id],
  );

  useEffect(() => {
    if (problems) problemsRef.current?.focus();
  }, [problems]);

  const conflictLabels = snap.conflicts
    .map((k) => app.program.form.questions.find((q) => q.key === k)?.label ?? k)
    .join(', ');

  function handleFailure(result: SendResult, failed: string) {
    if (result.kind === 'stale') {
      setNotice(m.stale);
      void sync.flush();
      return;
    }
    if (result.kind === 'network') {
      toast.error(failed, { description: 'Check your connection. Your answers are kept on this device.' });
      return;
    }
    if (result.kind === 'error') {
      if (result.status === 404) return void navigate({ to: '/unauthorized' });
      toast.error(failed, result.message ? { description: result.message } : undefined);
      // The window or the program changed under the page: show it as it is now.
      if (result.status === 409) onReload();
    }
  }

  async function submit() {
    setBusy('submit');
    setProblems(null);
    setNotice(null);
    try {
      const result = await sync.submit();
      if (result.kind === 'ok') {
        await queryClient.invalidateQueries({ queryKey: ['me', 'applications'] });
        void navigate({ to: '/applications/$appId/submitted', params: { appId: app.id } });
        return;
      }
      if (result.kind === 'refused') {
        setProblems({ ...result.problems, message: result.message });
        // Jump to the first section with a missing answer.
        const first = missingByPage.findIndex((labels) => labels.length > 0);
        if (sectioned && first >= 0) setPage(first);
        return;
      }
      // An answer the server refuses (422, named in the toast): its section is shown, the field says why.
      if (result.kind === 'error' && result.status === 422 && sectioned) {
        const bad = pages.findIndex((p) =>
          shown.some(
            (q) => q.section === p.section?.key && answerFieldProblem(q, snap.answers[q.key], app.id),
          ),
        );
        if (bad >= 0) setPage(bad);
      }
      handleFailure(result, m.submitFailed);
    } finally {
      setBusy(null);
    }
  }

  async function saveChanges() {
    setBusy('save');
    setProblems(null);
    try {
      const result = await sync.flush();
      if (result === null || result.kind === 'ok') {
        toast.success(m.changesSaved);
        setEditing(false);
        sync.setAutosave(false);
        return;
      }
      if (result.kind === 'error' && result.status === 422) {
        setProblems({ required: [], profile: [], message: result.message || m.saveFailed });
        return;
      }
      handleFailure(result, m.saveFailed);
    } finally {
      setBusy(null);
    }
  }

  function cancelEdit() {
    sync.revert();
    setEditing(false);
    setProblems(null);
  }

  const { program } = app;
  const win = program.window;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={<BackLink to="/dashboard">Back to dashboard</BackLink>}
        eyebrow={program.organization_name}
        title={program.name}
        badge={<Badge status={request ? 'changes_requested' : app.status} />}
        description={
          <p className="text-sm">
            {deadlineLine(app)}
            {app.submitted_at && ` · Submitted ${formatDateTime(app.submitted_at)}`}
          </p>
        }
      />

      {request && <ChangeRequestBanner request={request} />}
      <ApplicantWithdraw app={app} onChanged={onReload} />
      <DeadlineNotice app={app} />
      {/* Invited to the next stage (decision 066): the server refuses changes here; say why. */}
      {app.role === 'owner' && app.stage_locked && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900"
        >
          {stageMessages.lockedByStage}
        </p>
      )}

      {win === 'not_open' && (
        <div
          role="status"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
        >
          <p className="font-semibold">{m.comingSoon}</p>
          {program.open_at && <p className="text-sm">Opens {formatDateTime(program.open_at)}</p>}
        </div>
      )}
      {win === 'closed' && !request && (
        <div role="status" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          <p className="font-semibold">{m.closed}</p>
          <p className="text-sm">{m.locked}</p>
        </div>
      )}

      {app.role === 'owner' && app.editable && snap.restorable && (
        <div className="mt-4 flex flex-col gap-3 rounded-lg border border-blue-300 bg-blue-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-semibold text-blue-900">Restore unsaved answers?</p>
            <p className="text-sm text-blue-900">
              This device kept answers from an earlier visit that were not saved yet.
            </p>
          </div>
          <div className="flex gap-2">
            <Button
              size="sm"
              onClick={() => {
                if (!isDraft) setEditing(true);
                sync.restore();
              }}
            >
              <RotateCcw className="size-4" aria-hidden="true" />
              Restore
            </Button>
            <Button size="sm" variant="secondary" onClick={() => sync.discardStored()}>
              Discard
            </Button>
          </div>
        </div>
      )}

      {(notice || snap.conflicts.length > 0) && (
        <div
          role="alert"
          className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {notice && (
            <p>{notice} Your answers were merged with the other changes; check them before you submit.</p>
          )}
          {snap.conflicts.length > 0 && (
            <p>
              Changed in both places (your version was kept): {conflictLabels}.{' '}
              <button
                type="button"
                className="font-medium underline"
                onClick={() => {
                  sync.dismissConflicts();
                  setNotice(null);
                }}
              >
                Dismiss
              </button>
            </p>
          )}
        </div>
      )}

      <div className="mt-6 space-y-6">
        {program.form.profile.enabled && <ProfileSections app={app} live={liveProfile} />}

        <Card
          title="Application"
          actions={
            app.role === 'owner' ? (
              <SaveStatus state={snap.state} error={snap.error} editing={editing} />
            ) : undefined
          }
        >
          <p role="status" aria-live="polite" className="sr-only" data-testid="questions-news">
            {news}
          </p>
          {sectioned && (
            <nav aria-label="Sections" className="mb-6">
              <ol className="flex flex-wrap gap-2">
                {pages.map((p, i) => {
                  const missing = missingByPage[i]?.length ?? 0;
                  return (
                    <li key={p.section?.key ?? i}>
                      <button
                        type="button"
                        aria-current={i === page ? 'step' : undefined}
                        onClick={() => goTo(i)}
                        className={cn(
                          'rounded-full border px-3 py-1.5 text-sm font-medium',
                          focusRing,
                          i === page
                            ? 'border-blue-700 bg-blue-700 text-white'
                            : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                        )}
                      >
                        {i + 1}. {p.section?.title}
                        {missing > 0 && (
                          <span className={i === page ? 'text-white' : 'text-red-700'}>
                            {' '}
                            · {missing} required missing
                          </span>
                        )}
                      </button>
                    </li>
                  );
                })}
              </ol>
            </nav>
          )}
          {sectioned && (
            <h3
              data-page-title
              tabIndex={-1}
              className="mb-4 text-lg font-semibold text-slate-900 focus:outline-none"
            >
              {pages[page]?.section?.title}
              <span className="sr-only">
                {' '}
                (section {page + 1} of {pages.length})
              </span>
            </h3>
          )}
          {program.form.questions.length === 0 ? (
            <p className="text-slate-600">This program has no custom questions yet.</p>
          ) : !formReady ? (
            <div role="status" className="space-y-6" data-testid="questions-loading">
              <span className="sr-only">Loading…</span>
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-32 w-full" />
            </div>
          ) : (
            <ol className="space-y-6" data-testid="questions">
              {(wholeSection ? onPage : onPage.slice(0, FIRST_QUESTIONS)).map((q) => (
                <li key={q.key} onBlur={(e) => onLeave(q.key, e)}>
                  {request && !unlocked.has(q.key) && (
                    <p className="mb-1 text-xs font-medium text-slate-600">
                      {changeRequestMessages.lockedQuestion}
                    </p>
                  )}
                  <AnswerItem
                    question={q}
                    value={snap.answers[q.key]}
                    applicationId={app.id}
                    editable={editableQuestion(q.key)}
                    onAnswer={onAnswer}
                    error={
                      ((left.has(q.key) || snap.state === 'error') &&
                        answerFieldProblem(q, snap.answers[q.key], app.id)) ||
                      (problems?.required.includes(q.label) && answerUnfinished(q, snap.answers[q.key])
                        ? unfinishedMessage(q, snap.answers[q.key])
                        : undefined)
                    }
                  />
                </li>
              ))}
            </ol>
          )}
          {sectioned && (
            <div className="mt-6 flex justify-between gap-3">
              <Button variant="secondary" onClick={() => goTo(page - 1)} disabled={page === 0}>
                Previous section
              </Button>
              <Button variant="secondary" onClick={() => goTo(page + 1)} disabled={page >= pages.length - 1}>
                Next section
              </Button>
            </div>
          )}
        </Card>

        {app.role === 'owner' && app.status !== 'draft' && (
          <Suspense
            fallback={
              <Card title={messageWords.title}>
                <SkeletonText lines={3} />
              </Card>
            }
          >
            <MessageThread applicationId={app.id} />
          </Suspense>
        )}

        {problems && (
          <div
            ref={problemsRef}
            tabIndex={-1}
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 focus:outline-2 focus:outline-red-600"
          >
            {problems.required.length > 0 && (
              <p className="font-medium">
                Please complete the following required fields: {problems.required.join(', ')}
              </p>
            )}
            {problems.profile.length > 0 && (
              <div className={problems.required.length ? 'mt-3' : ''}>
                <p className="font-medium">{PROFILE_PROBLEMS_HEADING}</p>
                <ul className="mt-1 list-disc pl-5">
                  {problems.profile.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </div>
            )}
            {problems.required.length === 0 && problems.profile.length === 0 && <p>{problems.message}</p>}
          </div>
        )}

        {app.role === 'owner' && app.editable && (
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            {isDraft ? (
              <Button onClick={() => void submit()} loading={busy === 'submit'} disabled={busy !== null}>
                Submit Application
              </Button>
            ) : request ? (
              <Button onClick={() => void submit()} loading={busy === 'submit'} disabled={busy !== null}>
                {changeRequestMessages.resubmit}
              </Button>
            ) : editing ? (
              <>
                <Button variant="secondary" onClick={cancelEdit} disabled={busy !== null}>
                  Cancel
                </Button>
                <Button onClick={() => void saveChanges()} loading={busy === 'save'} disabled={busy !== null}>
                  Save Changes
                </Button>
              </>
            ) : (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit Application
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
