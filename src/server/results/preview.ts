import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { defaultVisibility, normalizeCustomMessage, type Visibility } from '../../shared/domain/results';
import type { Actor } from '../../shared/policy';
import type { PublishPreview } from '../../shared/schemas/mail';
import type { publishPreviewInput } from '../../shared/schemas/results';
import type { Deps } from '../context';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { applications, organizations, profiles, publications, reviews, user } from '../db/schema';
import { queueEmail } from '../mail';
import { mailContext } from '../mail/deliver';
import { renderMail } from '../mail/templates';
import { headerText } from '../mail/text';
import { programAdminAccess } from '../program-assignments/access';
import { resultEmailData, resultProgramOf } from './emails';
import { resultHereSql, resultStageOf } from './stages';

type PreviewInput = z.output<typeof publishPreviewInput>;

const idsFilter = (ids: string[] | null) =>
  ids
    ? sql`and r.application_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`
    : sql``;

function visibilityOf(input: PreviewInput['visibility'], defaults: Visibility): Visibility {
  return {
    decision: input?.decision ?? defaults.decision,
    score: input?.score ?? defaults.score,
    comments: input?.comments ?? defaults.comments,
    customMessage: normalizeCustomMessage(input?.customMessage),
  };
}

interface Sample {
  application_id: string;
  email: string;
  name: string | null;
  decision: string | null;
  score: number | null;
  comments: string | null;
}

/**
 * What publishing this selection would email: how many applicants get one (finalized results not
 * published yet: publishing again sends nothing), and one of them (the chosen one, else the first
 * not yet published, else the first) to render; never an applicant invited to the next stage (their
 * result is that stage's). Two statements.
 */
async function selectionOf(db: Db, programId: string, input: PreviewInput) {
  const ids = input.mode === 'selected' ? [...new Set(input.application_ids ?? [])] : null;
  const [counted] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from ${reviews} r
      where r.program_id = ${programId} and r.status = 'submitted' ${idsFilter(ids)}
        and not exists (select 1 from ${publications} p where p.application_id = r.application_id)
        and not exists (select 1 from ${applications} w where w.id = r.application_id and w.status = 'withdrawn')
        and ${resultHereSql(sql`r.application_id`)}`),
  );
  const chosen = input.preview_application_id ?? null;
  const [sample] = rowsOf<Sample>(
    await db.execute(sql`
      select r.application_id, u.email, coalesce(pr.full_name, nullif(u.name, '')) as name,
        coalesce(r.decision, r.ratings->>'decision') as decision, r.score, r.comments
      from ${reviews} r
      join ${applications} a on a.id = r.application_id
      join ${user} u on u.id = a.user_id
      left join ${profiles} pr on pr.id = a.user_id
      where r.program_id = ${programId} and r.status = 'submitted' and a.status <> 'withdrawn'
        and ${resultHereSql(sql`r.application_id`)} ${idsFilter(ids)}
      order by (r.application_id = ${chosen}::uuid) desc nulls last,
        exists (select 1 from ${publications} p where p.application_id = r.application_id),
        r.submitted_at desc, r.application_id
      limit 1`),
  );
  return { count: Number(counted?.n ?? 0), sample: sample ?? null };
}

async function senderOf(db: Db, orgId: string) {
  const [org] = await db
    .select({
      name: organizations.name,
      slug: organizations.slug,
      contactEmail: organizations.contactEmail,
      hasLogo: sql<boolean>`${organizations.logo} is not null`,
    })
    .from(organizations)
    .where(and(eq(organizations.id, orgId), isNull(organizations.deletedAt)))
    .orderBy(asc(organizations.id));
  return org;
}

async function prepare(deps: Deps, actor: Actor | null, programId: string, input: PreviewInput) {
  const access = await programAdminAccess(deps.db, actor, programId);
  const [org, stage] = await Promise.all([
    senderOf(deps.db, access.scope.orgId),
    resultStageOf(deps.db, programId),
  ]);
  const program = resultProgramOf(
    { id: programId, name: access.program.name, orgId: access.scope.orgId, orgName: org?.name ?? 'ApplyHub' },
    stage,
  );
  const visibility = visibilityOf(input.visibility, defaultVisibility(access.program.reviewerForm));
  const { count, sample } = await selectionOf(deps.db, programId, input);
  const data = resultEmailData(program, sample?.name ?? null, visibility, {
    decision: sample?.decision ?? null,
    score: sample?.score ?? null,
    comments: sample?.comments ?? null,
  });
  return { access, org, program, visibility, count, sample, data };
}

/** The publish confirmation's preview: the exact email one selected applicant will receive, and the count. */
export async function publishPreview(
  deps: Deps,
  actor: Actor | null,
  programId: string,
  input: PreviewInput,
): Promise<PublishPreview> {
  const { org, count, sample, data } = await prepare(deps, actor, programId, input);
  const senderName = headerText(org?.name ?? 'ApplyHub', 120);
  const rendered = renderMail(
    'results_published',
    data,
    mailContext(deps.config, { name: senderName, orgSlug: org?.slug ?? null, hasLogo: !!org?.hasLogo }, null),
  );
  return {
    count,
    to: sample ? { name: sample.name, email: sample.email } : null,
    application_id: sample?.application_id ?? null,
    from: `${senderName} <${deps.config.mail.from.address}>`,
    reply_to: org?.contactEmail ?? null,
    subject: headerText(rendered.subject),
    html: rendered.html,
    text: rendered.text,
  };
}

/** Seconds in which the same test copy is sent once (a double click sends one). */
const TEST_COPY_WINDOW_S = 30;

/**
 * A test copy of that email to the admin themselves (marked as a test; never counted in the
 * program's delivery status).
 */
export async function sendTestCopy(
  deps: Deps,
  actor: Actor | null,
  programId: string,
  input: PreviewInput,
): Promise<{ message: string; to: string }> {
  const { access, program, sample, data } = await prepare(deps, actor, programId, input);
  const me = access.actor;
  const content = createHash('sha256')
    .update(
      JSON.stringify({ data, window: Math.floor(deps.clock.now().getTime() / (TEST_COPY_WINDOW_S * 1000)) }),
    )
    .digest('hex')
    .slice(0, 16);
  await deps.db.transaction((tx) =>
    queueEmail(tx, {
      kind: 'results_published',
      to: { email: me.email, userId: me.userId },
      about: { entity: `test:${programId}:${sample?.application_id ?? 'none'}`, version: content },
      organizationId: program.orgId,
      programId: null,
      data: { ...data, test: true },
    }),
  );
  return { message: `Test copy sent to ${me.email}.`, to: me.email };
}
