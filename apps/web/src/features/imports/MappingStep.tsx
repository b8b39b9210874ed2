import {
  IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
  type ImportPreview,
  mappingProblemsForHeaders,
} from '@cobranzas/shared';
import {
  type CellJson,
  cellFromJson,
  cellText,
  type ImportRow,
  toImportRow,
} from '@cobranzas/shared/imports';
import { Alert, Select, Table } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Callout } from '../../components/resource/states';
import { formatCuit, formatDate, formatDni, formatMoney } from '../../lib/format';
import classes from './imports.module.css';

/** The Select's value for a field left without a column. */
const NONE = '__ninguna__';

const GROUPS = [
  { entity: 'debtor', title: 'Datos del deudor' },
  { entity: 'debt', title: 'Datos de la deuda' },
] as const;

/** A cell as the file shows it: dates as dd/mm/aaaa, the rest as text. */
function cellShown(cell: CellJson | undefined): string {
  if (cell === undefined || cell === null) return '';
  if (typeof cell === 'object') return formatDate(cell.date.slice(0, 10));
  return cellText(cell).trim();
}

/** The first non-blank value of a column in the sample, as an example under its Select. */
function exampleOf(preview: ImportPreview, header: string | undefined): string {
  if (!header) return '';
  for (const row of preview.sample) {
    const text = cellShown(row.cells[header]);
    if (text) return text.length > 40 ? `${text.slice(0, 39)}…` : text;
  }
  return '';
}

/** The headers as Select options: each once, none empty (a Select refuses repeated values). */
function headerOptions(headers: readonly string[]) {
  const unique = [...new Set(headers.filter((h) => h.trim() !== ''))];
  return [{ value: NONE, label: '— sin asignar —' }, ...unique.map((h) => ({ value: h, label: h }))];
}

/** Step 2: which column of the file feeds each field, its problems, and the first rows as read. */
export function MappingStep({
  preview,
  mapping,
  onChange,
}: {
  preview: ImportPreview;
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
}) {
  const options = useMemo(() => headerOptions(preview.headers), [preview.headers]);
  const problems = useMemo(() => mappingProblemsForHeaders(mapping, preview.headers), [mapping, preview]);
  const set = (field: ImportField, header: string | null) => {
    const next = { ...mapping };
    if (!header || header === NONE) delete next[field];
    else next[field] = header;
    onChange(next);
  };

  return (
    <div className={classes.mapping}>
      {preview.mappingSource === 'company' ? (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} className={classes.note}>
          Se usó la asignación de columnas de la última importación de esta compañía.
        </Alert>
      ) : null}
      <p className={classes.intro}>
        Indique qué columna de <strong>{preview.fileName}</strong> corresponde a cada dato. Los marcados con{' '}
        <span className={classes.required}>*</span> son obligatorios, y cada fila necesita además el DNI o el
        CUIT/CUIL del deudor.
      </p>
      {GROUPS.map((group) => (
        <fieldset key={group.entity} className={classes.fieldset}>
          <legend className={classes.legend}>{group.title}</legend>
          <div className={classes.fields}>
            {IMPORT_FIELDS.filter((f) => f.entity === group.entity).map((field) => {
              const header = mapping[field.key];
              const example = exampleOf(preview, header);
              const oneOf = field.key === 'dni' || field.key === 'cuit';
              return (
                <Select
                  key={field.key}
                  label={field.label}
                  withAsterisk={field.required}
                  description={
                    [oneOf ? 'DNI o CUIT/CUIL: al menos uno' : '', example ? `Ej.: ${example}` : '']
                      .filter(Boolean)
                      .join(' · ') || undefined
                  }
                  data={options}
                  value={header ?? NONE}
                  onChange={(value) => set(field.key, value)}
                  allowDeselect={false}
                  searchable={options.length > 10}
                  nothingFoundMessage="Sin coincidencias"
                  comboboxProps={{ withinPortal: true }}
                  classNames={{ description: classes.description }}
                />
              );
            })}
          </div>
        </fieldset>
      ))}
      {problems.length > 0 ? (
        <Callout tone="warning" title="Revise la asignación de columnas" className={classes.problems}>
          <ul className={classes.problemList}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Callout>
      ) : (
        <p className={classes.ok} role="status">
          <IconCircleCheck size={18} aria-hidden="true" /> La asignación de columnas está completa.
        </p>
      )}
      <SampleRows preview={preview} mapping={mapping} />
    </div>
  );
}

type ReadRow = { rowNumber: number; read: ImportRow; cells: Record<string, CellJson> };

/** The first rows "como se van a leer": the shared reader the import uses, run here on the sample. */
function SampleRows({ preview, mapping }: { preview: ImportPreview; mapping: ImportMapping }) {
  const rows = useMemo<ReadRow[]>(
    () =>
      preview.sample.map((row) => ({
        rowNumber: row.rowNumber,
        cells: row.cells,
        read: toImportRow(
          Object.fromEntries(Object.entries(row.cells).map(([key, cell]) => [key, cellFromJson(cell)])),
          mapping,
        ),
      })),
    [preview.sample, mapping],
  );
  const raw = (row: ReadRow, field: ImportField) => {
    const header = mapping[field];
    return header ? cellShown(row.cells[header]) : '';
  };
  return (
    <section className={classes.sample} aria-labelledby="filas-leidas">
      <h2 id="filas-leidas" className={classes.sectionTitle}>
        Las primeras filas, como se van a leer
      </h2>
      {rows.length === 0 ? (
        <p className={classes.muted}>El archivo no tiene filas de datos.</p>
      ) : (
        <Table.ScrollContainer minWidth={860} type="native">
          <Table striped withTableBorder verticalSpacing="xs" className={classes.sampleTable}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Fila</Table.Th>
                <Table.Th scope="col" className={classes.nameCol}>
                  Deudor
                </Table.Th>
                <Table.Th scope="col">DNI / CUIT</Table.Th>
                <Table.Th scope="col">Referencia</Table.Th>
                <Table.Th scope="col" className={classes.right}>
                  Importe
                </Table.Th>
                <Table.Th scope="col">Origen</Table.Th>
                <Table.Th scope="col">Mora</Table.Th>
                <Table.Th scope="col" className={classes.reasonCol}>
                  Observaciones
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const { read } = row;
                if ('errors' in read) {
                  const name =
                    raw(row, 'fullName') ||
                    [raw(row, 'lastName'), raw(row, 'firstName')].filter(Boolean).join(', ');
                  return (
                    <Table.Tr key={row.rowNumber} className={classes.rejected}>
                      <Table.Td>{row.rowNumber}</Table.Td>
                      <Table.Td className={classes.rawCell}>{name}</Table.Td>
                      <Table.Td className={`${classes.rawCell} ${classes.nowrap}`}>
                        <Ids dni={raw(row, 'dni')} cuit={raw(row, 'cuit')} />
                      </Table.Td>
                      <Table.Td className={`${classes.rawCell} ${classes.nowrap}`}>
                        {raw(row, 'reference')}
                      </Table.Td>
                      <Table.Td className={`${classes.rawCell} ${classes.right}`}>
                        {raw(row, 'originalAmount')}
                      </Table.Td>
                      <Table.Td className={classes.rawCell}>{raw(row, 'originDate')}</Table.Td>
                      <Table.Td className={classes.rawCell}>{raw(row, 'defaultDate')}</Table.Td>
                      <Table.Td>
                        <span className={classes.rowVerdictBad}>Se rechaza:</span>
                        <ul className={classes.reasons}>
                          {read.errors.map((reason) => (
                            <li key={reason}>{reason}</li>
                          ))}
                        </ul>
                      </Table.Td>
                    </Table.Tr>
                  );
                }
                const { debtor, debt, warnings } = read;
                const name = [debtor.lastName, debtor.firstName].filter(Boolean).join(', ');
                return (
                  <Table.Tr key={row.rowNumber}>
                    <Table.Td>{row.rowNumber}</Table.Td>
                    <Table.Td>{name || <span className={classes.muted}>(sin nombre)</span>}</Table.Td>
                    <Table.Td className={classes.nowrap}>
                      <Ids
                        dni={debtor.dni ? formatDni(debtor.dni) : ''}
                        cuit={debtor.cuit ? formatCuit(debtor.cuit) : ''}
                      />
                    </Table.Td>
                    <Table.Td className={classes.nowrap}>{debt.reference}</Table.Td>
                    <Table.Td className={`${classes.nowrap} ${classes.right}`}>
                      {formatMoney(debt.originalAmount, debt.currency)}
                    </Table.Td>
                    <Table.Td className={classes.nowrap}>{formatDate(debt.originDate)}</Table.Td>
                    <Table.Td className={classes.nowrap}>{formatDate(debt.defaultDate)}</Table.Td>
                    <Table.Td>
                      {warnings.length > 0 ? (
                        <ul className={`${classes.reasons} ${classes.warnings}`}>
                          {warnings.map((warning) => (
                            <li key={warning}>{warning}</li>
                          ))}
                        </ul>
                      ) : (
                        <span className={classes.rowVerdictOk}>Correcta</span>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <p className={classes.muted}>
        Se muestran las primeras {rows.length} filas; la validación revisa el archivo completo.
      </p>
    </section>
  );
}

/** DNI over CUIT/CUIL in one cell (the table must fit beside the sidebar). */
function Ids({ dni, cuit }: { dni: string; cuit: string }) {
  return (
    <>
      {dni ? <span className={classes.idLine}>DNI {dni}</span> : null}
      {cuit ? <span className={classes.idLine}>CUIT {cuit}</span> : null}
    </>
  );
}
