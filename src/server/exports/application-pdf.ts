import {
  applicantLabel,
  attachmentName,
  fileExtension,
  formForReviewer,
  IDENTITY_PROFILE_SECTIONS,
  type ReviewerView,
  snapshotForReviewer,
} from '../../shared/domain/blind-review';
import { visibleAnswers } from '../../shared/domain/conditions';
import { takesAnswer, yesNoLabels } from '../../shared/domain/forms';
import { letterCountText, letterWords } from '../../shared/domain/letters';
import { profileSectionNames, requiredProfileSections } from '../../shared/domain/profile-completeness';
import { profileFieldLabels, profileFieldsBySection } from '../../shared/domain/profile-visibility';
import { tableRowLines, tableTotalText } from '../../shared/domain/tables';
import type { Question } from '../../shared/schemas/forms';
import type { ApplicationLetters, DocumentLetter } from '../letters/documents';
import type { ExportProgram } from './access';
import { PdfWriter } from './pdf-layout';
import type { Raw } from './rows';

export interface FileRef {
  fileName: string;
  filePath: string;
  fileSize?: number;
}

const isFile = (v: unknown): v is FileRef =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as FileRef).fileName === 'string' &&
  typeof (v as FileRef).filePath === 'string';
export const filesIn = (v: unknown): FileRef[] =>
  Array.isArray(v) ? v.filter(isFile) : isFile(v) ? [v] : [];

/** '1.2 MB' */
export function bytesText(n: number | undefined): string {
  if (n === undefined || !Number.isFinite(n)) return 'size unknown';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

const utc = (v: unknown) =>
  v ? `${new Date(v as string).toISOString().replace('T', ' ').slice(0, 16)} UTC` : null;

function answerText(q: Question, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (q.type === 'checkbox') return value === true ? 'Yes' : 'No';
  if (q.type === 'yes_no') return yesNoLabels[String(value)] ?? String(value);
  if (q.type === 'number' && q.unit) return `${String(value)} ${q.unit}`;
  if (q.type === 'table') {
    // One line per filled row, then the total (decision 060).
    const lines = tableRowLines(q, value);
    if (!lines.length) return null;
    const total = tableTotalText(q, value);
    return [...lines, ...(total ? [total] : [])].join('\n');
  }
  if (q.type === 'file')
    return (
      filesIn(value)
        .map((f) => `${f.fileName} (${bytesText(f.fileSize)})`)
        .join('\n') || null
    );
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Every file of an application the caller may see: its (visible) answers' files and the profile
 * snapshot's resume and portfolio, each with the name to show ('Attachment N.ext' when identity is
 * hidden, as the blind review names them).
 */
export function applicationFiles(program: ExportProgram, row: Raw, view: ReviewerView) {
  const answers = visibleAnswers(program.form, (row.answers as Record<string, unknown> | null) ?? {});
  const snapshot = (row.profile_snapshot as Record<string, unknown> | null) ?? {};
  const found: { where: string; file: FileRef }[] = [];
  for (const q of formForReviewer(program.form, view).questions)
    if (q.type === 'file')
      for (const file of filesIn(answers[q.key])) found.push({ where: q.label || q.key, file });
  if (requiredProfileSections(program.form).includes('experience'))
    for (const field of ['resume_file', 'profile_files'] as const)
      for (const file of filesIn(snapshot[field])) found.push({ where: profileFieldLabels[field], file });
  return found.map((f, i) => ({
    ...f,
    name: view.hideIdentity ? attachmentName(i + 1, f.file.fileName) : f.file.fileName,
  }));
}

export interface ApplicationPdfOptions {
  program: ExportProgram;
  /** A row of applicationRowsQuery. */
  row: Raw;
  /** What the caller sees (blind review: no name, contact details or hidden questions for non-admins). */
  view: ReviewerView;
  /** The review summary (admins only). */
  review: boolean;
  /** The application's message thread, as its program's admins read it (admins only; issue 31 item 2). */
  messages?: { author: string; createdAt: string; body: string; attachments?: string[] }[];
  /** Its reference letters (decision 065), as the letters area gives them for this reader. */
  letters?: PdfLetters;
  generatedAt: Date;
}

export interface PdfLetters {
  data: ApplicationLetters;
  /** Why only the counts are printed (`data.letters` is null): a blind program, or a reader who is not staff. */
  hiddenReason?: 'blind' | 'staff_only';
  /**
   * Where an uploaded letter goes: 'append' reads its bytes with `read` and adds its pages at the end
   * of this document (a PDF pdf-lib cannot read is named instead); 'dossier' names the dossier's
   * letters folder, where the file is.
   */
  files: { mode: 'append'; read: (path: string) => Promise<Uint8Array | null> } | { mode: 'dossier' };
}

/** An uploaded letter larger than this is named, not appended (the PDF is made in memory). */
export const APPEND_LETTER_MAX_BYTES = 20 * 1024 * 1024;

/** The letters section: counts per question, then each submitted letter (or why they are not shown). */
async function lettersSection(pdf: PdfWriter, o: PdfLetters, attach: boolean) {
  const { questions, letters } = o.data;
  if (questions.length === 0) return;
  pdf.heading('Reference letters');
  for (const q of questions) pdf.field(q.label, letterCountText(q.submitted, q.required));
  if (letters === null) {
    const n = questions.reduce((sum, q) => sum + q.submitted, 0);
    pdf.paragraph(
      `${letterWords.received(n)} ${o.hiddenReason === 'blind' ? letterWords.blindHidden : letterWords.staffOnly}`,
      { muted: true },
    );
    return;
  }
  if (letters.length === 0) pdf.paragraph('No letters submitted yet.', { muted: true });
  for (const l of letters) {
    pdf.subheading(`Letter from ${l.name}`);
    if (questions.length > 1)
      pdf.field('Question', questions.find((q) => q.key === l.questionKey)?.label ?? l.questionKey);
    if (l.relationship) pdf.field('Relationship', l.relationship);
    pdf.field(
      'Submitted',
      `${utc(l.submittedAt)}${l.submittedBy ? ` · uploaded by ${l.submittedBy} on the recommender’s behalf` : ''}`,
    );
    for (const a of l.answers) pdf.field(a.label, a.value);
    if (l.text) pdf.field('Letter', l.text);
    if (l.file) {
      const named = `${l.file.name} (${bytesText(l.file.size ?? undefined)})`;
      let line = `${named}: the PDF is in this applicant’s letters folder of the dossier.`;
      if (o.files.mode === 'append') {
        line = `${named}: it could not be added to this document; open it from the review page.`;
        const fits = l.file.size === null || l.file.size <= APPEND_LETTER_MAX_BYTES;
        if (attach && fits) {
          const bytes = await o.files.read(l.file.path).catch(() => null);
          const n = bytes ? await pdf.appendPdf(bytes).catch(() => 0) : 0;
          if (n > 0)
            line = `${named}: ${n === 1 ? 'its page follows' : `its ${n} pages follow`} at the end of this document.`;
        } else if (!fits) line = `${named}: too large to add to this document; open it from the review page.`;
      }
      pdf.field('Uploaded letter (PDF)', line);
    }
  }
}

/**
 * One application as a PDF: answers in form order, the profile snapshot, the files with their sizes,
 * the submission time and, for admins, the review summary.
 */
export async function applicationPdf(o: ApplicationPdfOptions): Promise<Uint8Array> {
  const appends = o.letters?.files.mode === 'append' && !!o.letters.data.letters?.some((l) => l.file);
  try {
    return await buildApplicationPdf(o, true);
  } catch (err) {
    // A letter's pages that pdf-lib copied but cannot write out: the same document, letters named.
    if (!appends) throw err;
    return buildApplicationPdf(o, false);
  }
}

async function buildApplicationPdf(o: ApplicationPdfOptions, attach: boolean): Promise<Uint8Array> {
  const { program, row, view } = o;
  const hidden = view.hideIdentity;
  const applicant = hidden
    ? applicantLabel(row.applicant_number ? Number(row.applicant_number) : null)
    : ((row.applicant_name as string | null) ?? 'Applicant');
  const pdf = await PdfWriter.create(
    `${program.name}: ${applicant}`,
    `${program.name} · ${applicant} · generated ${utc(o.generatedAt)} by ApplyHub`,
  );
  pdf.title(program.name, program.orgName);
  pdf.field('Applicant', applicant);
  if (!hidden) pdf.field('Email', row.applicant_email as string | null);
  pdf.field('Application ID', String(row.id));
  pdf.field('Status', String(row.status));
  pdf.field('Submitted', utc(row.submitted_at) ?? 'Not submitted');

  const snapshot =
    snapshotForReviewer((row.profile_snapshot as Record<string, unknown> | null) ?? null, view) ?? {};
  const sections = requiredProfileSections(program.form).filter(
    (s) => !hidden || !(IDENTITY_PROFILE_SECTIONS as readonly string[]).includes(s),
  );
  if (sections.length > 0) {
    pdf.heading('Profile');
    if (typeof snapshot.__snapshot_at === 'string')
      pdf.paragraph(`As it was when the application was submitted (${utc(snapshot.__snapshot_at)}).`, {
        muted: true,
        size: 9,
      });
    for (const section of sections) {
      pdf.subheading(profileSectionNames[section]);
      let given = 0;
      for (const field of profileFieldsBySection[section]) {
        const v = snapshot[field];
        const text =
          field === 'resume_file' || field === 'profile_files'
            ? filesIn(v)
                .map(
                  (f) =>
                    `${hidden ? `File${fileExtension(f.fileName)}` : f.fileName} (${bytesText(f.fileSize)})`,
                )
                .join('\n')
            : typeof v === 'boolean'
              ? v
                ? 'Yes'
                : 'No'
              : v === null || v === undefined
                ? ''
                : String(v);
        if (!text) continue;
        given++;
        pdf.field(profileFieldLabels[field] ?? field, text);
      }
      if (given === 0) pdf.paragraph('Nothing given.', { muted: true });
    }
  }

  pdf.heading('Answers');
  const answers = visibleAnswers(program.form, (row.answers as Record<string, unknown> | null) ?? {});
  const questions = formForReviewer(program.form, view).questions.filter(takesAnswer);
  if (questions.length === 0) pdf.paragraph('This program has no custom questions.', { muted: true });
  const files = applicationFiles(program, row, view);
  const shownName = new Map(files.map((f) => [f.file.filePath, f.name]));
  for (const q of questions)
    pdf.field(
      q.label || q.key,
      q.type === 'file'
        ? filesIn(answers[q.key])
            .map((f) => `${shownName.get(f.filePath) ?? f.fileName} (${bytesText(f.fileSize)})`)
            .join('\n') || null
        : answerText(q, answers[q.key]),
    );

  pdf.heading('Files');
  if (files.length === 0) pdf.paragraph('No files.', { muted: true });
  for (const { where, file, name } of files)
    pdf.paragraph(`${name} · ${bytesText(file.fileSize)} · ${where}`);

  if (o.letters) await lettersSection(pdf, o.letters, attach);

  if (o.review) {
    pdf.heading('Review');
    const status = row.review_status
      ? row.review_status === 'submitted'
        ? 'finalized'
        : 'commented'
      : 'not started';
    pdf.field('Review status', status);
    pdf.field('Score', row.score === null || row.score === undefined ? null : String(row.score));
    pdf.field('Decision', row.decision as string | null);
    pdf.field('Comments', row.comments as string | null);
    pdf.field('Last edited by', row.reviewer_name as string | null);
    pdf.field('Finalized', utc(row.finalized_at));
    pdf.field('Result published', utc(row.published_at) ?? 'No');
  }
  if (o.review && o.messages) {
    pdf.heading('Messages');
    if (o.messages.length === 0) pdf.paragraph('No messages.', { muted: true });
    for (const m of o.messages) {
      pdf.subheading(`${m.author} · ${utc(m.createdAt)}`);
      pdf.paragraph(m.body);
      if (m.attachments?.length) pdf.field('Attachments', m.attachments.join(', '));
    }
  }
  return pdf.save();
}

/** A typed letter on its own (the dossier's file for it): who wrote it, when, the answers and the text. */
export async function letterPdf(o: {
  program: ExportProgram;
  applicant: string;
  questionLabel: string;
  letter: DocumentLetter;
  generatedAt: Date;
}): Promise<Uint8Array> {
  const { letter: l } = o;
  const pdf = await PdfWriter.create(
    `Letter from ${l.name}`,
    `${o.program.name} · ${o.applicant} · letter from ${l.name} · generated ${utc(o.generatedAt)} by ApplyHub`,
  );
  pdf.title(`Letter from ${l.name}`, `${o.program.name} · ${o.program.orgName}`);
  pdf.field('Applicant', o.applicant);
  pdf.field('Question', o.questionLabel);
  if (l.relationship) pdf.field('Relationship', l.relationship);
  pdf.field(
    'Submitted',
    `${utc(l.submittedAt)}${l.submittedBy ? ` · uploaded by ${l.submittedBy} on the recommender’s behalf` : ''}`,
  );
  for (const a of l.answers) pdf.field(a.label, a.value);
  if (l.text) {
    pdf.heading('Letter');
    pdf.paragraph(l.text);
  }
  if (l.file) pdf.field('Uploaded letter (PDF)', `${l.file.name} (${bytesText(l.file.size ?? undefined)})`);
  return pdf.save();
}
