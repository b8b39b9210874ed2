import { Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { ListPatch, ListState } from './listParams';
import classes from './resource.module.css';
import type { ListFilter, Option } from './types';
import { useOptions } from './useOptions';

const SEARCH_DELAY_MS = 350;

/**
 * The search box (debounced into the URL's `q`) and the list's select filters. Without a
 * `searchPlaceholder` the list has no search (its resource searches nothing): filters only.
 */
export function ListToolbar({
  state,
  update,
  filters,
  searchPlaceholder,
}: {
  state: ListState;
  update: (patch: ListPatch, options?: { replace?: boolean }) => void;
  filters: readonly ListFilter[];
  searchPlaceholder?: string;
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
      {searchPlaceholder === undefined ? null : (
        <TextInput
          className={classes.search}
          style={{ '--search-text': `${searchPlaceholder.length}ch` }}
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
      )}
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

function FilterSelect({ filter, ...select }: SelectProps & { filter: ListFilter }) {
  if (filter.source) return <RemoteFilterSelect filter={filter} source={filter.source} {...select} />;
  return <SelectFilter filter={filter} data={filter.options ?? []} {...select} />;
}

type SelectProps = { value: string | null; onChange: (value: string | null) => void };

/** A filter whose options are a resource's records. */
function RemoteFilterSelect({
  filter,
  source,
  ...select
}: SelectProps & { filter: ListFilter; source: NonNullable<ListFilter['source']> }) {
  const remote = useOptions(source.definition, source.label);
  return <SelectFilter filter={filter} data={remote.options} {...select} />;
}

function SelectFilter({
  filter,
  data,
  value,
  onChange,
}: SelectProps & { filter: ListFilter; data: Option[] }) {
  return (
    <Select
      className={classes.filter}
      // As wide as its placeholder when there is room: «Todas las compañías» read «Todas las compañ».
      style={{ '--filter-text': `${filter.placeholder?.length ?? 12}ch` }}
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
