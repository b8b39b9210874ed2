import {
  addMoney,
  compareMoney,
  isDebtClosed,
  type Quota,
  quotasResource,
  subtractMoney,
} from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useDebtRecords } from '../debts/common/hooks';
import { useMoney } from '../debts/view/currency';
import { debtTab, type TabProps } from '../debts/view/RecordTab';
import { TabSection } from '../debts/view/TabSection';
import classes from '../debts/view/view.module.css';
import { MoraDialog } from './MoraDialog';
import { PayDialog } from './PayDialog';
import { PlanForm } from './PlanForm';
import { QuotaTable } from './QuotaTable';
import { UndoPayment } from './UndoPayment';

/** The plan's quotas in order (the debt's status menu reads the same list and cache). */
export const QUOTAS_TAB = debtTab(quotasResource, 'number', 'asc');

/**
 * Cuotas: the payment plan (create one, preview first), its quotas, 'Pagar' and 'Mora', and
 * 'Anular pago' on a paid quota (the only way to undo a quota's payment).
 */
export function QuotasTab({ debt, perms }: TabProps) {
  const money = useMoney();
  const quotas = useDebtRecords(quotasResource, debt.id, QUOTAS_TAB.params);
  const [planning, setPlanning] = useState(false);
  const [paying, setPaying] = useState<Quota | null>(null);
  const [mora, setMora] = useState<Quota | null>(null);
  const [undoing, setUndoing] = useState<Quota | null>(null);
  const records: Quota[] = quotas.records;
  const unpaid = records.filter((quota) => quota.status !== 'PAGADA');
  // A closed debt (cancelada, incobrable, archivada) takes no plan, pay or mora until reopened.
  const open = !isDebtClosed(debt.status);
  // The API refuses a second plan while quotas are unpaid, and a plan without balance.
  const canPlan = open && perms.add && unpaid.length === 0 && compareMoney(debt.balance, '0') > 0;
  const showForm = canPlan && !quotas.isPending && (planning || records.length === 0);
  // What the unpaid quotas still owe: amount + mora − what payments already paid of them (§11.1).
  const pending = unpaid.length
    ? addMoney(...unpaid.map((q) => subtractMoney(addMoney(q.amount, q.moraAmount), q.paidAmount)))
    : null;

  const modals = (
    <>
      {paying ? <PayDialog quota={paying} onClose={() => setPaying(null)} /> : null}
      {mora ? <MoraDialog quota={mora} debt={debt} onClose={() => setMora(null)} /> : null}
      <UndoPayment quota={undoing} onClose={() => setUndoing(null)} />
    </>
  );

  return (
    <TabSection
      modals={modals}
      title="Cuotas"
      count={records.length}
      query={quotas}
      empty={records.length === 0 && !showForm ? 'Esta deuda no tiene un plan de pagos.' : null}
      extra={
        showForm ? (
          <PlanForm debt={debt} onDone={records.length ? () => setPlanning(false) : undefined} />
        ) : canPlan && !quotas.isPending ? (
          <div className={classes.notice}>
            <span>Todas las cuotas están pagas y la deuda todavía tiene saldo.</span>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCalendarPlus size={14} />}
              onClick={() => setPlanning(true)}
            >
              Nuevo plan de pagos
            </Button>
          </div>
        ) : null
      }
    >
      {records.length ? (
        <>
          {pending ? (
            <p className={classes.tabSummary}>
              {unpaid.length} {unpaid.length === 1 ? 'cuota pendiente' : 'cuotas pendientes'} por{' '}
              <strong>{money(pending)}</strong>
            </p>
          ) : null}
          <QuotaTable
            quotas={records}
            canAct={open && perms.edit}
            canUndo={perms.remove}
            onPay={setPaying}
            onMora={setMora}
            onUndo={setUndoing}
          />
        </>
      ) : null}
    </TabSection>
  );
}
