import { missingRequiredLabels } from '../../shared/domain/answers';
import { visibleQuestions } from '../../shared/domain/conditions';
import type { Actor } from '../../shared/policy';
import {
  type CoalitionDashboard,
  DASHBOARD_DRAFTS_SHOWN,
  DASHBOARD_MAX_DAYS,
  type Dashboard,
} from '../../shared/schemas/dashboard';
import { applicationFormSchema } from '../../shared/schemas/forms';
import { screeningStats } from '../applications/screening-pass';
import { stageFunnelOf } from '../applications/stages';
import type { Clock } from '../clock';
import { assertCan, requireActor } from '../context';
import type { Db } from '../db/client';
import { liveCoalitionBySlug } from '../discovery/queries';
import { NotFound } from '../errors';
import { rawParam, type Who } from '../http/openapi';
import { PROGRAM_NOT_FOUND, programAdminAccess } from '../program-assignments/access';
import { settingsOf } from '../scoring/queries';
import {
  coalitionProgramOrg,
  draftFacts,
  funnelCounts,
  perDay,
  programFacts,
  reviewerProgress,
} from './queries';

const DAY = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/**
 * Every UTC day from the opening (or the first application) to the close (or today, or the last
 * application), with zeros where nothing happened; at most DASHBOARD_MAX_DAYS, the latest kept. A close
 * so far ahead that the days up to it would push the applications out ends the range today instead.
 */
export function fillDays(
  days: { day: string; started: number; submitted: number }[],
  openAt: Date | null,
  closeAt: Date | null,
  now: Date,
) {
  const known = new Map(days.map((d) => [d.day, d]));
  const today = dayOf(now);
  const latest = (...list: (string | undefined)[]) =>
    (list.filter(Boolean) as string[]).sort().at(-1) as string;
  const earliest = (...list: (string | undefined)[]) => (list.filter(Boolean) as string[]).sort()[0];
  const lastDay = days[days.length - 1]?.day;
  let start = earliest(days[0]?.day, openAt ? dayOf(openAt) : undefined) ?? today;
  const closeDay = closeAt ? dayOf(closeAt) : undefined;
  const fitsCloseAhead =
    closeDay !== undefined &&
    Date.parse(closeDay) - Date.parse(earliest(start, today)) <= (DASHBOARD_MAX_DAYS - 1) * DAY;
  const end =
    closeDay === undefined || (closeDay > today && !fitsCloseAhead)
      ? latest(lastDay, today)
      : latest(lastDay, closeDay);
  if (Date.parse(end) - Date.parse(start) > (DASHBOARD_MAX_DAYS - 1) * DAY)
    start = dayOf(new Date(Date.parse(end) - (DASHBOARD_MAX_DAYS - 1) * DAY));
  const out = [];
  for (let t = Date.parse(start); t <= Date.parse(end); t += DAY) {
    const day = dayOf(new Date(t));
    out.push(known.get(day) ?? { day, started: 0, submitted: 0 });
  }
  return out;
}

/** The program dashboard: its admins (org admins, program admins, super admins) only. */
export async function programDashboard(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  programId: string,
): Promise<Dashboard> {
  const access = await programAdminAccess(db, actor, programId);
  return (await dashboardOf(db, clock, programId, access.scope.orgId)).dashboard;
}

/**
 * The program dashboard read-only, for the managers of a coalition that holds the program (issue 33
 * item 18; super admins too): the admins' numbers, with reviewers numbered instead of named and the
 * drafts' applicants named only where the manager's downloads name them (not in a blind program).
 * Not a manager of this coalition: 403; a program outside it: 404.
 */
/** The coalition `slug` if the actor manages it (super admins too): unknown 404, not theirs 403. */
async function managedCoalition(db: Db, actor: Actor | null, slug: string) {
  requireActor(actor);
  const coalition = await liveCoalitionBySlug(db, slug);
  if (!coalition) throw new NotFound('Coalition not found.');
  assertCan(actor, { kind: 'coalition:manage', coalitionId: coalition.id });
  return coalition;
}

/** Route caller check (`who`, decision 052): the managers of the coalition `{slug}`. */
export const coalitionManagers: Who = (c, actor) =>
  managedCoalition(c.get('deps').db, actor, rawParam(c, 'slug'));

export async function coalitionProgramDashboard(
  db: Db,
  clock: Clock,
  actor: Actor | null,
  slug: string,
  programId: string,
): Promise<CoalitionDashboard> {
  const coalition = await managedCoalition(db, actor, slug);
  const orgId = await coalitionProgramOrg(db, coalition.id, programId);
  if (!orgId) throw new NotFound(PROGRAM_NOT_FOUND);
  const { dashboard, blind } = await dashboardOf(db, clock, programId, orgId);
  return {
    ...dashboard,
    reviewers: dashboard.reviewers.map((r, i) => ({
      label: `Reviewer ${i + 1}`,
      touched: r.touched,
      finalized: r.finalized,
      assigned: r.assigned,
    })),
    drafts: {
      ...dashboard.drafts,
      items: dashboard.drafts.items.map(({ application_id: _, applicant_name, ...rest }) => ({
        ...rest,
        applicant_name: blind ? null : applicant_name,
      })),
    },
  };
}

/** The dashboard's numbers, for whoever the caller checked may read them. */
async function dashboardOf(db: Db, clock: Clock, programId: string, orgId: string) {
  const facts = await programFacts(db, programId);
  if (!facts) throw new NotFound(PROGRAM_NOT_FOUND);
  const now = clock.now();
  const form = applicationFormSchema.parse(facts.form ?? {});
  // Required questions shown to this applicant (a question its conditions hide is never required).
  const requiredOf = (answers: Record<string, unknown>) =>
    visibleQuestions(form, answers).filter((q) => q.required).length;
  const closeAt = facts.close_at ? new Date(facts.close_at as string) : null;
  const settings = await settingsOf(db, programId);
  const [screening, funnel, days, reviewers, drafts, stages] = await Promise.all([
    screeningStats(db, programId, form, closeAt),
    funnelCounts(db, programId, now),
    perDay(db, programId),
    reviewerProgress(db, programId, orgId, settings.mode === 'independent'),
    draftFacts(db, programId, now, DASHBOARD_DRAFTS_SHOWN),
    stageFunnelOf(db, programId),
  ]);
  const openAt = facts.open_at ? new Date(facts.open_at as string) : null;
  const dashboard: Dashboard = {
    program: {
      id: String(facts.id),
      review_mode: settings.mode,
      name: String(facts.name),
      type: String(facts.type),
      organization_slug: String(facts.organization_slug),
      organization_name: String(facts.organization_name),
      published: facts.published === true,
      open_at: iso(facts.open_at),
      close_at: iso(facts.close_at),
    },
    now: now.toISOString(),
    funnel,
    per_day: fillDays(days, openAt, closeAt, now),
    reviewers,
    screening,
    stages,
    drafts: {
      total: drafts.total,
      saved_last_day: drafts.lastDay,
      saved_last_week: drafts.lastWeek,
      items: drafts.items.map((d) => {
        const answers = (d.answers as Record<string, unknown>) ?? {};
        const required = requiredOf(answers);
        return {
          application_id: String(d.id),
          applicant_name: (d.applicant_name as string | null) ?? null,
          updated_at: iso(d.updated_at)!,
          // A table started but not finished blocks submission without being required: not counted here.
          required_answered: Math.max(0, required - missingRequiredLabels(form, answers).length),
          required_total: required,
        };
      }),
    },
  };
  return { dashboard, blind: settings.blind };
}
