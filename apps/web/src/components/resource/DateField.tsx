import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { Controller, useFormContext } from 'react-hook-form';
import { parseDate } from '../../lib/format';

/** A date typed or picked as dd/mm/aaaa; the form holds 'YYYY-MM-DD' (or null), as the API wants. */
export function DateField({
  name,
  label,
  ...props
}: { name: string; label: string } & Omit<DateInputProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const { control } = useFormContext();
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
      <Controller
        name={name}
        control={control}
        render={({ field, fieldState }) => (
          <DateInput
            valueFormat="DD/MM/YYYY"
            placeholder="dd/mm/aaaa"
            dateParser={parseDate}
            clearable
            clearButtonProps={{ 'aria-label': 'Borrar la fecha' }}
            nextLabel="Siguiente"
            previousLabel="Anterior"
            leftSection={<IconCalendar size={16} aria-hidden="true" />}
            {...props}
            label={label}
            ref={field.ref}
            name={field.name}
            value={field.value ?? null}
            onChange={(value) => field.onChange(value ?? null)}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
    </DatesProvider>
  );
}
