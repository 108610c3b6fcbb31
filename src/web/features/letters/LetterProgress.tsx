import { letterCountText } from '../../../shared/domain/letters';
import { Badge } from '../../components/ui/Badge';

/**
 * An application's reference letters in a list (the Applications Inbox; decision 065): "1 of 2
 * submitted", amber while any letter question lacks letters, green once each has its minimum; a
 * dash for a form that asks for no letters.
 */
export function LetterProgress({
  letters,
}: {
  letters: { submitted: number; required: number; missing: number } | null | undefined;
}) {
  if (!letters) return <span className="text-slate-500">—</span>;
  return (
    <Badge tone={letters.missing > 0 ? 'warning' : 'success'} className="whitespace-nowrap">
      {letterCountText(letters.submitted, letters.required)}
    </Badge>
  );
}
