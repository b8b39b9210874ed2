import { addMoney, agencyToday, daysBetween, LABELS, type Quota } from '@cobranzas/shared';
import { Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlarm, IconArrowBackUp, IconCash } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { emptyStateProps } from '../../components/resource/emptyState';
import { PHONE_UP } from '../../lib/breakpoints';
import { formatDate } from '../../lib/format';
import { QUOTA_STATUS_TONES } from '../debts/common/labels';
import { Pill } from '../debts/common/Pill';
import { useMoney } from '../debts/view/currency';
import classes from '../debts/view/view.module.css';
import local from './quotas.module.css';

/** Days past due of an unpaid quota (0 when it is not overdue). */
export function daysLate(quota: Quota, today = agencyToday()): number {
  if (quota.status === 'PAGADA') return 0;
  return Math.max(0, daysBetween(quota.dueDate, today));
}

/**
 * The plan's quotas: overdue ones stand out; 'Pagar' and 'Mora' for who may edit debts (on an open
 * debt), 'Anular pago' on a paid one for who may delete money records.
 */
export function QuotaTable({
  quotas,
  canAct,
  canUndo = false,
  onPay,
  onMora,
  onUndo = () => {},
}: {
  quotas: Quota[];
  canAct: boolean;
  canUndo?: boolean;
  onPay: (quota: Quota) => void;
  onMora: (quota: Quota) => void;
  onUndo?: (quota: Quota) => void;
}) {
  const acts = canAct || canUndo;
  const actions = (quota: Quota) => (
    <QuotaActions
      quota={quota}
      canAct={canAct}
      canUndo={canUndo}
      onPay={onPay}
      onMora={onMora}
      onUndo={onUndo}
    />
  );
  const money = useMoney();
  const today = agencyToday();
  // Phones: no Estado nor Acciones columns; the status goes under the date, the buttons under the total.
  const phone = !useMediaQuery(PHONE_UP, true, { getInitialValueInEffect: false });
  return (
    <DataTable<Quota>
      className={classes.table}
      records={quotas}
      verticalSpacing="sm"
      {...emptyStateProps(!quotas.length)}
      rowClassName={(quota) => (daysLate(quota, today) > 0 ? local.overdue : undefined)}
      customRowAttributes={(quota) => ({ 'aria-label': `Cuota ${quota.number}` })}
      columns={[
        { accessor: 'number', title: 'N.º', width: 48 },
        {
          accessor: 'dueDate',
          title: 'Vencimiento',
          noWrap: true,
          render: (quota) => {
            const late = daysLate(quota, today);
            return (
              <>
                {formatDate(quota.dueDate)}
                {late > 0 ? (
                  <div className={local.late}>
                    Vencida hace {late} {late === 1 ? 'día' : 'días'}
                  </div>
                ) : null}
                {phone ? (
                  <div className={local.below}>
                    <QuotaStatus quota={quota} today={today} />
                  </div>
                ) : null}
              </>
            );
          },
        },
        {
          accessor: 'amount',
          title: 'Importe',
          textAlign: 'right',
          noWrap: true,
          visibleMediaQuery: PHONE_UP,
          render: (q) => money(q.amount),
        },
        {
          accessor: 'moraAmount',
          title: 'Mora',
          textAlign: 'right',
          noWrap: true,
          visibleMediaQuery: PHONE_UP,
          render: (q) => (q.moraAmount === '0.00' ? '—' : money(q.moraAmount)),
        },
        {
          accessor: 'total',
          title: 'Total',
          textAlign: 'right',
          noWrap: true,
          render: (q) => (
            <>
              <strong>{money(addMoney(q.amount, q.moraAmount))}</strong>
              {phone && acts ? <div className={local.below}>{actions(q)}</div> : null}
            </>
          ),
        },
        {
          accessor: 'paidAmount',
          title: 'Pagado',
          textAlign: 'right',
          noWrap: true,
          visibleMediaQuery: PHONE_UP,
          render: (q) => (q.paidAmount === '0.00' ? '—' : money(q.paidAmount)),
        },
        {
          accessor: 'status',
          title: 'Estado',
          visibleMediaQuery: PHONE_UP,
          render: (quota) => <QuotaStatus quota={quota} today={today} />,
        },
        {
          accessor: 'paidAt',
          title: 'Pagada el',
          noWrap: true,
          visibleMediaQuery: PHONE_UP,
          render: (q) => formatDate(q.paidAt),
        },
        ...(acts && !phone
          ? [
              {
                accessor: 'acciones',
                title: 'Acciones',
                textAlign: 'right' as const,
                render: actions,
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * 'Mora' and 'Pagar' for an unpaid quota, 'Anular pago' for a paid one (icons only on phones; the
 * labels stay for screen readers).
 */
function QuotaActions({
  quota,
  canAct,
  canUndo,
  onPay,
  onMora,
  onUndo,
}: {
  quota: Quota;
  canAct: boolean;
  canUndo: boolean;
  onPay: (quota: Quota) => void;
  onMora: (quota: Quota) => void;
  onUndo: (quota: Quota) => void;
}) {
  if (quota.status === 'PAGADA')
    return canUndo ? (
      <Group gap={6} justify="flex-end" wrap="nowrap">
        <Button
          size="compact-sm"
          variant="subtle"
          // Not "red.8": a subtle button's text takes at most shade 6 (#fa5252, 3.3:1 on white).
          color="var(--mantine-color-red-9)"
          leftSection={<IconArrowBackUp size={14} />}
          onClick={() => onUndo(quota)}
          aria-label={`Anular el pago de la cuota ${quota.number}`}
        >
          <span className={local.buttonLabel}>Anular pago</span>
        </Button>
      </Group>
    ) : null;
  if (!canAct) return null;
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="outline"
        // red.8 is 4.3:1 on an overdue row's pink: under AA.
        color="red.9"
        leftSection={<IconAlarm size={14} />}
        onClick={() => onMora(quota)}
        aria-label={`Mora de la cuota ${quota.number}`}
      >
        <span className={local.buttonLabel}>Mora</span>
      </Button>
      <Button
        size="compact-sm"
        leftSection={<IconCash size={14} />}
        onClick={() => onPay(quota)}
        aria-label={`Pagar la cuota ${quota.number}`}
      >
        <span className={local.buttonLabel}>Pagar</span>
      </Button>
    </Group>
  );
}

/** Pendiente / Pagada / En mora, or Vencida for an unpaid quota past its due date. */
function QuotaStatus({ quota, today }: { quota: Quota; today: string }) {
  if (quota.status === 'PENDIENTE' && daysLate(quota, today) > 0) return <Pill tone="orange">Vencida</Pill>;
  return <Pill tone={QUOTA_STATUS_TONES[quota.status]}>{LABELS.quotaStatus[quota.status]}</Pill>;
}
