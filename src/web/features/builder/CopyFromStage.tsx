import { useQuery } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import { questionTypeLabels } from '../../../shared/domain/forms';
import { carriesAnswer, copyableQuestions, stageQuestionCopy } from '../../../shared/domain/stages';
import type { ApplicationForm, Question } from '../../../shared/schemas/forms';
import type { Stage } from '../../../shared/schemas/stages';
import { Button } from '../../components/ui/Button';
import { ErrorState } from '../../components/ui/ErrorState';
import { Select } from '../../components/ui/Field';
import { SkeletonText } from '../../components/ui/Skeleton';
import { editorQuery } from './api';

const optionLabel = (q: Question) => {
  const type = questionTypeLabels[q.type];
  return `${q.label.trim() || type} (${type}${carriesAnswer(q) ? '' : ', not prefilled'})`;
};

/**
 * A later stage's builder (decision 066): copy a question of the previous stage into this form. The
 * copy keeps the question's key, which is what prefills an invited applicant's earlier answer; a
 * question added with the buttons gets a fresh key, so without a copy nothing is ever prefilled.
 */
export function CopyFromStage({
  previous,
  form,
  onCopy,
}: {
  previous: Stage;
  form: ApplicationForm;
  onCopy: (question: Question) => void;
}) {
  const query = useQuery(editorQuery(previous.id));
  const [chosen, setChosen] = useState('');
  const offered = query.data ? copyableQuestions(query.data.form, form) : [];
  const picked = offered.find((q) => q.key === chosen) ?? offered[0];

  return (
    <fieldset className="mt-4 border-t border-slate-200 pt-4">
      <legend className="text-sm font-medium text-slate-800">Copy a question from {previous.name}</legend>
      <p className="mt-1 text-sm text-slate-600">
        Invited applicants find their answer to a copied question filled in (not files, letters or content
        blocks).
      </p>
      <div className="mt-2">
        {query.isPending ? (
          <SkeletonText lines={1} />
        ) : !query.data ? (
          <ErrorState
            message={`Failed to load the questions of ${previous.name}.`}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : !picked ? (
          <p className="text-sm text-slate-600">
            {query.data.form.questions.length === 0
              ? `${previous.name} has no questions yet.`
              : `Every question of ${previous.name} is in this form.`}
          </p>
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <Select
              className="min-w-0 flex-1 basis-56"
              label="Question to copy"
              value={picked.key}
              onChange={(e) => setChosen(e.target.value)}
              options={offered.map((q) => ({ value: q.key, label: optionLabel(q) }))}
            />
            <Button variant="secondary" onClick={() => onCopy(stageQuestionCopy(picked))}>
              <Copy className="size-4" aria-hidden="true" /> Copy question
            </Button>
          </div>
        )}
      </div>
    </fieldset>
  );
}
