import type { GeneralKpi } from '@cobranzas/shared';
import { Anchor } from '@mantine/core';
import {
  IconAlarm,
  IconCalendarEvent,
  IconCash,
  IconFolders,
  IconPercentage,
  IconStack2,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney, formatPercent } from '../../lib/format';
import classes from './home.module.css';

const count = new Intl.NumberFormat('es-AR');

/** The headline figures of GET /report/general-kpi, each in its own card. */
export function KpiCards({ kpi, canViewTasks }: { kpi: GeneralKpi; canViewTasks: boolean }) {
  return (
    <div className={classes.kpis}>
      <Kpi
        icon={<IconFolders size={20} />}
        label="Cartera asignada"
        value={formatMoney(kpi.portfolioAmount)}
        detail={`${count.format(kpi.debts)} ${kpi.debts === 1 ? 'deuda ingresada' : 'deudas ingresadas'}`}
      />
      <Kpi
        icon={<IconCash size={20} />}
        label="Cobrado"
        value={formatMoney(kpi.collectedAmount)}
        detail="Pagos y depósitos del período"
        tone="good"
      />
      <Kpi
        icon={<IconPercentage size={20} />}
        label="Tasa de liquidación"
        value={formatPercent(kpi.liquidationRate)}
        detail="Cobrado sobre cartera asignada"
      />
      <Kpi
        icon={<IconAlarm size={20} />}
        label="Cuotas vencidas"
        value={count.format(kpi.overdueQuotas)}
        detail={kpi.overdueQuotas ? `${formatMoney(kpi.overdueAmount)} impagos` : 'Ninguna cuota atrasada'}
        tone={kpi.overdueQuotas ? 'bad' : undefined}
      />
      {/* The agenda is the agency's: a CLIENTE neither sees it nor receives the figure (issue 32). */}
      {canViewTasks && kpi.tasksDueToday !== undefined ? (
        <Kpi
          icon={<IconCalendarEvent size={20} />}
          label="Tareas para hoy"
          value={count.format(kpi.tasksDueToday)}
          detail={
            <Anchor component={Link} to="/calendar" size="sm">
              Ver agenda
            </Anchor>
          }
        />
      ) : null}
      <div className={classes.kpi}>
        <p className={classes.kpiLabel}>
          <IconStack2 size={20} aria-hidden="true" /> Deudas por etapa
        </p>
        <ul className={classes.stages}>
          {kpi.byStage.map((stage) => (
            <li key={stage.debtTypeId}>
              <Anchor component={Link} to={`/debts/type/${stage.debtTypeId}`} size="sm">
                {stage.name}
              </Anchor>
              <span className={classes.stageCount}>{count.format(stage.debts)}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function Kpi({
  icon,
  label,
  value,
  detail,
  tone,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  detail: ReactNode;
  tone?: 'good' | 'bad' | undefined;
}) {
  return (
    <section className={classes.kpi} aria-label={label} data-tone={tone}>
      <p className={classes.kpiLabel}>
        <span aria-hidden="true">{icon}</span> {label}
      </p>
      <p className={classes.kpiValue}>{value}</p>
      <p className={classes.kpiDetail}>{detail}</p>
    </section>
  );
}
