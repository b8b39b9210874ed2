import { type Debt, type Quota, simpleInterest } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { z } from 'zod';
import { formatDate, formatPercent } from '../../../../lib/format';
import { moraQuota } from '../../common/api';
import { useRefresh } from '../../common/hooks';
import { MoneyField } from '../../common/MoneyInput';
import { optionalMoneyField } from '../../common/schemas';
import { useMoney } from '../currency';
import { RecordModal } from '../RecordModal';
import classes from '../view.module.css';
import { daysLate } from './QuotaTable';

const schema = z.object({ moraAmount: optionalMoneyField });

/** 'Mora': marks the quota EN_MORA with a typed amount, or the debt's punitive interest if left empty. */
export function MoraDialog({ quota, debt, onClose }: { quota: Quota; debt: Debt; onClose: () => void }) {
  const money = useMoney();
  const refresh = useRefresh();
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
        const quotaAfter = await moraQuota(quota.id, moraAmount === undefined ? {} : { moraAmount });
        void refresh('quotas');
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
