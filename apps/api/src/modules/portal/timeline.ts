import { PORTAL_EVENT_TYPE } from '@cobranzas/shared';
import type { Auditor, Executor } from '../../crud';
import { recordSystemEvent, systemEventTypeId } from '../debts/timeline';

/** A «Portal del deudor» Gestión in the debt's timeline: what the debtor did there, or staff's answer. */
export async function notePortalEvent(tx: Executor, auditor: Auditor, debtId: number, text: string) {
  const type = await systemEventTypeId(tx, auditor, PORTAL_EVENT_TYPE, 'Lo que el deudor hizo en el portal');
  await recordSystemEvent(tx, auditor, debtId, type, text);
}
