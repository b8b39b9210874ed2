import { ISO_WEEKDAYS, WEEKDAY_SHORT } from '@cobranzas/shared';
import { Checkbox, Group } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { errorOf, TextField } from '../../components/resource/fields';
import classes from '../../components/resource/resource.module.css';

const DAY_NAMES: Record<number, string> = {
  1: 'lunes',
  2: 'martes',
  3: 'miércoles',
  4: 'jueves',
  5: 'viernes',
  6: 'sábado',
  7: 'domingo',
};

/**
 * «Horario de contacto» (issue 18): the days as checkboxes Lun…Dom and the hours desde/hasta
 * ("HH:MM", agency time; "24:00" is the end of the day). The form holds the days as ISO numbers in
 * `contactDays` and the hours in `contactFrom` / `contactTo`.
 */
export function ContactHoursFields() {
  const { control, formState } = useFormContext();
  return (
    <>
      <div className={classes.wide}>
        <Controller
          name="contactDays"
          control={control}
          render={({ field }) => (
            <Checkbox.Group
              label="Días"
              value={((field.value as number[] | null | undefined) ?? []).map(String)}
              onChange={(values) => field.onChange(values.map(Number).sort((a, b) => a - b))}
              error={errorOf(formState.errors, 'contactDays')}
            >
              <Group gap="md" mt={6}>
                {ISO_WEEKDAYS.map((day) => (
                  <Checkbox
                    key={day}
                    value={String(day)}
                    label={WEEKDAY_SHORT[day]}
                    aria-label={DAY_NAMES[day]}
                    ref={day === 1 ? field.ref : undefined}
                    onBlur={field.onBlur}
                  />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
      </div>
      <TextField
        name="contactFrom"
        label="Desde"
        placeholder="08:00"
        inputMode="numeric"
        maxLength={5}
        autoComplete="off"
        description="Hora de inicio (HH:MM)"
      />
      <TextField
        name="contactTo"
        label="Hasta"
        placeholder="20:00"
        inputMode="numeric"
        maxLength={5}
        autoComplete="off"
        description="Hora de fin, sin incluirla (24:00: hasta medianoche)"
      />
    </>
  );
}
