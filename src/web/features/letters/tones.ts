import type { LetterState } from '../../../shared/domain/letters';
import type { BadgeTone } from '../../components/ui/Badge';

/** One colour per request state, wherever a letter request's badge is shown (UI.md: one map). */
export const letterStateTones: Record<LetterState, BadgeTone> = {
  requested: 'info',
  opened: 'purple',
  submitted: 'success',
  declined: 'warning',
  bounced: 'danger',
  cancelled: 'neutral',
};
