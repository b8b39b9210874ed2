import { type ImportPreview, STATEMENT_FIELDS, type StatementField } from '@cobranzas/shared';
import { type CellJson, cellText } from '@cobranzas/shared/imports';
import { Select } from '@mantine/core';
import { Callout } from '../../components/resource/states';
import { formatDate } from '../../lib/format';
import classes from './reconciliations.module.css';

const NONE = '__ninguna__';

const shown = (cell: CellJson | undefined) =>
  cell === undefined || cell === null
    ? ''
    : typeof cell === 'object'
      ? formatDate(cell.date.slice(0, 10))
      : cellText(cell).trim();

function example(preview: ImportPreview, header: string | undefined) {
  if (!header) return '';
  for (const row of preview.sample) {
    const text = shown(row.cells[header]);
    if (text) return text.length > 40 ? `${text.slice(0, 39)}…` : text;
  }
  return '';
}

/** Which column of a bank's statement holds each thing a line says (the import's machine, §10.1). */
export function StatementMapping({
  preview,
  mapping,
  onChange,
  problems,
}: {
  preview: ImportPreview;
  mapping: Partial<Record<StatementField, string>>;
  onChange: (mapping: Partial<Record<StatementField, string>>) => void;
  problems: string[];
}) {
  const options = [
    { value: NONE, label: '— sin asignar —' },
    ...[...new Set(preview.headers.filter((h) => h.trim() !== ''))].map((h) => ({ value: h, label: h })),
  ];
  const set = (field: StatementField, header: string | null) => {
    const next = { ...mapping };
    if (!header || header === NONE) delete next[field];
    else next[field] = header;
    onChange(next);
  };
  return (
    <fieldset className={classes.mapping}>
      <legend>Columnas de {preview.fileName}</legend>
      <p className={classes.muted}>
        La fecha y el importe (o la columna de créditos) son obligatorios. El concepto, la referencia y el
        ordenante son lo que permite reconocer al deudor: asígnelos si el extracto los trae.
      </p>
      <div className={classes.mappingGrid}>
        {STATEMENT_FIELDS.map((field) => {
          const header = mapping[field.key];
          const sample = example(preview, header);
          return (
            <Select
              key={field.key}
              label={field.label}
              data={options}
              value={header ?? NONE}
              onChange={(value) => set(field.key, value)}
              description={sample ? `Ej.: ${sample}` : undefined}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          );
        })}
      </div>
      {problems.length > 0 ? (
        <Callout tone="warning" title="Revise la asignación de columnas">
          <ul className={classes.problems}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Callout>
      ) : null}
    </fieldset>
  );
}
