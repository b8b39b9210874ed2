import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { agencyToday, type Case } from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { IconCalendar, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useDownload } from '../../components/resource/useDownload';
import { formatDate, parseDate } from '../../lib/format';
import view from '../debts/view/view.module.css';
import { downloadLiquidation } from './api';
import classes from './cases.module.css';

/**
 * Liquidación: the sheet the court asks for, at a date (today by default, never later): capital,
 * interest by period, the payments applied, the costs and the total, under the case's carátula (PDF).
 */
export function LiquidationSection({ record }: { record: Case }) {
  const today = agencyToday();
  const [date, setDate] = useState<string | null>(today);
  const { run, busy } = useDownload('No se pudo generar la planilla', (on: string) =>
    downloadLiquidation(record.id, on),
  );
  return (
    <div className={view.tab}>
      <div className={view.tabHeader}>
        <h2 className={view.tabTitle}>Liquidación</h2>
      </div>
      <p className={view.explain}>
        La planilla de liquidación a una fecha: capital, intereses por tramo, pagos imputados, costas y total,
        con la carátula del expediente.
      </p>
      <div className={classes.liquidation}>
        <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
          <DateInput
            label="Liquidar al"
            valueFormat="DD/MM/YYYY"
            placeholder="dd/mm/aaaa"
            dateParser={parseDate}
            maxDate={today}
            nextLabel="Siguiente"
            previousLabel="Anterior"
            leftSection={<IconCalendar size={16} aria-hidden="true" />}
            value={date}
            onChange={setDate}
            error={date ? undefined : 'Indique la fecha.'}
            className={classes.liquidationDate}
          />
        </DatesProvider>
        <Button
          leftSection={<IconFileTypePdf size={18} />}
          loading={busy}
          disabled={!date}
          onClick={() => date && void run(date)}
        >
          Descargar planilla (PDF)
        </Button>
      </div>
      {date ? <p className={view.muted}>Planilla al {formatDate(date)}.</p> : null}
    </div>
  );
}
