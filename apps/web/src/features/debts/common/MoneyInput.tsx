import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef, useEffect, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { formatMoneyInput, parseMoneyInput } from './money';

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'onBlur'> & {
  /** The decimal string ("1234.56"), or what was typed when it is no amount (the schema says so). */
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
};

/** An es-AR amount: typed as 1.234,56 and shown that way after leaving the field; holds "1234.56". */
export const MoneyInput = forwardRef<HTMLInputElement, Props>(function MoneyInput(
  { value, onChange, onBlur, ...props },
  ref,
) {
  const [text, setText] = useState(() => formatMoneyInput(value));

  // A reset or a value set from outside (e.g. the balance as default) shows up in the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only outside changes of `value` matter
  useEffect(() => {
    const typed = parseMoneyInput(text) ?? text.trim();
    if (typed !== (value ?? '')) setText(formatMoneyInput(value));
  }, [value]);

  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      placeholder="0,00"
      leftSection={<span aria-hidden="true">$</span>}
      {...props}
      ref={ref}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        onChange(parseMoneyInput(next) ?? next.trim());
      }}
      onBlur={() => {
        const parsed = parseMoneyInput(text);
        if (parsed) setText(formatMoneyInput(parsed));
        onBlur?.();
      }}
    />
  );
});

/** MoneyInput bound by name to the surrounding react-hook-form. */
export function MoneyField({
  name,
  ...props
}: { name: string; label: string } & Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <MoneyInput
          {...props}
          ref={field.ref}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
