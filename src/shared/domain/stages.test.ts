import { describe, expect, it } from 'vitest';
import { type ApplicationForm, emptyApplicationForm, type Question } from '../schemas/forms';
import {
  carriesAnswer,
  copyableQuestions,
  invitationStateText,
  inviteResultText,
  prefillAnswers,
  prefillKeys,
  stageLabel,
  stageLineStatus,
  stageOfLabel,
  stageQuestionCopy,
  stageTabLabel,
  withStages,
} from './stages';

const form = (questions: Question[]): ApplicationForm => ({ ...emptyApplicationForm(), questions });

const stage1 = form([
  { key: 'title', type: 'short_text', label: 'Title', required: true },
  { key: 'summary', type: 'long_text', label: 'Summary', required: true },
  { key: 'genre', type: 'select', label: 'Genre', required: false, options: ['Jazz', 'Folk'] },
  { key: 'sample', type: 'file', label: 'Sample', required: false },
  { key: 'intro', type: 'content', label: 'About', required: false },
  { key: 'more', type: 'yes_no', label: 'More?', required: false },
  {
    key: 'detail',
    type: 'short_text',
    label: 'Detail',
    required: false,
    showIf: { join: 'all', rules: [{ question: 'more', op: 'equals', value: 'yes' }] },
  },
]);

describe('the prefill rule of a next stage (decision 066)', () => {
  it('takes the questions with the same key and type, never files or content', () => {
    const stage2 = form([
      { key: 'title', type: 'short_text', label: 'Title', required: true },
      { key: 'summary', type: 'short_text', label: 'One line', required: false },
      { key: 'sample', type: 'file', label: 'Sample', required: false },
      { key: 'intro', type: 'content', label: 'About', required: false },
      { key: 'genre', type: 'select', label: 'Genre', required: false, options: ['Jazz', 'Blues'] },
      { key: 'new', type: 'long_text', label: 'Plan', required: true },
    ]);
    expect(prefillKeys(stage1, stage2)).toEqual(['title', 'genre']);
  });

  it('copies the shown answers the next form accepts as they are', () => {
    const stage2 = form([
      { key: 'title', type: 'short_text', label: 'Title', required: true, maxLength: 10 },
      { key: 'genre', type: 'select', label: 'Genre', required: false, options: ['Jazz', 'Blues'] },
      { key: 'detail', type: 'short_text', label: 'Detail', required: false },
      { key: 'sample', type: 'file', label: 'Sample', required: false },
    ]);
    const file = { filePath: 'applications/x/sample/a.pdf', fileName: 'a.pdf' };
    // A title too long for the next stage, an option it does not offer, a hidden answer: left out.
    expect(
      prefillAnswers(stage1, stage2, {
        title: 'A very long title indeed',
        genre: 'Folk',
        more: 'no',
        detail: 'hidden by its condition',
        sample: file,
      }),
    ).toEqual({});
    expect(
      prefillAnswers(stage1, stage2, {
        title: 'Short',
        genre: 'Jazz',
        more: 'yes',
        detail: 'Shown',
        sample: file,
      }),
    ).toEqual({ title: 'Short', genre: 'Jazz', detail: 'Shown' });
  });

  it('gives nothing when no question is the same', () => {
    expect(prefillAnswers(stage1, form([]), { title: 'x' })).toEqual({});
  });
});

describe('copying a question of the previous stage into a later one', () => {
  it('offers the questions whose key the later form does not hold yet', () => {
    const stage2 = form([
      { key: 'title', type: 'short_text', label: 'Project title', required: true },
      { key: 'q_long_text_abc123', type: 'long_text', label: 'Plan', required: true },
    ]);
    expect(copyableQuestions(stage1, stage2).map((q) => q.key)).toEqual([
      'summary',
      'genre',
      'sample',
      'intro',
      'more',
      'detail',
    ]);
    expect(copyableQuestions(stage1, stage1)).toEqual([]);
  });

  it('keeps the key, type and settings, so the copy is prefilled; not the condition nor the section', () => {
    const detail = stage1.questions.find((q) => q.key === 'detail')!;
    const copy = stageQuestionCopy({ ...detail, section: 's_one', maxLength: 80 });
    expect(copy).toEqual({
      key: 'detail',
      type: 'short_text',
      label: 'Detail',
      required: false,
      maxLength: 80,
    });
    expect(stageQuestionCopy(detail, 's_two').section).toBe('s_two');
    // The copy is the later stage's own: changing it leaves the previous stage's question as it was.
    const genre = stage1.questions.find((q) => q.key === 'genre')!;
    stageQuestionCopy(genre).options?.push('Blues');
    expect(genre.options).toEqual(['Jazz', 'Folk']);
    const stage2 = form([stageQuestionCopy(detail), stageQuestionCopy(genre)]);
    expect(prefillKeys(stage1, stage2)).toEqual(['detail', 'genre']);
    expect(prefillAnswers(stage1, stage2, { more: 'yes', detail: 'Shown', genre: 'Jazz' })).toEqual({
      detail: 'Shown',
      genre: 'Jazz',
    });
  });

  it('says which copies take the earlier answer: not files, letters or content blocks', () => {
    expect(stage1.questions.filter(carriesAnswer).map((q) => q.key)).toEqual([
      'title',
      'summary',
      'genre',
      'more',
      'detail',
    ]);
  });
});

describe('a stage line on the applicant’s card', () => {
  it('is invited while a draft, then submitted; withdrawn wins', () => {
    expect(stageLineStatus('draft', false)).toBe('invited');
    expect(stageLineStatus('submitted', false)).toBe('submitted');
    expect(stageLineStatus('draft', true)).toBe('withdrawn');
    expect(stageLineStatus('withdrawn', false)).toBe('withdrawn');
  });
});

describe('the inbox’s words for stages (decision 066)', () => {
  it('names a stage and where an invited application stands', () => {
    expect(invitationStateText('invited', 'Full proposal')).toBe('Invited to Full proposal');
    expect(invitationStateText('submitted', 'Full proposal')).toBe('Submitted Full proposal');
    expect(invitationStateText('withdrawn', 'Full proposal')).toBe('Invitation withdrawn');
  });

  it('says how many were invited and why others were skipped', () => {
    const stage = { name: 'Full proposal' };
    expect(inviteResultText({ stage, invited: 2, already_invited: 0, skipped: 0 })).toBe(
      '2 applicants invited to Full proposal.',
    );
    expect(inviteResultText({ stage, invited: 1, already_invited: 2, skipped: 1 })).toBe(
      '1 applicant invited to Full proposal. 3 skipped (2 already invited, 1 not submitted).',
    );
    expect(inviteResultText({ stage, invited: 0, already_invited: 0, skipped: 1 })).toBe(
      '0 applicants invited to Full proposal. 1 skipped (1 not submitted).',
    );
  });
});

describe('an admin list of programs with their stages', () => {
  const p = (id: string, name: string, parent: string | null = null, stage = 1) => ({
    id,
    name,
    parent_program_id: parent,
    stage_number: stage,
  });

  it('puts each program’s later stages right after it, by stage number', () => {
    const items = [
      p('s3', 'Interview', 'a', 3),
      p('b', 'Spring Auditions'),
      p('s2', 'Full proposal', 'a', 2),
      p('a', 'Youth Grants'),
    ];
    expect(
      withStages(items).map((r) => [r.program.id, r.stage && `${r.stage.number} of ${r.stage.of}`, r.stages]),
    ).toEqual([
      ['b', null, 1],
      ['a', null, 3],
      ['s2', '2 of Youth Grants', 1],
      ['s3', '3 of Youth Grants', 1],
    ]);
  });

  it('keeps a stage whose program is not listed in its place, named from what else is known', () => {
    const items = [p('s2', 'Full proposal', 'a', 2), p('b', 'Spring Auditions')];
    expect(withStages(items, [p('a', 'Youth Grants')]).map((r) => [r.program.id, r.stage])).toEqual([
      ['s2', { number: 2, of: 'Youth Grants' }],
      ['b', null],
    ]);
    expect(withStages(items)[0].stage).toEqual({ number: 2, of: null });
  });

  it('names stages and tabs', () => {
    expect(stageOfLabel(2, 'Youth Grants')).toBe('Stage 2 of Youth Grants');
    expect(stageTabLabel(1, 'Letter of intent')).toBe('Stage 1 · Letter of intent');
  });
});

describe('stage label', () => {
  it('names a stage with its number', () => {
    expect(stageLabel('Letter of intent', 1)).toBe('Letter of intent (stage 1)');
  });
});
