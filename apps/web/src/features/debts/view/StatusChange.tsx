import {
  allowedDebtStatuses,
  type Debt,
  type DebtStatus,
  type DebtStatusChange,
  debtStatusChangeSchema,
  debtStatusWord,
  eventsResource,
  LABELS,
  type Quota,
  quotasResource,
} from '@cobranzas/shared';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { TextareaField } from '../../../components/resource/fields';
import { useResourceMutation } from '../../../lib/resourceQueries';
import { QUOTAS_TAB } from '../../quotas/QuotasTab';
import { changeStatus } from '../common/api';
import { DEBT_REFRESH, useDebtRecords } from '../common/hooks';
import { useBalanceToDate } from '../common/useBalanceToDate';
import { RecordModal } from './RecordModal';
import classes from './view.module.css';

const schema = debtStatusChangeSchema.omit({ status: true });

/**
 * The status change as an explicit action: the menu offers only what the shared machine allows for
 * this debt now (its balance, its unpaid quotas); one PATCH /debts/{id}/status changes it and records
 * the "Cambio de estado" Gestión. Each change is confirmed in a dialog that may add a comment.
 */
export function StatusChange({ debt }: { debt: Debt }) {
  const status = useResourceMutation({
    mutationFn: (body: DebtStatusChange) => changeStatus(debt.id, body),
    invalidates: [eventsResource, ...(DEBT_REFRESH.also ?? [])],
  });
  // The same list (and cache) as the Cuotas tab.
  const quotas = useDebtRecords(quotasResource, debt.id, QUOTAS_TAB.params);
  const [target, setTarget] = useState<DebtStatus | null>(null);
  const unpaidQuotas = quotas.records.filter((quota: Quota) => quota.status !== 'PAGADA').length;
  // What it owes today, as the API decides (with interest once it carries rates): the panel's query.
  const owed = useBalanceToDate(debt.id).data?.total ?? debt.balance;
  const targets = quotas.isPending
    ? []
    : allowedDebtStatuses(debt.status, { balance: owed, currency: debt.currency, unpaidQuotas });

  async function change(values: { description: string | null }) {
    if (!target) return;
    await status.mutateAsync({ status: target, description: values.description });
    notifications.show({
      color: 'green',
      title: 'Estado cambiado',
      message: `La deuda N.º ${debt.id} quedó ${debtStatusWord(target)}.`,
    });
  }

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconFlag size={18} />}
            rightSection={<IconChevronDown size={14} />}
            disabled={targets.length === 0}
          >
            Cambiar estado
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {targets.map((status) => (
            <Menu.Item key={status} onClick={() => setTarget(status)}>
              Pasar a {debtStatusWord(status)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {target ? (
        <RecordModal
          title={`Pasar a ${debtStatusWord(target)}`}
          schema={schema}
          defaultValues={{ description: '' }}
          submitLabel={`Pasar a ${debtStatusWord(target)}`}
          intro={
            <p className={classes.explain}>
              La deuda pasa de <strong>{LABELS.debtStatus[debt.status]}</strong> a{' '}
              <strong>{LABELS.debtStatus[target]}</strong>. El cambio queda registrado como una gestión
              «Cambio de estado» en el historial.
              {target === 'ARCHIVADA' || target === 'INCOBRABLE'
                ? ' Mientras tanto no admite nuevos pagos, depósitos, servicios, cuotas ni planes.'
                : ''}
            </p>
          }
          onSubmit={change}
          onClose={() => setTarget(null)}
        >
          <div className={classes.full}>
            <TextareaField name="description" label="Comentario" minRows={2} />
          </div>
        </RecordModal>
      ) : null}
    </>
  );
}
