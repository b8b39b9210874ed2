import { agencyToday, CHANNEL_OWNER_LABELS, CHANNEL_OWNERS } from '@cobranzas/shared';
import { Checkbox, Select, VisuallyHidden } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { TextField } from '../../components/resource/fields';
import { formatDate } from '../../lib/format';
import local from './channels.module.css';
import { PhoneKindField } from './PhoneKindField';

const OWNER_OPTIONS = CHANNEL_OWNERS.map((value) => ({ value, label: CHANNEL_OWNER_LABELS[value] }));

type Channel = { value: 'phone' | 'altPhone' | 'email'; label: string; type: 'tel' | 'email' };

/**
 * A phone or the e-mail of the debtor (issue 18), with «De quién es» (the debtor's own, work, a third
 * party's: Ley 24.240 art. 8 bis and Ley 6171 CABA forbid telling them about the debt) and «No
 * contactar», which keeps the day the debtor asked (checked: today; unchecked: open again).
 */
export function ChannelFields({ value, label, type }: Channel) {
  const { control } = useFormContext();
  return (
    <div className={local.row} data-kind={value !== 'email' || undefined}>
      <TextField name={value} label={label} type={type} autoComplete="off" />
      {value !== 'email' ? <PhoneKindField phone={value} label={label} /> : null}
      <Controller
        name={`${value}Owner`}
        control={control}
        render={({ field, fieldState }) => (
          <Select
            label={
              <>
                De quién es <VisuallyHidden>({label.toLowerCase()})</VisuallyHidden>
              </>
            }
            data={OWNER_OPTIONS}
            allowDeselect={false}
            ref={field.ref}
            name={field.name}
            value={(field.value as string | undefined) ?? 'DEUDOR'}
            onChange={(owner) => field.onChange(owner ?? 'DEUDOR')}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        name={`${value}ClosedOn`}
        control={control}
        render={({ field }) => {
          const closedOn = (field.value as string | null | undefined) ?? null;
          return (
            <Checkbox
              className={local.closed}
              ref={field.ref}
              name={field.name}
              label="No contactar"
              aria-label={`No contactar: ${label.toLowerCase()}`}
              description={closedOn ? `Pedido el ${formatDate(closedOn)}` : undefined}
              checked={closedOn !== null}
              onChange={(event) => field.onChange(event.currentTarget.checked ? agencyToday() : null)}
              onBlur={field.onBlur}
            />
          );
        }}
      />
    </div>
  );
}
