import { type RateImportResult, rateTablesResource } from '@cobranzas/shared';
import { Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FileDrop } from '../../components/FileDrop';
import { fieldErrorsOf, messageOf } from '../../components/resource/http';
import resource from '../../components/resource/resource.module.css';
import { Callout } from '../../components/resource/states';
import { useResourceMutation } from '../../lib/resourceQueries';
import { importRates } from './api';
import classes from './rateTables.module.css';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Importar CSV (fecha;tasa)" on the edit page: merges a file's rates into the saved table. */
export function ImportRates({ rateTableId }: { rateTableId: number }) {
  const [result, setResult] = useState<{ fileName: string; outcome: RateImportResult } | null>(null);
  const [failure, setFailure] = useState<{ message: string; details: string[] } | null>(null);
  const upload = useResourceMutation({
    mutationFn: (file: File) => importRates(rateTableId, file),
    invalidates: [rateTablesResource],
    onSuccess: (outcome, file) => {
      setFailure(null);
      setResult({ fileName: file.name, outcome });
      notifications.show({
        color: 'green',
        title: 'Tasas importadas',
        message: `${count(outcome.created, 'tasa nueva', 'tasas nuevas')}, ${count(outcome.updated, 'actualizada', 'actualizadas')}.`,
      });
    },
    onError: (error) => {
      setResult(null);
      const message = messageOf(error);
      const details = (fieldErrorsOf(error).file ?? []).filter((line) => line !== message);
      setFailure({ message, details });
    },
  });
  return (
    <section className={resource.card} aria-labelledby="rate-import-title">
      <div className={resource.form}>
        <h2 id="rate-import-title" className={resource.sectionTitle}>
          Importar CSV (fecha;tasa)
        </h2>
        <p className={classes.hint}>
          Una tasa por línea: fecha dd/mm/aaaa o aaaa-mm-dd y tasa anual (45,25 o 45.25). Las fechas que la
          tabla ya tiene toman la tasa del archivo; lo demás se agrega. Máximo 1 MB.
        </p>
        <FileDrop
          accept=".csv,.txt,text/csv,text/plain"
          input={{ 'aria-label': 'Elegir el archivo CSV de tasas' }}
          onFiles={([file]) => {
            if (file && !upload.isPending) upload.mutate(file);
          }}
        >
          <FileDrop.Title>{upload.isPending ? 'Importando…' : 'Elegir un archivo CSV'}</FileDrop.Title>
          <span>o arrástrelo aquí</span>
        </FileDrop>
        {failure ? (
          <Callout tone="error" title="No se importó nada" className={classes.result}>
            <p>{failure.message}</p>
            {failure.details.length > 0 ? (
              <ul>
                {failure.details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </Callout>
        ) : null}
        {result ? <ImportOutcome {...result} /> : null}
      </div>
    </section>
  );
}

function ImportOutcome({ fileName, outcome }: { fileName: string; outcome: RateImportResult }) {
  const { created, updated, rejected } = outcome;
  return (
    <div className={classes.result} role="status">
      <p className={classes.summary}>
        <strong>{fileName}</strong>: {count(created, 'tasa nueva', 'tasas nuevas')},{' '}
        {count(updated, 'actualizada', 'actualizadas')}
        {rejected.length > 0 ? `, ${count(rejected.length, 'línea rechazada', 'líneas rechazadas')}` : ''}.
      </p>
      {rejected.length > 0 ? (
        <Table className={classes.rejected} captionSide="top" striped withTableBorder verticalSpacing={4}>
          <Table.Caption>Líneas rechazadas</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Línea</Table.Th>
              <Table.Th>Motivo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rejected.map(({ line, reason }) => (
              <Table.Tr key={line}>
                <Table.Td>{line}</Table.Td>
                <Table.Td>{reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </div>
  );
}
