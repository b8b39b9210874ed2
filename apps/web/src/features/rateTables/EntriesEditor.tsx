import { ActionIcon, Button, Table } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { DateField } from '../../components/resource/DateField';
import { errorOf, TextField } from '../../components/resource/fields';
import { formatDate } from '../../lib/format';
import classes from './rateTables.module.css';

/** A row of the editor as the form holds it: the date 'YYYY-MM-DD' (or null), the rate as typed. */
export type EntryRow = { from: string | null; annualRate: string };

const NEW_ROW: EntryRow = { from: null, annualRate: '' };

/**
 * The table's rates: one row per date, each with its annual rate (es-AR decimal comma). Rows are
 * added at the end and removed one by one; the API keeps them sorted by date.
 */
export function EntriesEditor({ readOnly }: { readOnly: boolean }) {
  const { control, formState, watch } = useFormContext<{ entries: EntryRow[] }>();
  const { fields, append, remove } = useFieldArray({ control, name: 'entries' });
  const listError = errorOf(formState.errors, 'entries') ?? errorOf(formState.errors, 'entries.root');
  const rowName = (index: number) => {
    const from = watch(`entries.${index}.from`);
    return from ? `la tasa desde el ${formatDate(from)}` : `la fila ${index + 1}`;
  };
  return (
    <fieldset className={classes.entries} aria-describedby="rate-entries-hint">
      <legend className={classes.legend}>Tasas</legend>
      <p id="rate-entries-hint" className={classes.hint}>
        Cada tasa anual rige desde su fecha hasta la fecha de la siguiente.
      </p>
      {fields.length === 0 ? (
        <p className={classes.empty}>Todavía no hay tasas cargadas.</p>
      ) : (
        <Table className={classes.table} verticalSpacing={4} horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.dateColumn}>Desde</Table.Th>
              <Table.Th className={classes.rateColumn}>Tasa anual</Table.Th>
              {readOnly ? null : (
                <Table.Th className={classes.actionColumn}>
                  <span className={classes.srOnly}>Quitar</span>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field, index) => (
              <Table.Tr key={field.id}>
                <Table.Td className={classes.cell}>
                  <DateField
                    name={`entries.${index}.from`}
                    label={`Desde (fila ${index + 1})`}
                    classNames={{ label: classes.srOnly }}
                    clearable={false}
                  />
                </Table.Td>
                <Table.Td className={classes.cell}>
                  <TextField
                    name={`entries.${index}.annualRate`}
                    label={`Tasa anual (fila ${index + 1})`}
                    classNames={{ label: classes.srOnly }}
                    inputMode="decimal"
                    placeholder="0,00"
                    rightSection="%"
                    autoComplete="off"
                  />
                </Table.Td>
                {readOnly ? null : (
                  <Table.Td className={classes.cell}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Quitar ${rowName(index)}`}
                      title="Quitar"
                      onClick={() => remove(index)}
                    >
                      <IconTrash size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {listError ? (
        <p className={classes.error} role="alert">
          {listError}
        </p>
      ) : null}
      {readOnly ? null : (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => append({ ...NEW_ROW })}
          className={classes.add}
        >
          Agregar tasa
        </Button>
      )}
    </fieldset>
  );
}
