import { type GeneralKpi, PRESCRIPTION_WARNING_DAYS } from '@cobranzas/shared';
import { Anchor } from '@mantine/core';
import {
  IconAlarm,
  IconCalendarEvent,
  IconCash,
  IconFolders,
  IconHourglassLow,
  IconPercentage,
  IconStack2,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatMoney, formatPercent } from '../../lib/format';
import type { ReportFilters } from './api';
import { cohortDebtsPath, collectedPath, prescribingSoonPath } from './drillDown';
import classes from './home.module.css';

const count = new Intl.NumberFormat('es-AR');

/**
 * The headline figures of GET /report/general-kpi, each in its own card. Each figure is a link to the
 * list behind it with the same filters (issue 32); each says which population it is of.
 */
export function KpiCards({
  kpi,
  canViewTasks,
  filters,
}: {
  kpi: GeneralKpi;
  canViewTasks: boolean;
  /** The filters the figures are of (a CLIENTE's without company: the API forces its own). */
  filters: ReportFilters;
}) {
  const period = Boolean(filters.start || filters.end);
  const cohort = cohortDebtsPath(filters);
  const placed = `${count.format(kpi.debts)} ${kpi.debts === 1 ? 'deuda ingresada' : 'deudas ingresadas'}`;
  return (
    <div className={classes.kpis}>
      <Kpi
        icon={<IconFolders size={20} />}
        label="Cartera asignada"
        value={formatMoney(kpi.portfolioAmount)}
        to={cohort}
        linkLabel={period ? 'Ver las deudas ingresadas en el período' : 'Ver las deudas'}
        detail={period ? `${placed} en el período` : placed}
      />
      <Kpi
        icon={<IconPercentage size={20} />}
        label="Tasa de liquidación"
        value={formatPercent(kpi.liquidationRate)}
        to={cohort}
        linkLabel={period ? 'Ver las deudas ingresadas en el período' : 'Ver las deudas'}
        detail={cohortDetail(kpi.collectedAmount, filters)}
      />
      <Kpi
        icon={<IconCash size={20} />}
        label="Cobrado en el período"
        value={formatMoney(kpi.collectedInPeriod)}
        to={collectedPath(filters)}
        linkLabel={period ? 'Ver los pagos y depósitos del período' : 'Ver los pagos y depósitos'}
        detail={
          period
            ? 'Todo pago y depósito con fecha en el período, de cualquier deuda'
            : 'Todo pago y depósito, de cualquier fecha'
        }
        tone="good"
      />
      <Kpi
        icon={<IconAlarm size={20} />}
        label="Cuotas vencidas"
        value={count.format(kpi.overdueQuotas)}
        detail={kpi.overdueQuotas ? `${formatMoney(kpi.overdueAmount)} impagos` : 'Ninguna cuota atrasada'}
        tone={kpi.overdueQuotas ? 'bad' : undefined}
      />
      {/* Issue 37: of today, whatever the period; the claims the agency is about to lose. */}
      <Kpi
        icon={<IconHourglassLow size={20} />}
        label={`Prescriben en ${PRESCRIPTION_WARNING_DAYS} días`}
        value={count.format(kpi.prescribingSoon)}
        to={prescribingSoonPath(filters)}
        linkLabel={`Ver las deudas que prescriben en los próximos ${PRESCRIPTION_WARNING_DAYS} días`}
        detail={
          kpi.prescribingSoon
            ? 'Deudas abiertas con saldo: reclamar o interrumpir antes'
            : 'Ninguna deuda abierta prescribe pronto'
        }
        tone={kpi.prescribingSoon ? 'bad' : undefined}
      />
      {/* The agenda is the agency's: a CLIENTE neither sees it nor receives the figure (issue 32). */}
      {canViewTasks && kpi.tasksDueToday !== undefined ? (
        <Kpi
          icon={<IconCalendarEvent size={20} />}
          label="Tareas para hoy"
          value={count.format(kpi.tasksDueToday)}
          to="/calendar"
          linkLabel="Ver la agenda"
          detail="Pendientes que empiezan hoy"
        />
      ) : null}
      <section className={classes.kpi} aria-label="Deudas por etapa">
        <p className={classes.kpiLabel}>
          <IconStack2 size={20} aria-hidden="true" /> Deudas por etapa
        </p>
        <ul className={classes.stages}>
          {kpi.byStage.map((stage) => (
            <li key={stage.debtTypeId}>
              <Anchor component={Link} to={cohortDebtsPath(filters, stage.debtTypeId)} size="sm">
                {stage.name}
              </Anchor>
              <span className={classes.stageCount}>{count.format(stage.debts)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** Which population the rate is of, first: the debts placed in the period, collected up to its end. */
function cohortDetail(collected: string, { start, end }: ReportFilters): ReactNode {
  // The amount never breaks after its «$».
  const amount = <span className={classes.amount}>{formatMoney(collected)}</span>;
  if (!start && !end) return <>De toda la cartera: {amount} cobrados</>;
  return (
    <>
      De las deudas ingresadas en el período: {amount} cobrados hasta {end ? `el ${formatDate(end)}` : 'hoy'}
    </>
  );
}

export function Kpi({
  icon,
  label,
  value,
  detail,
  tone,
  to,
  linkLabel,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  detail: ReactNode;
  tone?: 'good' | 'bad' | undefined;
  /** The list behind the figure: the figure is a link to it. */
  to?: string;
  /** What the link opens, for a screen reader (the figure alone says nothing of it). */
  linkLabel?: string;
}) {
  return (
    <section className={classes.kpi} aria-label={label} data-tone={tone}>
      <p className={classes.kpiLabel}>
        <span aria-hidden="true">{icon}</span> {label}
      </p>
      <p className={classes.kpiValue}>
        {to ? (
          <Link to={to} className={classes.kpiLink} aria-label={`${value}. ${linkLabel ?? label}`}>
            {value}
          </Link>
        ) : (
          value
        )}
      </p>
      <p className={classes.kpiDetail}>{detail}</p>
    </section>
  );
}
