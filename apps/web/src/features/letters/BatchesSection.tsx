import { type LetterBatch, letterBatchesResource } from '@cobranzas/shared';
import { Button, Table } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Pager } from '../../components/Pager';
import { messageOf } from '../../components/resource/http';
import resource from '../../components/resource/resource.module.css';
import { EmptyList, LoadFailed, TableSkeleton } from '../../components/resource/states';
import { useDownload } from '../../components/resource/useDownload';
import { invalidateResources } from '../../lib/resourceQueries';
import { formatDateTime } from '../debts/common/labels';
import { formatCount, StatusBadge } from '../imports/parts';
import { downloadBatch } from './api';
import { BATCHES_PAGE, isWorking, useBatches } from './hooks';
import classes from './letters.module.css';

/** The PDF of a printed batch, fetched with the session's token. */
function BatchDownload({ batch }: { batch: LetterBatch }) {
  const { run, busy } = useDownload('No se pudo descargar el lote', downloadBatch);
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconFileDownload size={16} />}
      loading={busy}
      onClick={() => void run(batch.id)}
      aria-label={`Descargar PDF del lote N.º ${batch.id}`}
    >
      Descargar PDF
    </Button>
  );
}

/** The batches, newest first; while one is being printed the page asks again every 2 s. */
export function BatchesSection() {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const query = useBatches(page);
  const batches = (query.data?.data ?? []) as LetterBatch[];

  // A batch that ends may leave letters waiting again (a failure): the counts above reload.
  const working = batches.some(isWorking);
  const wasWorking = useRef(false);
  useEffect(() => {
    if (wasWorking.current && !working) void invalidateResources(client, [letterBatchesResource]);
    wasWorking.current = working;
  }, [working, client]);

  let body: React.ReactNode;
  if (query.isError && !query.data)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <TableSkeleton rows={3} />;
  else if (batches.length === 0)
    body = <EmptyList filtered={false} text="Todavía no se imprimió ningún lote." />;
  else
    body = (
      <>
        <Table.ScrollContainer minWidth={760}>
          <Table highlightOnHover verticalSpacing="xs">
            <caption className={classes.hidden}>Lotes de cartas</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Lote</Table.Th>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th className={classes.number}>Cartas</Table.Th>
                <Table.Th>Preparó</Table.Th>
                <Table.Th>Terminó</Table.Th>
                <Table.Th>
                  <span className={classes.hidden}>Acciones</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {batches.map((batch) => (
                <Table.Tr key={batch.id} aria-label={`Lote N.º ${batch.id}`}>
                  <Table.Td className={classes.nowrap}>N.º {batch.id}</Table.Td>
                  <Table.Td className={classes.nowrap}>{formatDateTime(batch.createdAt)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={batch.status} />
                    {batch.error ? <p className={classes.error}>{batch.error}</p> : null}
                  </Table.Td>
                  <Table.Td className={classes.number}>{formatCount(batch.letters)}</Table.Td>
                  <Table.Td>{batch.createdByName ?? '—'}</Table.Td>
                  <Table.Td className={classes.nowrap}>
                    {batch.finishedAt ? formatDateTime(batch.finishedAt) : '—'}
                  </Table.Td>
                  <Table.Td className={classes.number}>
                    {batch.status === 'DONE' ? <BatchDownload batch={batch} /> : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Pager
          className={classes.pager}
          label="Páginas de los lotes"
          page={page}
          size={BATCHES_PAGE}
          shown={batches.length}
          total={query.data.total}
          onPage={setPage}
        />
      </>
    );
  return (
    <section className={`${resource.card} ${classes.pad}`} aria-labelledby="letters-batches">
      <h2 id="letters-batches" className={classes.sectionTitle}>
        Lotes
      </h2>
      {body}
    </section>
  );
}
