/** Small inputs the editor repeats: a day count, a yes/no/any choice, an id multi-select. */
import { MultiSelect, NumberInput, Select } from '@mantine/core';
import type { Option } from '../../components/resource/types';
import type { Tri } from './draft';

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type Common = { label: string; error?: string | undefined; description?: string; withAsterisk?: boolean };

/** A whole number of days ('' = no limit). */
export function DaysInput({
  value,
  onChange,
  max = 36_500,
  ...props
}: Common & {
  value: number | '';
  onChange: (value: number | '') => void;
  max?: number;
  placeholder?: string;
}) {
  return (
    <NumberInput
      {...props}
      value={value}
      onChange={(v) => onChange(typeof v === 'number' ? v : '')}
      min={0}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator="."
      decimalSeparator=","
    />
  );
}

const TRI: { value: Tri; label: string }[] = [
  { value: 'any', label: 'Cualquiera' },
  { value: 'yes', label: 'Sí' },
  { value: 'no', label: 'No' },
];

export function TriSelect({
  value,
  onChange,
  ...props
}: Common & { value: Tri; onChange: (value: Tri) => void }) {
  return (
    <Select
      {...props}
      data={TRI}
      value={value}
      onChange={(v) => onChange((v ?? 'any') as Tri)}
      allowDeselect={false}
    />
  );
}

/**
 * Ids chosen among `options`; an id no longer among them (a company deleted, a collector made
 * inactive) stays chosen and is named by its number, so saving does not drop it unseen.
 */
export function IdsSelect({
  value,
  onChange,
  options,
  missing,
  ...props
}: Common & {
  value: string[];
  onChange: (value: string[]) => void;
  options: Option[];
  missing: (id: string) => string;
  placeholder?: string;
}) {
  const known = new Set(options.map((o) => o.value));
  const data = [
    ...options,
    ...value.filter((id) => !known.has(id)).map((id) => ({ value: id, label: missing(id) })),
  ];
  return (
    <MultiSelect
      {...props}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage="Sin coincidencias"
    />
  );
}
