import {
  addMoney,
  agencyToday,
  imputation,
  imputationText,
  isMoney,
  quotasResource,
  subtractMoney,
} from '@cobranzas/shared';
import { useWatch } from 'react-hook-form';
import { useDebtRecords } from '../debts/common/hooks';
import classes from '../debts/view/view.module.css';
import { QUOTAS_TAB } from '../quotas/QuotasTab';

/**
 * Where a payment without a quota will go, said before saving (DESIGN.md §11.1: it pays the plan's
 * oldest quota, mora first, and spills onto the next): «Se imputará a la cuota 3 (vencida) y a parte
 * de la 4.». Nothing on a debt without unpaid quotas.
 */
export function ImputationPreview({ debtId }: { debtId: number }) {
  const amount: unknown = useWatch({ name: 'amount' });
  const quotas = useDebtRecords(quotasResource, debtId, QUOTAS_TAB.params).records;
  const unpaid = quotas
    .filter((q) => q.status !== 'PAGADA')
    .map((q) => ({
      number: q.number,
      dueDate: q.dueDate,
      owes: subtractMoney(addMoney(q.amount, q.moraAmount), q.paidAmount),
    }));
  if (unpaid.length === 0 || typeof amount !== 'string' || !isMoney(amount)) return null;
  const text = imputationText(imputation(unpaid, amount, agencyToday()));
  return text ? (
    <p className={classes.full} role="status">
      {text}
    </p>
  ) : null;
}
