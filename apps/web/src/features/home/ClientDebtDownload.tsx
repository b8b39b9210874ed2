import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { messageOf } from '../../components/resource/http';
import { formatDate } from '../../lib/format';
import { downloadClientDebt, type ReportFilters } from './api';
import classes from './home.module.css';

const same = (a: ReportFilters, b: ReportFilters) =>
  (a.company ?? '') === (b.company ?? '') &&
  (a.start ?? '') === (b.start ?? '') &&
  (a.end ?? '') === (b.end ?? '');

/**
 * The client-debt spreadsheet (GET /report/clientDebt) of the company and period chosen in the
 * filters — as the form holds them, "Aplicar" or not: downloading applies them to the dashboard too,
 * so the figures on screen and the file agree. Staff must pick a company first; a CLIENTE always
 * gets its own (the API forces it).
 */
export function ClientDebtDownload({
  filters,
  applied = filters,
  onApply,
  companyName,
  needsCompany,
}: {
  /** The form's current values. */
  filters: ReportFilters;
  /** What the dashboard shows (the URL). */
  applied?: ReportFilters;
  onApply?: () => void;
  companyName: string | undefined;
  needsCompany: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const missing = needsCompany && !filters.company;
  const backwards = Boolean(filters.start && filters.end && filters.end < filters.start);
  const pending = !same(filters, applied);

  async function download() {
    if (pending) onApply?.();
    setBusy(true);
    try {
      const name = await downloadClientDebt(filters);
      notifications.show({ color: 'green', title: 'Planilla descargada', message: `Se descargó ${name}.` });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'No se pudo descargar la planilla',
        message: messageOf(error),
      });
    } finally {
      setBusy(false);
    }
  }

  const period =
    filters.start || filters.end
      ? `ingresadas ${filters.start ? `desde el ${formatDate(filters.start)}` : ''}${filters.start && filters.end ? ' ' : ''}${filters.end ? `hasta el ${formatDate(filters.end)}` : ''}`
      : 'de todo el período';

  return (
    <section className={classes.report} aria-labelledby="report-title">
      <div>
        <h2 id="report-title" className={classes.chartTitle}>
          Planilla de deuda
        </h2>
        <p className={classes.reportText}>
          {missing
            ? 'Elija una compañía en los filtros para descargar su planilla de deudas en Excel (no hace falta aplicar).'
            : backwards
              ? 'La fecha final no puede ser anterior a la inicial.'
              : `Deudas ${companyName ? `de ${companyName} ` : ''}${period}, con pagos y saldo, en Excel (.xlsx).${pending ? ' Al descargar, el tablero también pasa a estos filtros.' : ''}`}
        </p>
      </div>
      <Button
        leftSection={<IconFileSpreadsheet size={18} />}
        onClick={() => void download()}
        loading={busy}
        disabled={missing || backwards}
        loaderProps={{ 'aria-label': 'Generando la planilla' }}
      >
        Descargar planilla
      </Button>
    </section>
  );
}
