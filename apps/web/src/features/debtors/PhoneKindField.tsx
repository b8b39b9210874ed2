import { PHONE_KIND_LABELS, PHONE_KINDS, type PhoneKind } from '@cobranzas/shared';
import { Select, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';

/** Select values are strings: «Sin indicar» stands for null. */
const UNKNOWN = 'SIN_INDICAR';
const OPTIONS = [
  ...PHONE_KINDS.map((value) => ({ value, label: PHONE_KIND_LABELS[value] })),
  { value: UNKNOWN, label: 'Sin indicar' },
];

/** One number whatever its writing: «(0351) 584-7753» is «351 584 7753» (as migration 0027). */
const numberOf = (phone: unknown) =>
  String(phone ?? '')
    .replace(/\D/g, '')
    .replace(/^0+/, '');

/**
 * «Tipo de línea» of a phone (issue 32): Celular, Fijo or Sin indicar. A kind is said of one number:
 * while the field holds another it reads «Sin indicar» (as the database would store it), and typing
 * the number back brings the kind back.
 */
export function PhoneKindField({ phone, label }: { phone: 'phone' | 'altPhone'; label: string }) {
  const { control, getValues, setValue } = useFormContext();
  const name = `${phone}Kind`;
  const number = numberOf(useWatch({ control, name: phone }));
  const said = useRef({ number, kind: (getValues(name) as PhoneKind | null | undefined) ?? null });
  useEffect(() => {
    const kind = number === said.current.number ? said.current.kind : null;
    if ((getValues(name) ?? null) !== kind) setValue(name, kind, { shouldDirty: true });
  }, [number, name, getValues, setValue]);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Select
          label={
            <>
              Tipo de línea <VisuallyHidden>({label.toLowerCase()})</VisuallyHidden>
            </>
          }
          data={OPTIONS}
          allowDeselect={false}
          ref={field.ref}
          name={field.name}
          value={(field.value as PhoneKind | null | undefined) ?? UNKNOWN}
          onChange={(value) => {
            const kind = value === UNKNOWN || !value ? null : (value as PhoneKind);
            said.current = { number, kind };
            field.onChange(kind);
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
