import { programChip } from '../../../shared/domain/discovery';
import { Badge } from '../../components/ui/Badge';

/** A program's status chip ('Opens Dec 2', 'Closes in 3 days', 'Open', 'Closed'): one rule everywhere. */
export function ProgramChip({
  program,
  now = new Date(),
}: {
  program: { open_at?: string | null; close_at?: string | null };
  now?: Date;
}) {
  const chip = programChip(program.open_at, program.close_at, now);
  return <Badge tone={chip.tone}>{chip.label}</Badge>;
}
