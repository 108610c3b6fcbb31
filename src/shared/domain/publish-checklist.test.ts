import { describe, expect, it } from 'vitest';
import { emptyApplicationForm, type Question } from '../schemas/forms';
import { publishChecklist } from './publish-checklist';
import { uploadRuleText } from './upload-labels';
import { uploadRules } from './uploads';

const q = (label: string, type: Question['type'] = 'short_text'): Question => ({
  key: `k_${label}`,
  type,
  label,
  required: false,
});

describe('publishChecklist', () => {
  it('flags a form without questions', () => {
    const items = publishChecklist(emptyApplicationForm());
    expect(items[0]).toEqual({ ok: false, text: 'The form has no questions yet.' });
  });

  it('flags questions still labelled with their type name', () => {
    const form = {
      ...emptyApplicationForm(),
      questions: [q('Short text'), q('File upload', 'file'), q('Why?')],
    };
    const items = publishChecklist(form);
    expect(items).toEqual([
      { ok: true, text: '3 questions.' },
      { ok: false, text: '2 questions are still labelled with the default text.' },
    ]);
  });

  it('passes a form whose questions have their own labels', () => {
    const form = { ...emptyApplicationForm(), questions: [q('Your instrument'), q('Short text', 'date')] };
    expect(publishChecklist(form).every((i) => i.ok)).toBe(true);
  });
});

describe('uploadRuleText', () => {
  it('names each accepted type once and the size limit', () => {
    const text = uploadRuleText(uploadRules.resume);
    expect(text).toBe('Accepted files: PDF, Word, text; up to 10 MB.');
  });
});

describe('normalizeForm keeps help text', () => {
  it('trims help and drops it when blank', async () => {
    const { normalizeForm } = await import('./forms');
    const form = {
      ...emptyApplicationForm(),
      questions: [
        { ...q('A'), help: '  Tell us more.  ' },
        { ...q('B'), help: '   ' },
      ],
    };
    const out = normalizeForm(form);
    expect(out.questions[0]?.help).toBe('Tell us more.');
    expect(out.questions[1]).not.toHaveProperty('help');
  });
});
