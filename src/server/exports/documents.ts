import { Readable } from 'node:stream';
import { applicantLabel } from '../../shared/domain/blind-review';
import { exportFileName } from '../../shared/domain/exports';
import type { Actor } from '../../shared/policy';
import { APPLICATION_NOT_FOUND, applicationReader } from '../applications/access';
import { recordAudit } from '../audit/record';
import { type Deps, requireActor } from '../context';
import type { Db } from '../db/client';
import { NotFound } from '../errors';
import { threadForAdminDocument } from '../messages/service';
import { assertNoticeAccepted, exportAccess, exportProgram } from './access';
import { applicationPdf } from './application-pdf';
import { applicationRowQuery } from './applications';
import { dossierSize, dossierStream } from './dossier';
import { downloadSlot } from './limiter';
import type { Raw } from './rows';
import type { Download } from './service';

async function firstRow(db: Db, query: ReturnType<typeof applicationRowQuery>): Promise<Raw | null> {
  const result = (await db.execute(query)) as unknown as { rows: Raw[] };
  return result.rows[0] ?? null;
}

const recorded = (
  deps: Deps,
  me: Actor,
  entry: { id: string; label: string; orgId: string; summary: string },
) =>
  deps.db.transaction((tx) =>
    recordAudit(tx, {
      actor: me,
      action: 'export.downloaded',
      target: { type: 'export', id: entry.id, label: entry.label },
      orgId: entry.orgId,
      summary: entry.summary,
      at: deps.clock.now(),
    }),
  );

/**
 * One submitted application as a PDF, through the application gate (applications/access.ts) like
 * every other read of it: its program's reviewers (an independent-scoring reviewer only for an
 * application assigned to them and without a conflict: 403), admins, and those who may export it (the
 * inbox; coalition managers too). Anyone else, its applicant included, gets the same 404 as for a
 * missing application. The review summary is for the program's admins.
 */
export async function applicationPdfDownload(
  deps: Deps,
  actor: Actor | null,
  applicationId: string,
): Promise<Download> {
  const me = requireActor(actor);
  const reader = await applicationReader(deps.db, me, applicationId, { exporters: true });
  const loaded = reader.role === 'owner' ? null : await exportProgram(deps.db, reader.programId);
  if (reader.role === 'owner' || !loaded) throw new NotFound(APPLICATION_NOT_FOUND);
  const { program } = loaded;
  const admin = reader.role === 'reviewer' && reader.access.admin;
  // A blind program's reviewers (and coalition managers) get no name, contact or hidden question.
  const view = reader.role === 'reviewer' ? reader.access.view : reader.view;
  const row = await firstRow(
    deps.db,
    applicationRowQuery(program.id, applicationId, { numbered: view.hideIdentity }),
  );
  if (!row) throw new NotFound(APPLICATION_NOT_FOUND);
  await assertNoticeAccepted(deps.db, me);
  const applicant = view.hideIdentity
    ? applicantLabel(row.applicant_number ? Number(row.applicant_number) : null)
    : String(row.applicant_name ?? 'Applicant');
  await recorded(deps, me, {
    id: applicationId,
    label: `PDF of ${applicant}'s application to ${program.name}`,
    orgId: program.orgId,
    summary: 'PDF, 1 application',
  });
  const bytes = await applicationPdf({
    program,
    row,
    view,
    review: admin,
    messages: admin ? await threadForAdminDocument(deps.db, applicationId) : undefined,
    generatedAt: deps.clock.now(),
  });
  return {
    body: Readable.from([Buffer.from(bytes)]),
    fileName: exportFileName([program.name, applicant], 'pdf', deps.clock.now()),
    contentType: 'application/pdf',
    size: bytes.byteLength,
  };
}

/**
 * The program dossier: every submitted application's PDF and files, one folder per applicant, in a
 * zip streamed as it is made (admins and the coalition's managers, like the exports).
 */
export async function dossierDownload(deps: Deps, actor: Actor | null, programId: string) {
  const access = await exportAccess(deps.db, actor, programId);
  const { program, actor: me } = access;
  await assertNoticeAccepted(deps.db, me);
  const size = await dossierSize(deps, program.id);
  // Recorded once the download has its slot (a 429 is not a download).
  const release = await downloadSlot();
  let body: ReturnType<typeof dossierStream>;
  try {
    await recorded(deps, me, {
      id: program.id,
      label: `Dossier of ${program.name}`,
      orgId: program.orgId,
      summary: `ZIP, ${size.applications} application(s) with their files`,
    });
    body = dossierStream(deps, { program, view: access.view, review: access.admin });
  } catch (err) {
    release();
    throw err;
  }
  body.once('close', release);
  return {
    body,
    fileName: exportFileName([program.orgName, program.name, 'dossier'], 'zip', deps.clock.now()),
    contentType: 'application/zip',
    applications: size.applications,
    estimatedSize: size.bytes,
  } satisfies Download & { applications: number; estimatedSize: number };
}
