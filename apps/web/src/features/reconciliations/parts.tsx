import {
  LINE_STATUS_LABELS,
  type LineStatus,
  type MatchConfidence,
  type Reconciliation,
} from '@cobranzas/shared';
import { Progress } from '@mantine/core';
import type { Tone } from '../debts/common/labels';
import { Pill } from '../debts/common/Pill';
import imports from '../imports/imports.module.css';
import { CountTiles, formatCount, type Tile } from '../imports/parts';
import { isWorking } from './hooks';

const LINE_TONES: Record<LineStatus, Tone> = {
  A_REVISAR: 'orange',
  SIN_COINCIDENCIA: 'red',
  CONCILIADA: 'green',
  YA_CONCILIADA: 'violet',
  IGNORADA: 'gray',
};
export const LinePill = ({ status }: { status: LineStatus }) => (
  <Pill tone={LINE_TONES[status]}>{LINE_STATUS_LABELS[status]}</Pill>
);

export const CONFIDENCE_WORDS: Record<MatchConfidence, string> = {
  CIERTA: 'Cierta',
  ALTA: 'Alta',
  MEDIA: 'Media',
  NINGUNA: 'Ninguna',
};
const CONFIDENCE_TONES: Record<MatchConfidence, Tone> = {
  CIERTA: 'green',
  ALTA: 'blue',
  MEDIA: 'orange',
  NINGUNA: 'gray',
};
export const ConfidencePill = ({ confidence }: { confidence: MatchConfidence }) => (
  <Pill tone={CONFIDENCE_TONES[confidence]}>{CONFIDENCE_WORDS[confidence]}</Pill>
);

/** Rows read of the file while the job works; then «Conciliando…» while it matches. */
export function FileProgress({ record }: { record: Reconciliation }) {
  const total = record.totalRows ?? 0;
  const read = Math.min(record.processedRows, total);
  const percent = total > 0 ? Math.round((read / total) * 100) : 0;
  const queued = record.status === 'QUEUED';
  const text = queued
    ? 'En espera de comenzar…'
    : read >= total && total > 0
      ? 'Buscando a qué deuda corresponde cada línea…'
      : `${formatCount(read)} de ${formatCount(total)} filas leídas (${percent} %)`;
  return (
    <div className={imports.progress}>
      <Progress
        value={queued ? 100 : percent}
        size="lg"
        radius="sm"
        striped={isWorking(record)}
        animated={isWorking(record)}
        color={queued ? 'gray' : undefined}
        aria-label="Progreso de la lectura del archivo"
        aria-valuetext={text}
      />
      <p className={imports.progressText} aria-live="polite">
        {text}
      </p>
    </div>
  );
}

/** The file's counts in the list's words. */
export function FileCounts({ record }: { record: Reconciliation }) {
  const tiles: Tile[] = [
    { label: 'Conciliadas', value: record.counts.posted },
    { label: 'A revisar', value: record.counts.toReview, tone: 'warn' },
    { label: 'Sin coincidencia', value: record.counts.unmatched, tone: 'bad' },
    { label: 'Ajenas', value: record.counts.ignored },
    { label: 'Filas que no son cobros', value: record.skippedRows },
    { label: 'Filas ilegibles', value: record.rejectedRows, tone: 'bad' },
  ];
  return <CountTiles tiles={tiles} label="Resultado" />;
}
