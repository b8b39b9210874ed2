import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import type { GeneralKpi } from '@cobranzas/shared';
import { BarChart, DonutChart } from '@mantine/charts';
import type { ReactNode } from 'react';
import { formatMoney } from '../../lib/format';
import type { CollectionTypeTotals } from './api';
import classes from './home.module.css';

const MONTH = new Intl.DateTimeFormat('es-AR', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const COMPACT = new Intl.NumberFormat('es-AR', {
  notation: 'compact',
  style: 'currency',
  currency: 'ARS',
  maximumFractionDigits: 1,
});
const STAGE_COLORS = ['teal.7', 'orange.7', 'red.8'];

/**
 * Charts plot numbers, so amounts become numbers here and only here: the exact decimal strings
 * stay in the cards and tables. A peso amount below 2^53 cents (≈ 90 billion) plots exactly.
 */
const plotted = (amount: string) => Number(amount);
const money = (value: number) => formatMoney(value.toFixed(2)).replace(/,00$/, '');

/** "2026-03" → "mar 26" */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return MONTH.format(new Date(Date.UTC(year, index - 1, 1)));
}

export function PaymentsByMonth({ kpi }: { kpi: GeneralKpi }) {
  const data = kpi.paymentsByMonth.map((m) => ({
    mes: monthLabel(m.month),
    Cobrado: plotted(m.amount),
  }));
  const empty = kpi.paymentsByMonth.every((m) => m.payments === 0);
  return (
    <ChartCard title="Cobranzas por mes" empty={empty ? 'No hubo pagos ni depósitos en el período.' : null}>
      <BarChart
        h={240}
        data={data}
        dataKey="mes"
        series={[{ name: 'Cobrado', color: 'brand.6' }]}
        valueFormatter={money}
        yAxisProps={{ tickFormatter: (value: number) => COMPACT.format(value), width: 72 }}
        tickLine="y"
        gridAxis="y"
      />
    </ChartCard>
  );
}

export function AmountByStage({ kpi }: { kpi: GeneralKpi }) {
  const data = kpi.byStage.map((stage, index) => ({
    name: stage.name,
    value: plotted(stage.amount),
    color: STAGE_COLORS[index % STAGE_COLORS.length] as string,
  }));
  return (
    <ChartCard
      title="Cartera por etapa"
      empty={kpi.debts === 0 ? 'No hay deudas ingresadas en el período.' : null}
    >
      <div className={classes.donut}>
        <DonutChart data={data} valueFormatter={money} size={180} thickness={28} withTooltip />
        <ul className={classes.legend}>
          {kpi.byStage.map((stage, index) => (
            <li key={stage.debtTypeId}>
              <span className={classes.swatch} data-color={index % STAGE_COLORS.length} aria-hidden="true" />
              <span>{stage.name}</span>
              <strong>{formatMoney(stage.amount)}</strong>
            </li>
          ))}
        </ul>
      </div>
    </ChartCard>
  );
}

export function ByCollectionType({ rows }: { rows: CollectionTypeTotals[] }) {
  const data = rows.map((row) => ({
    tipo: row.name,
    Cobrado: plotted(row.paidAmount),
    Saldo: plotted(row.balance),
  }));
  return (
    <ChartCard
      title="Por tipo de cobranza"
      note="Toda la cartera de la compañía, sin filtro de fechas."
      empty={rows.length === 0 ? 'Todavía no hay deudas para agrupar por tipo de cobranza.' : null}
    >
      <BarChart
        h={Math.max(160, rows.length * 48)}
        data={data}
        dataKey="tipo"
        orientation="vertical"
        type="stacked"
        series={[
          { name: 'Cobrado', color: 'teal.7' },
          { name: 'Saldo', color: 'orange.7' },
        ]}
        valueFormatter={money}
        xAxisProps={{ tickFormatter: (value: number) => COMPACT.format(value) }}
        yAxisProps={{ width: 110 }}
        withLegend
        gridAxis="x"
      />
    </ChartCard>
  );
}

/** The three charts: loaded apart (recharts is most of the dashboard's weight), after the figures. */
export default function DashboardCharts({
  kpi,
  types,
}: {
  kpi: GeneralKpi;
  types: CollectionTypeTotals[] | undefined;
}) {
  return (
    <>
      <PaymentsByMonth kpi={kpi} />
      <AmountByStage kpi={kpi} />
      {types ? <ByCollectionType rows={types} /> : null}
    </>
  );
}

function ChartCard({
  title,
  note,
  empty,
  children,
}: {
  title: string;
  note?: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section className={classes.chart} aria-label={title}>
      <h2 className={classes.chartTitle}>{title}</h2>
      {note ? <p className={classes.chartNote}>{note}</p> : null}
      {empty ? <p className={classes.chartEmpty}>{empty}</p> : children}
    </section>
  );
}
