import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { agencyToday } from '@cobranzas/shared';
import { NumberInput } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import resource from '../../components/resource/resource.module.css';
import { parseDate } from '../../lib/format';
import { DeadlineResult } from './DeadlineResult';
import classes from './jurisdictions.module.css';

/** «Calcular un plazo»: a notice's day and N judicial working days → when the term ends here. */
export function DeadlineCalculator({ jurisdictionId }: { jurisdictionId: number }) {
  const [from, setFrom] = useState<string | null>(agencyToday());
  const [days, setDays] = useState<number | ''>('');
  return (
    <section className={resource.card} aria-labelledby="deadline-title">
      <h2 id="deadline-title" className={resource.cardTitle}>
        Calcular un plazo
      </h2>
      <div className={classes.calculator}>
        <div className={classes.calculatorInputs}>
          <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
            <DateInput
              label="Notificado el"
              valueFormat="DD/MM/YYYY"
              placeholder="dd/mm/aaaa"
              dateParser={parseDate}
              nextLabel="Siguiente"
              previousLabel="Anterior"
              leftSection={<IconCalendar size={16} aria-hidden="true" />}
              value={from}
              onChange={setFrom}
            />
          </DatesProvider>
          <NumberInput
            label="Días hábiles"
            min={1}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator={false}
            value={days}
            onChange={(value) => setDays(typeof value === 'number' ? value : '')}
          />
        </div>
        <DeadlineResult jurisdictionId={jurisdictionId} from={from} days={days} noJurisdiction="" />
      </div>
    </section>
  );
}
