import { Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { ListPatch, ListState } from './listParams';
import classes from './resource.module.css';
import type { ListFilter } from './types';
import { useOptions } from './useOptions';

const SEARCH_DELAY_MS = 350;

/** The search box (debounced into the URL's `q`) and the list's select filters. */
export function ListToolbar({
  state,
  update,
  filters,
  searchPlaceholder,
}: {
  state: ListState;
  update: (patch: ListPatch, options?: { replace?: boolean }) => void;
  filters: ListFilter[];
  searchPlaceholder: string;
}) {
  const [text, setText] = useState(state.q);
  const sent = useRef(state.q);

  // Back/forward or a link changed `q`: the box follows.
  useEffect(() => {
    if (state.q !== sent.current) {
      sent.current = state.q;
      setText(state.q);
    }
  }, [state.q]);

  const send = (value: string) => {
    const q = value.trim();
    if (q === sent.current) return;
    sent.current = q;
    update({ q }, { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `send` reads the latest state through refs
  useEffect(() => {
    const timer = setTimeout(() => send(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <search className={classes.toolbar}>
      <TextInput
        className={classes.search}
        type="search"
        aria-label="Buscar"
        placeholder={searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') send(text);
        }}
      />
      {filters.map((filter) => (
        <FilterSelect
          key={filter.name}
          filter={filter}
          value={state.filters[filter.name] ?? null}
          onChange={(value) => update({ filters: { [filter.name]: value } })}
        />
      ))}
    </search>
  );
}

function FilterSelect({
  filter,
  value,
  onChange,
}: {
  filter: ListFilter;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const remote = useOptions(
    filter.source?.resource ?? '',
    filter.source?.label ?? (() => ''),
    !!filter.source,
  );
  const data = filter.options ?? remote.options;
  return (
    <Select
      className={classes.filter}
      aria-label={filter.label}
      placeholder={filter.placeholder}
      data={data}
      value={value}
      onChange={onChange}
      clearable
      searchable={data.length > 8}
      nothingFoundMessage="Sin coincidencias"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
