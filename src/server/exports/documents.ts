import { Readable } from 'node:stream';
import { applicantLabel } from '../../shared/domain/blind-review';
import { exportFileName } from '../../shared/domain/exports';
import type { Actor } from '../../shared/policy';
import { APPLICATION_NOT_FOUND, type ApplicationReader, applicationReader } from '../applications/access';
import { recordAudit } from '../audit/record';
import { type Deps, requireActor } from '../context';
import type { Db } from '../db/client';
import { NotFound } from '../errors';
import { documentLetters } from '../letters/documents';
import { lettersHiddenFrom } from '../letters/service';
import { threadForAdminDocument } from '../messages/service';
import { assertNoticeAccepted, type ExportProgram, exportAccess, exportProgram } from './access';
import { APPEND_LETTER_MAX_BYTES, applicationPdf, type PdfLetters } from './application-pdf';
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
 * The reference letters of one application's PDF (decision 065), with the review screen's rule: the
 * letters themselves for those who read them there (its admins; its reviewers, in a blind program only
 * when the admin allowed letters), the counts for everyone else (coalition managers read the
 * application as its exports show it: counts). An uploaded letter's pages are appended.
 */
async function pdfLetters(
  deps: Deps,
  program: ExportProgram,
  row: Raw,
  reader: Exclude<ApplicationReader, { role: 'owner' }>,
): Promise<PdfLetters> {
  const view = reader.role === 'reviewer' ? reader.access.view : reader.view;
  const hidden =
    reader.role === 'exporter'
      ? 'staff_only'
      : (await lettersHiddenFrom(deps.db, program.id, {
            admin: reader.access.admin,
            hideIdentity: view.hideIdentity,
          }))
        ? 'blind'
        : undefined;
  const id = String(row.id);
  const found = await documentLetters(
    deps.db,
    program.form,
    [{ id, answers: (row.answers as Record<string, unknown> | null) ?? {} }],
    { content: !hidden, hiddenQuestions: view.hiddenQuestions },
  );
  return {
    data: found.get(id) ?? { questions: [], letters: null },
    hiddenReason: hidden,
    files: { mode: 'append', read: (path) => readObject(deps, path, APPEND_LETTER_MAX_BYTES) },
  };
}

/** A stored object's bytes (null when it is missing or larger than `max`). */
async function readObject(deps: Deps, path: string, max: number): Promise<Uint8Array | null> {
  const object = await deps.storage.get(path);
  if (!object) return null;
  if (object.size > max) {
    object.body.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of object.body) {
    size += (chunk as Buffer).length;
    if (size > max) {
      object.body.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

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
    letters: await pdfLetters(deps, program, row, reader),
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
