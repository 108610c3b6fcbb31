import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { sql } from 'drizzle-orm';
import { applicantLabel, type ReviewerView } from '../../shared/domain/blind-review';
import type { Deps } from '../context';
import { documentLetters, submittedLetterBytesSql } from '../letters/documents';
import { threadForAdminDocument } from '../messages/service';
import type { ExportProgram } from './access';
import { applicationFiles, applicationPdf, letterPdf } from './application-pdf';
import { applicationRowsQuery } from './applications';
import { exportRows, type Raw } from './rows';

/** A path segment for a zip entry: letters, digits, spaces and a few signs; never '..' or a slash. */
export function entryName(text: string, fallback: string): string {
  const clean = [...text.normalize('NFC')]
    .map((ch) => (ch.charCodeAt(0) < 0x20 || '<>:"/\\|?*'.includes(ch) ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 80);
  return clean || fallback;
}

/** The folder of one applicant: their name (or 'Applicant') and the start of the application id. */
export function applicantFolder(row: Raw, view: ReviewerView): string {
  if (view.hideIdentity)
    return entryName(applicantLabel(row.applicant_number ? Number(row.applicant_number) : null), 'Applicant');
  return `${entryName(String(row.applicant_name ?? ''), 'Applicant')} ${String(row.id).slice(0, 8)}`;
}

/** The reader went away: stop. */
export class Cancelled extends Error {}

/** Resolves when the archive has written the entry it is on; rejects when the archive closes first. */
export function entryWritten(archive: ZipArchive): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      archive.off('close', closed);
      archive.off('error', closed);
      resolve();
    };
    const closed = () => {
      archive.off('entry', done);
      reject(new Cancelled());
    };
    archive.once('entry', done);
    archive.once('close', closed);
    archive.once('error', closed);
  });
}

/** The number of submitted applications and a size estimate (their files and letters plus ~40 KB per PDF). */
export async function dossierSize(deps: Deps, programId: string) {
  const result = (await deps.db.execute(sql`
    select count(*)::int as n,
      (coalesce(sum((select coalesce(sum(f.size), 0) from files f where f.application_id = a.id)), 0)
        + coalesce(sum(coalesce((a.profile_snapshot->'resume_file'->>'fileSize')::bigint, 0)), 0)
        + coalesce(sum(${submittedLetterBytesSql(sql`a.id`)}), 0))::bigint as bytes
    from applications a where a.program_id = ${programId} and a.status <> 'draft'`)) as unknown as {
    rows: { n: number; bytes: string | number }[];
  };
  const row = result.rows[0];
  return { applications: Number(row?.n ?? 0), bytes: Number(row?.bytes ?? 0) + Number(row?.n ?? 0) * 40_000 };
}

/**
 * The program dossier (decision 037): a zip streamed as it is made, one folder per applicant with the
 * application's PDF and every file they uploaded (answers, resume, portfolio). Entries are added one
 * at a time, each after the previous one is written, so at most one file is open and memory does not
 * grow with the program; files are stored, not compressed again (they mostly are already).
 */
export function dossierStream(
  deps: Deps,
  o: { program: ExportProgram; view: ReviewerView; review: boolean },
): Readable {
  // archiver buffers 1 MB each way by default; the reader needs far less in hand.
  const archive = new ZipArchive({ store: true, forceZip64: false, highWaterMark: 64 * 1024 });
  const generatedAt = deps.clock.now();
  const add = async (source: Buffer | Readable, name: string) => {
    if (archive.destroyed) throw new Cancelled();
    const written = entryWritten(archive);
    archive.append(source, { name, date: generatedAt });
    try {
      await written;
    } catch (err) {
      if (typeof (source as Readable).destroy === 'function') (source as Readable).destroy();
      throw err;
    }
  };
  (async () => {
    const rowsQuery = applicationRowsQuery(
      o.program.id,
      'all',
      { numbered: o.view.hideIdentity },
      generatedAt,
    );
    for await (const rows of exportRows(deps.database, rowsQuery)) {
      // The chunk's letters in one statement: the letters themselves for the program's admins, the
      // counts for coalition managers (decision 065: they read applications as the exports show them).
      const chunkLetters = await documentLetters(
        deps.db,
        o.program.form,
        rows.map((r) => ({ id: String(r.id), answers: (r.answers as Record<string, unknown> | null) ?? {} })),
        { content: o.review, hiddenQuestions: o.view.hiddenQuestions },
      );
      for (const row of rows) {
        const folder = applicantFolder(row, o.view);
        const messages = o.review ? await threadForAdminDocument(deps.db, String(row.id)) : undefined;
        const letters = chunkLetters.get(String(row.id));
        const pdf = await applicationPdf({
          ...o,
          row,
          messages,
          letters: letters && {
            data: letters,
            hiddenReason: o.review ? undefined : 'staff_only',
            files: { mode: 'dossier' },
          },
          generatedAt,
        });
        await add(Buffer.from(pdf), `${folder}/application.pdf`);
        const used = new Set<string>();
        const unique = (wanted: string) => {
          let name = wanted;
          for (let i = 2; used.has(name); i++)
            name = wanted.replace(/(\.[^./]*)?$/, (ext) => ` (${i})${ext}`);
          used.add(name);
          return name;
        };
        // One file per submitted letter: a typed letter as a small PDF, an uploaded one as it came.
        for (const l of letters?.letters ?? []) {
          const base = `${folder}/letters/${entryName(`Letter from ${l.name}`, 'Letter')}`;
          if (l.text || !l.file)
            await add(
              Buffer.from(
                await letterPdf({
                  program: o.program,
                  applicant: o.view.hideIdentity
                    ? applicantLabel(row.applicant_number ? Number(row.applicant_number) : null)
                    : String(row.applicant_name ?? 'Applicant'),
                  questionLabel:
                    letters?.questions.find((q) => q.key === l.questionKey)?.label ?? l.questionKey,
                  letter: l,
                  generatedAt,
                }),
              ),
              unique(`${base}.pdf`),
            );
          if (l.file) {
            const name = unique(l.text ? `${base} (uploaded).pdf` : `${base}.pdf`);
            const object = await deps.storage.get(l.file.path).catch(() => null);
            if (object) await add(object.body, name);
            else
              await add(
                Buffer.from(`This file could not be read from storage: ${l.file.name}\n`),
                `${name}.missing.txt`,
              );
          }
        }
        for (const { where, file, name: shown } of applicationFiles(o.program, row, o.view)) {
          let name = `${folder}/files/${entryName(where, 'File')}/${entryName(shown, 'file')}`;
          for (let i = 2; used.has(name); i++) name = `${name.replace(/( \(\d+\))?$/, '')} (${i})`;
          used.add(name);
          const object = await deps.storage.get(file.filePath).catch(() => null);
          if (object) await add(object.body, name);
          else
            await add(
              Buffer.from(`This file could not be read from storage: ${shown}\n`),
              `${name}.missing.txt`,
            );
        }
      }
    }
    await archive.finalize();
  })().catch((err) => {
    if (!(err instanceof Cancelled)) archive.destroy(err);
  });
  return archive;
}
