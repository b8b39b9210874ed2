import { type Debt, type Quota, quotasResource, simpleInterest } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import { formatDate, formatPercent } from '../../lib/format';
import { useResourceMutation } from '../../lib/resourceQueries';
import { moraQuota } from '../debts/common/api';
import { DEBT_REFRESH } from '../debts/common/hooks';
import { MoneyField } from '../debts/common/MoneyInput';
import { optionalMoneyField } from '../debts/common/schemas';
import { useMoney } from '../debts/view/currency';
import { RecordModal } from '../debts/view/RecordModal';
import classes from '../debts/view/view.module.css';
import { daysLate } from './QuotaTable';

const schema = z.object({ moraAmount: optionalMoneyField });

/** 'Mora': marks the quota EN_MORA with a typed amount, or the debt's punitive interest if left empty. */
export function MoraDialog({ quota, debt, onClose }: { quota: Quota; debt: Debt; onClose: () => void }) {
  const money = useMoney();
  const mark = useResourceMutation({
    mutationFn: (body: { moraAmount?: string }) => moraQuota(quota.id, body),
    invalidates: [quotasResource, ...(DEBT_REFRESH.also ?? [])],
    wait: false,
  });
  const days = daysLate(quota);
  const automatic = days > 0 ? simpleInterest(quota.amount, debt.punitiveRate, days) : null;
  return (
    <RecordModal
      title={`Mora de la cuota ${quota.number}`}
      schema={schema}
      defaultValues={{ moraAmount: quota.moraAmount === '0.00' ? '' : quota.moraAmount }}
      submitLabel="Registrar mora"
      danger
      intro={
        <p className={classes.explain}>
          Vencimiento {formatDate(quota.dueDate)}
          {automatic
            ? `: ${days} ${days === 1 ? 'día' : 'días'} de atraso. Si deja el importe vacío se calcula con la tasa punitoria (${formatPercent(debt.punitiveRate)} anual): ${money(automatic)}.`
            : '. La cuota todavía no venció: indique el importe de la mora.'}
        </p>
      }
      onSubmit={async ({ moraAmount }) => {
        const quotaAfter = await mark.mutateAsync(moraAmount === undefined ? {} : { moraAmount });
        notifications.show({
          color: 'orange',
          title: 'Mora registrada',
          message: `Cuota ${quota.number}: mora de ${money(quotaAfter.moraAmount)}.`,
        });
      }}
      onClose={onClose}
    >
      <MoneyField name="moraAmount" label="Importe de la mora" />
    </RecordModal>
  );
}
