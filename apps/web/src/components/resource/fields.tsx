/** Form fields bound to the surrounding react-hook-form by name, with the schema's message under each. */
import {
  Checkbox,
  MultiSelect,
  type MultiSelectProps,
  NumberInput,
  type NumberInputProps,
  PasswordInput,
  type PasswordInputProps,
  Select,
  type SelectProps,
  Switch,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { Controller, type FieldErrors, get, useController, useFormContext } from 'react-hook-form';
import { maskCuit } from '../../lib/format';

type Named = { name: string; label: string };

export function errorOf(errors: FieldErrors, name: string): string | undefined {
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * A whole number (a port, a count of days, of years) without separators; what an empty field sends is
 * `empty` — null where the schema means «none», undefined where it must say «required».
 */
export function WholeNumberField({
  name,
  empty = undefined,
  ...props
}: Named & { empty?: null | undefined } & Omit<
    NumberInputProps,
    'name' | 'error' | 'value' | 'onChange' | 'allowDecimal' | 'allowNegative' | 'thousandSeparator'
  >) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <NumberInput
          {...props}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator={false}
          ref={field.ref}
          name={field.name}
          value={field.value ?? ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : empty)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

export function TextField({ name, ...props }: Named & Omit<TextInputProps, 'name' | 'error'>) {
  const { register, formState } = useFormContext();
  return <TextInput {...props} {...register(name)} error={errorOf(formState.errors, name)} />;
}

export function TextareaField({ name, ...props }: Named & Omit<TextareaProps, 'name' | 'error'>) {
  const { register, formState } = useFormContext();
  return (
    <Textarea autosize minRows={3} {...props} {...register(name)} error={errorOf(formState.errors, name)} />
  );
}

/** `unregister`: the value leaves the form when the field is hidden (password changed on demand). */
export function PasswordField({
  name,
  unregister = false,
  ...props
}: Named & { unregister?: boolean } & Omit<PasswordInputProps, 'name' | 'error'>) {
  const { register, formState } = useFormContext();
  return (
    <PasswordInput
      {...props}
      {...register(name, { shouldUnregister: unregister })}
      visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }}
      error={errorOf(formState.errors, name)}
    />
  );
}

/** What a Mantine input controlled by react-hook-form takes from its field (value aside). */
function useControlledProps(name: string) {
  const { field, fieldState } = useController({ name, control: useFormContext().control });
  return {
    value: field.value as unknown,
    props: {
      ref: field.ref,
      name: field.name,
      onChange: field.onChange,
      onBlur: field.onBlur,
      error: fieldState.error?.message,
    },
  };
}

export function SelectField({ name, ...props }: Named & Omit<SelectProps, 'name' | 'error' | 'value'>) {
  const field = useControlledProps(name);
  return (
    <Select
      nothingFoundMessage="Sin coincidencias"
      {...props}
      {...field.props}
      value={(field.value as string | null | undefined) ?? null}
    />
  );
}

/** Several ids from a list; the form holds them as strings (Mantine's values). */
export function MultiSelectField({
  name,
  ...props
}: Named & Omit<MultiSelectProps, 'name' | 'error' | 'value'>) {
  const field = useControlledProps(name);
  return (
    <MultiSelect
      nothingFoundMessage="Sin coincidencias"
      {...props}
      {...field.props}
      value={(field.value as string[] | undefined) ?? []}
    />
  );
}

type BooleanFieldProps = Named & { description?: string };

/** A boolean of the form as a Switch (a setting) or a Checkbox (a fact about the record). */
function booleanField(Control: typeof Switch | typeof Checkbox) {
  return function BooleanField({ name, label, description }: BooleanFieldProps) {
    const { control } = useFormContext();
    return (
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <Control
            ref={field.ref}
            name={field.name}
            label={label}
            description={description}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
          />
        )}
      />
    );
  };
}

export const SwitchField = booleanField(Switch);
export const CheckboxField = booleanField(Checkbox);

/** CUIT typed with its dashes put in as it grows (XX-XXXXXXXX-X); the schema keeps the digits. */
export function CuitField({ name, ...props }: Named & Omit<TextInputProps, 'name' | 'error' | 'value'>) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextInput
          inputMode="numeric"
          autoComplete="off"
          placeholder="XX-XXXXXXXX-X"
          maxLength={13}
          {...props}
          ref={field.ref}
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(maskCuit(event.currentTarget.value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
