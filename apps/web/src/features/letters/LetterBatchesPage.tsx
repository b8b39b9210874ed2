import '../../components/resource/mantineStyles';
import { LETTER_BATCH_MAX, LETTER_MESSAGES, letterBatchesResource } from '@cobranzas/shared';
import { Button, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../components/resource/ConfirmModal';
import { messageOf, statusOf } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { LoadFailed, TableSkeleton } from '../../components/resource/states';
import { invalidateResources } from '../../lib/resourceQueries';
import { formatCount } from '../imports/parts';
import { printBatch } from './api';
import { BatchesSection } from './BatchesSection';
import { useWaiting } from './hooks';
import classes from './letters.module.css';

const lettersWord = (n: number) => `${formatCount(n)} ${n === 1 ? 'carta' : 'cartas'}`;

/**
 * Estrategias → Cartas para imprimir (issue 36), staff only: the letters strategies queued, «Imprimir
 * lote» (one PDF with the list and each letter from a new page, up to LETTER_BATCH_MAX) and the
 * batches, followed while they are printed, each DONE one's PDF to download.
 */
export function LetterBatchesPage() {
  const client = useQueryClient();
  const waiting = useWaiting();
  const [asking, setAsking] = useState(false);
  const count = waiting.data?.waiting ?? 0;
  const print = useMutation({
    mutationFn: printBatch,
    onSuccess: (batch) =>
      notifications.show({
        color: 'green',
        title: 'Lote en preparación',
        message: `Se está preparando el lote N.º ${batch.id} con ${lettersWord(batch.letters)}.`,
      }),
    onError: (error) =>
      notifications.show({
        color: statusOf(error) === 409 ? 'blue' : 'red',
        title: statusOf(error) === 409 ? 'Nada para imprimir' : 'No se pudo imprimir el lote',
        message: messageOf(error),
      }),
    onSettled: () => {
      setAsking(false);
      void invalidateResources(client, [letterBatchesResource]);
    },
  });
  const taken = Math.min(count, LETTER_BATCH_MAX);
  const left = count - taken;

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title="Cartas para imprimir"
        actions={
          <Button
            leftSection={<IconPrinter size={18} />}
            disabled={count === 0}
            loading={print.isPending}
            onClick={() => setAsking(true)}
          >
            Imprimir lote
          </Button>
        }
      />
      <div className={classes.stack}>
        <WaitingSection query={waiting} />
        <BatchesSection />
      </div>
      <ConfirmModal
        opened={asking}
        title="Imprimir un lote"
        confirmLabel="Sí, imprimir"
        loading={print.isPending}
        onConfirm={() => print.mutate()}
        onCancel={() => setAsking(false)}
      >
        {`¿Imprimir ${lettersWord(taken)}? Se prepara un PDF con la lista y cada carta desde una página nueva, y cada carta queda registrada como enviada en su deuda.${
          left > 0 ? ` Quedan ${lettersWord(left)} en espera para el lote siguiente.` : ''
        }`}
      </ConfirmModal>
    </section>
  );
}

function WaitingSection({ query }: { query: ReturnType<typeof useWaiting> }) {
  const answer = query.data;
  let body: React.ReactNode;
  if (query.isError && !answer)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else if (!answer) body = <TableSkeleton rows={2} />;
  else if (answer.waiting === 0) body = <p className={classes.total}>{LETTER_MESSAGES.nothingWaiting}</p>;
  else
    body = (
      <>
        <p className={classes.total} aria-live="polite">
          {`${lettersWord(answer.waiting)} en espera de impresión.`}
        </p>
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing="xs">
            <caption className={classes.hidden}>Cartas en espera, por modelo</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Modelo de carta</Table.Th>
                <Table.Th className={classes.number}>Cartas</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.byTemplate.map((row) => (
                <Table.Tr key={row.templateCode}>
                  <Table.Td>{row.templateName}</Table.Td>
                  <Table.Td className={classes.number}>{formatCount(row.letters)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </>
    );
  return (
    <section className={`${resource.card} ${classes.pad}`} aria-labelledby="letters-waiting">
      <h2 id="letters-waiting" className={classes.sectionTitle}>
        En espera
      </h2>
      {body}
      <p className={classes.muted}>
        {`Cada lote imprime hasta ${formatCount(LETTER_BATCH_MAX)} cartas; las demás quedan en espera para el lote siguiente.`}
      </p>
    </section>
  );
}
