import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ClipboardList, UserPlus } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { stageOfLabel, withStages } from '../../../shared/domain/stages';
import type { AssignedUser } from '../../../shared/schemas/program-assignments';
import type { AdminProgram } from '../../../shared/schemas/programs';
import type { PublicOrg } from '../../../shared/schemas/public';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { cn, focusRing } from '../../components/ui/cn';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { Input } from '../../components/ui/Field';
import { LinkButton } from '../../components/ui/LinkButton';
import { Notice as NoticeLine, type NoticeValue } from '../../components/ui/Notice';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/title';
import { MailOffNotice } from '../mail/MailOffNotice';
import { OrgAdminPage } from '../org-admin/OrgAdminPage';
import { isForbidden, orgProgramsQuery, useForbiddenRedirect } from '../programs-admin/api';
import { typeLabel } from '../programs-admin/parts';
import { type AssignmentRole, assignmentsQuery, useAssignmentMutations } from './api';

/** An outcome shown above the lists: the spec's success text, or the server's message in a red box. */
type Notice = NoticeValue | null;

const words: Record<AssignmentRole, { add: string; list: string; empty: string; confirm: string }> = {
  reviewer: {
    add: 'Add Reviewer',
    list: 'Reviewers',
    empty: 'No reviewers assigned',
    confirm: 'Remove this reviewer?',
  },
  admin: { add: 'Add Admin', list: 'Admins', empty: 'No admins assigned', confirm: 'Remove this admin?' },
};

const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status !== 0 && err.message ? err.message : fallback;

/** /org/{slug}/admin/reviewers: the organization's programs and, for the chosen one, its reviewers and admins. */
export function ManageReviewersPage({
  org,
  programId,
  onSelect,
}: {
  org: PublicOrg;
  programId: string | null;
  onSelect: (id: string) => void;
}) {
  usePageTitle(`Manage Reviewers · ${org.name}`);
  const programs = useQuery(orgProgramsQuery(org.slug));
  useForbiddenRedirect(programs.error);
  const selected = programs.data?.items.find((p) => p.id === programId) ?? null;
  const panelHeading = useRef<HTMLHeadingElement>(null);
  // Choosing a program brings its panel (below the list on phones) into view and focus once it shows
  // the program; the address change keeps the scroll position (resetScroll: false in the route).
  const [chosen, setChosen] = useState<string | null>(null);
  const choose = (id: string) => {
    setChosen(id);
    onSelect(id);
  };
  useEffect(() => {
    const heading = panelHeading.current;
    if (!chosen || selected?.id !== chosen || !heading) return;
    setChosen(null);
    heading.focus({ preventScroll: true });
    heading.scrollIntoView({ block: 'start' });
  }, [chosen, selected]);
  const orgMissing = programs.error instanceof ApiError && programs.error.status === 404;

  return (
    <OrgAdminPage org={org} title="Manage Reviewers">
      {orgMissing ? (
        <ErrorState className="mt-6" message="Organization not found" />
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <section aria-labelledby="programs-heading">
            <h2 id="programs-heading" className="mb-3 text-lg font-semibold text-slate-900">
              Programs
            </h2>
            {programs.isPending ? (
              <div role="status" className="space-y-3">
                <span className="sr-only">Loading…</span>
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} className="h-20 w-full" />
                ))}
              </div>
            ) : programs.isError ? (
              isForbidden(programs.error) ? null : (
                <ErrorState
                  message="Failed to load programs"
                  onRetry={() => void programs.refetch()}
                  retrying={programs.isFetching}
                />
              )
            ) : programs.data.items.length === 0 ? (
              <EmptyState
                icon={<ClipboardList />}
                title="No Programs Found"
                description="Create a program first, then assign its reviewers and admins here."
                action={
                  <LinkButton to={`/org/${org.slug}/admin/programs` as never} variant="secondary">
                    Create programs
                  </LinkButton>
                }
              />
            ) : (
              <ProgramList programs={programs.data.items} selectedId={programId} onSelect={choose} />
            )}
          </section>

          <section
            aria-labelledby="assignments-heading"
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:sticky lg:top-4 lg:self-start"
          >
            <h2
              id="assignments-heading"
              ref={panelHeading}
              tabIndex={-1}
              className="scroll-mt-4 text-lg font-semibold text-slate-900 focus:outline-none"
            >
              Program Assignments
            </h2>
            {selected ? (
              <AssignmentsPanel key={selected.id} program={selected} />
            ) : (
              <p className="mt-2 text-sm text-slate-600">
                Choose a program to manage its reviewers and admins.
              </p>
            )}
          </section>
        </div>
      )}
    </OrgAdminPage>
  );
}

function ProgramList({
  programs,
  selectedId,
  onSelect,
}: {
  programs: AdminProgram[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  // Programs in stages (decision 066): each stage has its own reviewers; a later stage is listed
  // under its program and named by its place, so two stages called "Full proposal" are told apart.
  return (
    <ul className="space-y-3">
      {withStages(programs).map(({ program: p, stage }) => {
        const active = p.id === selectedId;
        return (
          <li key={p.id} className={stage ? 'ml-6' : undefined}>
            <button
              type="button"
              aria-pressed={active}
              onClick={() => onSelect(p.id)}
              className={cn(
                'w-full rounded-xl border bg-white p-4 text-left shadow-sm transition-colors hover:bg-slate-50',
                active ? 'border-blue-600 ring-2 ring-blue-600/30' : 'border-slate-200',
                focusRing,
              )}
            >
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900">{p.name}</span>
                {p.published && <Badge status="published">Published</Badge>}
              </span>
              {stage && (
                <span className="block text-sm text-slate-600">
                  {stage.of ? stageOfLabel(stage.number, stage.of) : `Stage ${stage.number}`}
                </span>
              )}
              <span className="mt-1 block text-sm text-slate-600 line-clamp-2">
                {p.description || 'No description'}
              </span>
              <span className="mt-1 block text-xs font-medium text-slate-500">{typeLabel(p.type)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** One program's reviewers and admins (also the whole of /review/{programId}/reviewers). */
export function AssignmentsPanel({ program }: { program: Pick<AdminProgram, 'id' | 'name'> }) {
  const list = useQuery(assignmentsQuery(program.id));
  const navigate = useNavigate();
  const { add, remove } = useAssignmentMutations(program.id);
  const [formRole, setFormRole] = useState<AssignmentRole | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [toRemove, setToRemove] = useState<{ role: AssignmentRole; user: AssignedUser } | null>(null);
  useForbiddenRedirect(list.error);

  const forbidden = (err: unknown) => {
    if (isForbidden(err)) {
      void navigate({ to: '/unauthorized' });
      return true;
    }
    return false;
  };

  return (
    <div className="mt-1">
      <p className="text-sm text-slate-600">{program.name}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        {(['reviewer', 'admin'] as const).map((role) => (
          <Button
            key={role}
            variant={formRole === role ? 'primary' : 'secondary'}
            aria-expanded={formRole === role}
            onClick={() => {
              setNotice(null);
              setFormRole(formRole === role ? null : role);
            }}
          >
            <UserPlus className="size-4" aria-hidden="true" />
            {words[role].add}
          </Button>
        ))}
      </div>

      {formRole && (
        <AddForm
          key={formRole}
          role={formRole}
          busy={add.isPending}
          onCancel={() => setFormRole(null)}
          onSubmit={async (email, name) => {
            setNotice(null);
            try {
              const res = await add.mutateAsync({ role: formRole, email, name });
              setNotice({ kind: 'success', text: res.message });
              setFormRole(null);
            } catch (err) {
              if (!forbidden(err)) setNotice({ kind: 'error', text: messageOf(err, 'Failed to add user') });
            }
          }}
        />
      )}

      {notice && <NoticeLine notice={notice} className="mt-4" />}

      {list.isPending ? (
        <div role="status" className="mt-6 space-y-3">
          <span className="sr-only">Loading…</span>
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : list.isError ? (
        isForbidden(list.error) ? null : (
          <ErrorState
            className="mt-6"
            message={messageOf(list.error, 'Failed to load assignments')}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        )
      ) : (
        <div className="mt-6 grid gap-6 sm:grid-cols-2">
          <PeopleList
            kind="reviewer"
            people={list.data.reviewers}
            onRemove={(user) => setToRemove({ role: 'reviewer', user })}
          />
          <PeopleList
            kind="admin"
            people={list.data.admins}
            onRemove={(user) => setToRemove({ role: 'admin', user })}
          />
        </div>
      )}

      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title={toRemove ? words[toRemove.role].confirm : ''}
        description={
          toRemove
            ? `${toRemove.user.full_name || toRemove.user.email} will no longer ${
                toRemove.role === 'reviewer' ? 'review' : 'administer'
              } ${program.name}.`
            : ''
        }
        confirmLabel="Remove"
        onConfirm={async () => {
          if (!toRemove) return;
          setNotice(null);
          try {
            const res = await remove.mutateAsync({ role: toRemove.role, userId: toRemove.user.user_id });
            setNotice({ kind: 'success', text: res.message });
          } catch (err) {
            if (!forbidden(err)) setNotice({ kind: 'error', text: messageOf(err, 'Failed to remove user') });
          }
        }}
      />
    </div>
  );
}

function AddForm({
  role,
  busy,
  onCancel,
  onSubmit,
}: {
  role: AssignmentRole;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (email: string, name: string) => Promise<void>;
}) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  useEffect(() => emailRef.current?.focus(), []);
  const trimmed = email.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || busy) return;
    void onSubmit(trimmed, name.trim());
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby={headingId}
      className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id={headingId} className="font-semibold text-slate-900">
        {words[role].add}
      </h3>
      <Input
        ref={emailRef}
        label="Email Address"
        type="email"
        autoComplete="off"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Input
        label="Full Name"
        hint="Optional. If given, it must match the user's profile."
        autoComplete="off"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <MailOffNotice what="The email telling them of their new role" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!trimmed} loading={busy}>
          {busy ? 'Adding…' : words[role].add}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function PeopleList({
  kind,
  people,
  onRemove,
}: {
  kind: AssignmentRole;
  people: AssignedUser[];
  onRemove: (user: AssignedUser) => void;
}) {
  const headingId = useId();
  return (
    <div>
      <h3 id={headingId} className="font-semibold text-slate-900">
        {words[kind].list} ({people.length})
      </h3>
      {people.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{words[kind].empty}</p>
      ) : (
        <ul aria-labelledby={headingId} className="mt-2 divide-y divide-slate-100">
          {people.map((u) => (
            <li key={u.user_id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p
                  className={cn(
                    'truncate text-sm font-medium',
                    u.full_name ? 'text-slate-900' : 'text-slate-600',
                  )}
                >
                  {u.full_name || 'No name'}
                </p>
                <p className="truncate text-sm text-slate-600">{u.email}</p>
              </div>
              <Button
                variant="danger-ghost"
                size="sm"
                aria-label={`Remove ${u.full_name || u.email}`}
                onClick={() => onRemove(u)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
