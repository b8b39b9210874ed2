import {
  clockTime,
  RUN_OUTCOME_LABELS,
  type RunOutcome,
  STRATEGY_TRIGGER_LABELS,
  type Strategy,
  type StrategyRun,
} from '@cobranzas/shared';
import { Progress } from '@mantine/core';
import type { Tone } from '../debts/common/labels';
import { Pill } from '../debts/common/Pill';
import { CountTiles, formatCount, type Tile } from '../imports/parts';
import classes from './strategies.module.css';

/** «Todos los días a las 8:00», «Después de un pago». */
export const triggerText = (s: Pick<Strategy, 'trigger' | 'runAt'>) =>
  s.trigger === 'DAILY' && s.runAt
    ? `Todos los días a las ${clockTime(s.runAt)}`
    : STRATEGY_TRIGGER_LABELS[s.trigger];

const OUTCOME_TONES: Record<RunOutcome, Tone> = { APPLIED: 'green', UNCHANGED: 'gray', BLOCKED: 'orange' };
export const OutcomePill = ({ outcome }: { outcome: RunOutcome }) => (
  <Pill tone={OUTCOME_TONES[outcome]}>{RUN_OUTCOME_LABELS[outcome]}</Pill>
);

/** Debts the run went through, of those the conditions took. */
const doneOf = (run: StrategyRun) => run.counts.applied + run.counts.unchanged + run.counts.blocked;

/** A working run's bar and words; `compact` for a table cell. */
export function RunProgress({ run, compact = false }: { run: StrategyRun; compact?: boolean }) {
  const queued = run.status === 'QUEUED';
  // The bar ends at the debts counted when the run started (`expected`), else at those found so far.
  const { matched } = run.counts;
  const done = Math.min(doneOf(run), matched);
  const total = Math.max(run.expected ?? matched, done);
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const text = queued
    ? 'En espera de comenzar…'
    : total > 0
      ? `${formatCount(done)} de ${formatCount(total)} deudas (${percent} %)`
      : 'Buscando las deudas que cumplen las condiciones…';
  return (
    <div className={compact ? classes.progressCompact : classes.progress}>
      <Progress
        value={queued || total === 0 ? 100 : percent}
        size={compact ? 'sm' : 'lg'}
        radius="sm"
        striped
        animated
        color={queued ? 'gray' : undefined}
        aria-label={`Progreso de la ejecución N.º ${run.id}`}
        aria-valuetext={text}
      />
      <p className={classes.progressText} aria-live="polite">
        {text}
      </p>
    </div>
  );
}

/** A run's counts as tiles. */
export function RunCounts({ run }: { run: StrategyRun }) {
  const tiles: Tile[] = [
    { label: 'Deudas encontradas', value: run.counts.matched },
    { label: 'Aplicadas', value: run.counts.applied },
    { label: 'Sin cambios', value: run.counts.unchanged },
    { label: 'Bloqueadas por las reglas de contacto', value: run.counts.blocked, tone: 'warn' },
  ];
  return <CountTiles tiles={tiles} label="Resultado de la ejecución" />;
}
