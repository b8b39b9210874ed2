import { formatDate } from '../../lib/format';
import { Pill } from '../debts/common/Pill';
import { deadlineText, URGENCY_TONES, urgencyOf } from './deadlines';

/**
 * A deadline day: plain when it is more than SOON_DAYS off, flagged orange within them and red once
 * past (its words say which, not only its colour).
 */
export function DeadlineBadge({ on }: { on: string | null }) {
  if (!on) return <span>—</span>;
  const urgency = urgencyOf(on);
  if (urgency === 'later') return <span>{formatDate(on)}</span>;
  return (
    <Pill tone={URGENCY_TONES[urgency]}>
      <span data-urgency={urgency}>{deadlineText(on)}</span>
    </Pill>
  );
}
