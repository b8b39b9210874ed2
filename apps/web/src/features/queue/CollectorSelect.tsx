import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useCollectors } from '../collectors/useCollectors';

/**
 * The ADMIN's choice of whose queue to see: himself first (the default, no `userId` in the URL),
 * then the active collectors.
 */
export function CollectorSelect({
  selfId,
  selfName,
  value,
  onChange,
}: {
  selfId: number;
  selfName: string;
  /** The chosen user's id, or undefined for the ADMIN himself. */
  value: string | undefined;
  onChange: (userId: string | null) => void;
}) {
  const collectors = useCollectors();
  const self = String(selfId);
  const options = useMemo(
    () => [
      { value: self, label: `${selfName} (yo)` },
      ...collectors.options.filter((option) => option.value !== self),
    ],
    [collectors.options, self, selfName],
  );
  // A user no longer among the active collectors (a link from the load page) still shows by id.
  const data =
    value && !options.some((option) => option.value === value)
      ? [...options, { value, label: `Usuario N.º ${value}` }]
      : options;
  return (
    <Select
      label="Cola de"
      data={data}
      value={value ?? self}
      onChange={(next) => onChange(next === self ? null : next)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="Sin coincidencias"
      w={280}
    />
  );
}
