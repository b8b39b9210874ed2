import type { Case } from '@cobranzas/shared';
import { messageOf } from '../../components/resource/http';
import { LoadFailed, TableSkeleton } from '../../components/resource/states';
import { type Permissions, useDebt } from '../debts/common/hooks';
import { DebtCurrency } from '../debts/view/currency';
import { ServicesTab } from '../services/ServicesTab';

/** The court costs usually charged to a judicial debt. */
export const COST_PRESETS = [
  'Tasa de justicia',
  'Sellados',
  'Honorarios adelantados',
  'Otros gastos',
] as const;

/**
 * Costas: the debt's court costs are its services (SERVICE rows of its ledger): the debt's list, added
 * to with the usual descriptions one click away. They add to what the debt owes and to the liquidation.
 */
export function CostsSection({ record, perms }: { record: Case; perms: Permissions }) {
  const query = useDebt(record.debtId);
  const debt = query.data;
  if (query.isPending) return <TableSkeleton rows={3} />;
  if (!debt) return <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  return (
    <DebtCurrency value={debt.currency}>
      <ServicesTab
        debt={debt}
        perms={perms}
        title="Costas"
        empty="No se cargaron costas: la tasa de justicia, los sellados y los honorarios adelantados se cargan aquí."
        addTitle="Agregar costa"
        presets={COST_PRESETS}
      />
    </DebtCurrency>
  );
}
