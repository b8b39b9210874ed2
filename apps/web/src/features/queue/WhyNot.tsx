import type { NotCallableCode } from '@cobranzas/shared';
import { IconClockOff, IconHandStop, IconMessageReport, IconPhoneOff } from '@tabler/icons-react';
import type { QueueRow } from './columns';
import classes from './queue.module.css';

const WHY_ICONS: Partial<Record<NotCallableCode, typeof IconPhoneOff>> = {
  NO_PHONE: IconPhoneOff,
  OUTSIDE_HOURS: IconClockOff,
  ATTEMPTS_PER_WEEK: IconHandStop,
  ATTEMPTS_PER_DAY: IconHandStop,
  DISPUTED: IconMessageReport,
};

/** Why the debtor cannot be called now, as the API says it. */
export function WhyNot({ row }: { row: QueueRow }) {
  if (!row.notCallable) return null;
  const Icon = WHY_ICONS[row.notCallable.code] ?? IconPhoneOff;
  return (
    <p className={classes.why}>
      <Icon size={16} aria-hidden="true" />
      <span>{row.notCallable.label}</span>
    </p>
  );
}
