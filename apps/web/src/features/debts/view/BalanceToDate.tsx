import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import {
  addMoney,
  agencyToday,
  type Basis,
  type Debt,
  type DebtBalance,
  debtCarriesRates,
  formatMoney,
  LABELS,
  subtractMoney,
} from '@cobranzas/shared';
import { Alert, Table } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { messageOf } from '../../../components/resource/http';
import { formatDate, formatPercent, parseDate } from '../../../lib/format';
import { useBalanceToDate } from '../common/useBalanceToDate';
import { useMoney } from './currency';
import classes from './view.module.css';

const KIND = { interest: 'Interés', punitive: 'Punitorio' } as const;
const PENDING_PARTS = ['Capital', 'Intereses', 'Punitorios', 'Gastos', 'Pagos', 'Total'];

/**
 * «Saldo al dd/mm/aaaa» (DESIGN §10.2): what the debt owes on a date, with interest, punitive
 * interest, costs and payments, and the segments of the calculation. Under the debt's detail key, so
 * every write that refreshes the debt refreshes it too.
 */
export function BalanceToDate({ debt }: { debt: Debt }) {
  const [date, setDate] = useState(agencyToday());
  const money = useMoney();
  const query = useBalanceToDate(debt.id, date);
  const balance = query.data;
  return (
    <section className={classes.balance} aria-labelledby="saldo-a-la-fecha">
      <div className={classes.balanceHead}>
        <h2 id="saldo-a-la-fecha" className={classes.balanceTitle}>
          Saldo al {formatDate(date)}
        </h2>
        <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
          <DateInput
            className={classes.balanceDate}
            label="Fecha del saldo"
            valueFormat="DD/MM/YYYY"
            placeholder="dd/mm/aaaa"
            dateParser={parseDate}
            nextLabel="Siguiente"
            previousLabel="Anterior"
            leftSection={<IconCalendar size={16} aria-hidden="true" />}
            value={date}
            onChange={(value) => setDate(value ?? agencyToday())}
          />
        </DatesProvider>
      </div>
      {query.isPending ? (
        // The figures' boxes and the two lines under them, empty while they load: the file's tabs,
        // below, do not move when they arrive (Lighthouse's layout shift, issue 38).
        <>
          <dl className={classes.balanceParts} aria-busy="true">
            {PENDING_PARTS.map((label) => (
              <Part key={label} label={label} value="…" strong={label === 'Total'} />
            ))}
          </dl>
          <p className={classes.explain}>{'\u00a0'}</p>
          <p className={classes.explain}>{'\u00a0'}</p>
        </>
      ) : !balance ? (
        <Alert color="red" variant="light">
          {messageOf(query.error)}
        </Alert>
      ) : (
        <>
          <dl className={classes.balanceParts}>
            <Part label="Capital" value={money(balance.capital)} />
            <Part label="Intereses" value={money(balance.interest)} />
            <Part label="Punitorios" value={money(balance.punitive)} />
            <Part label="Gastos" value={money(balance.services)} />
            <Part label="Pagos" value={money(balance.paid)} />
            {/* Accepted settlement offers' discounts: they lower the total without being payments. */}
            {balance.reductions && balance.reductions !== '0.00' ? (
              <Part label="Quitas" value={money(balance.reductions)} />
            ) : null}
            <Part label="Total" value={money(balance.total)} strong />
          </dl>
          <p className={classes.explain}>
            {LABELS.basis[balance.basis]}
            {balance.plan ? `: ${planSummary(balance.plan)}` : '.'}
          </p>
          {balance.segments.length === 0 ? (
            <p className={classes.explain}>{noInterest(balance.basis, debtCarriesRates(debt))}</p>
          ) : (
            <details className={classes.balanceSegments}>
              <summary>
                Ver el cálculo ({balance.segments.length} {balance.segments.length === 1 ? 'tramo' : 'tramos'}
                )
              </summary>
              <Table.ScrollContainer minWidth={560}>
                <Table striped withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Desde</Table.Th>
                      <Table.Th>Hasta</Table.Th>
                      <Table.Th ta="right">Días</Table.Th>
                      <Table.Th ta="right">Capital</Table.Th>
                      <Table.Th>Concepto</Table.Th>
                      <Table.Th ta="right">Tasa anual</Table.Th>
                      <Table.Th ta="right">Importe</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {balance.segments.map((segment) => (
                      <Table.Tr key={`${segment.from}-${segment.kind}`}>
                        <Table.Td>{formatDate(segment.from)}</Table.Td>
                        <Table.Td>{formatDate(segment.to)}</Table.Td>
                        <Table.Td ta="right">{segment.days}</Table.Td>
                        <Table.Td ta="right">{money(segment.capital)}</Table.Td>
                        <Table.Td>{KIND[segment.kind]}</Table.Td>
                        <Table.Td ta="right">{formatPercent(segment.annualRate)}</Table.Td>
                        <Table.Td ta="right">{money(segment.amount)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </details>
          )}
        </>
      )}
    </section>
  );
}

/** «plan de 6 cuotas, 4 sin pagar por $ X» in words a collector reads aloud. */
function planSummary(plan: NonNullable<DebtBalance['plan']>): string {
  const unpaid = plan.filter((q) => q.status !== 'PAGADA');
  const owes = unpaid.length
    ? addMoney(...unpaid.map((q) => subtractMoney(addMoney(q.amount, q.mora), q.paid)))
    : '0.00';
  const quotas = `${plan.length} ${plan.length === 1 ? 'cuota' : 'cuotas'}`;
  return unpaid.length
    ? `plan de ${quotas}, ${unpaid.length} sin pagar por ${formatMoney(owes)}.`
    : `plan de ${quotas}, todas pagas.`;
}

function Part({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? classes.balanceTotal : classes.balancePart}>
      <dt className={classes.balanceLabel}>{label}</dt>
      <dd className={strong ? `${classes.balanceValue} ${classes.balanceTotalValue}` : classes.balanceValue}>
        {value}
      </dd>
    </div>
  );
}

/** Why no interest runs: a plan (in force, or paid) stops it; otherwise the debt has no rates. */
function noInterest(basis: Basis, rated: boolean): string {
  if (basis === 'PLAN') return 'Sin intereses mientras el plan de pagos esté vigente.';
  if (rated) return 'Sin intereses: los fijó el plan de pagos de la deuda.';
  return 'Sin intereses: la deuda no tiene tasa ni fecha de mora.';
}
