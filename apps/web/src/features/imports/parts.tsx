import { IMPORT_STATUS_LABELS, type Import, type ImportStatus, importIsActive } from '@cobranzas/shared';
import { Button, Progress } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { messageOf } from '../../components/resource/http';
import type { Tone } from '../debts/common/labels';
import { Pill } from '../debts/common/Pill';
import { downloadImportErrors } from './api';
import classes from './imports.module.css';

const count = new Intl.NumberFormat('es-AR');
export const formatCount = (value: number) => count.format(value);

const STATUS_TONES: Record<ImportStatus, Tone> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  DONE: 'green',
  FAILED: 'red',
  CANCELLED: 'orange',
};

export const typeLabel = (dryRun: boolean) => (dryRun ? 'Validación' : 'Importación');

export function StatusBadge({ status }: { status: ImportStatus }) {
  return <Pill tone={STATUS_TONES[status]}>{IMPORT_STATUS_LABELS[status]}</Pill>;
}

/** Rows read so far of the whole file, as a bar and in words; waits animated while queued. */
export function ImportProgress({ record }: { record: Import }) {
  const total = record.totalRows ?? 0;
  const percent = total > 0 ? Math.min(100, Math.round((record.processedRows / total) * 100)) : 0;
  const queued = record.status === 'QUEUED';
  const text = queued
    ? 'En espera de comenzar…'
    : total > 0
      ? `${formatCount(record.processedRows)} de ${formatCount(total)} filas (${percent} %)`
      : `${formatCount(record.processedRows)} filas`;
  return (
    <div className={classes.progress}>
      <Progress
        value={queued ? 100 : percent}
        size="lg"
        radius="sm"
        striped={importIsActive(record.status)}
        animated={importIsActive(record.status)}
        color={queued ? 'gray' : undefined}
        aria-label={record.dryRun ? 'Progreso de la validación' : 'Progreso de la importación'}
        aria-valuetext={text}
      />
      <p className={classes.progressText} aria-live="polite">
        {text}
      </p>
    </div>
  );
}

export type Tile = { label: string; value: number; tone?: 'bad' | 'warn' };

/** Counts as tiles (a tile with a tone shows it only when its value is not zero). */
export function CountTiles({ tiles, label }: { tiles: Tile[]; label: string }) {
  return (
    <dl className={classes.counts} aria-label={label}>
      {tiles.map((tile) => (
        <div key={tile.label} className={classes.count} data-tone={tile.value > 0 ? tile.tone : undefined}>
          <dt>{tile.label}</dt>
          <dd>{formatCount(tile.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The counts of an ended import (or validation: what it would do), in §10.1's words. */
export function ImportCounts({ record }: { record: Import }) {
  const would = record.dryRun;
  const tiles: Tile[] = [
    { label: would ? 'Deudores a crear' : 'Deudores creados', value: record.created.debtors },
    { label: would ? 'Deudas a crear' : 'Deudas creadas', value: record.created.debts },
    { label: would ? 'Deudores a completar' : 'Deudores completados', value: record.updatedDebtors },
    { label: 'Sin cambios', value: record.unchanged },
    { label: 'Rechazadas', value: record.rejected, tone: 'bad' },
    { label: 'Con advertencias', value: record.warnings, tone: 'warn' },
  ];
  return <CountTiles tiles={tiles} label={would ? 'Resultado de la validación' : 'Resultado'} />;
}

/** Rows the errors file lists: the rejected and the warned. */
export const hasIssues = (record: Import) => record.rejected + record.warnings > 0;

/** Downloads the rejected and warned rows (.xlsx) with the API's reasons. */
export function ErrorsDownload({ record }: { record: Import }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadImportErrors(record.id);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'No se pudo descargar el archivo de errores',
        message: messageOf(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileDownload size={18} />}
      onClick={() => void download()}
      loading={busy}
    >
      Descargar filas con errores (.xlsx)
    </Button>
  );
}
