import '../../components/resource/mantineStyles';
import { approveLinesCall, reconciliationLinesCall, reconciliationsResource } from '@cobranzas/shared';
import { Button, Group, Progress } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecks, IconFileDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmModal } from '../../components/resource/ConfirmModal';
import { messageOf, statusOf } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { Callout, LoadFailed, MissingRecord, TableSkeleton } from '../../components/resource/states';
import { callApi } from '../../lib/call';
import { resourceKeys } from '../../lib/resourceQueries';
import { formatCount, StatusBadge } from '../imports/parts';
import { downloadPending } from './api';
import { isWorking, linesKey, useReconciliation } from './hooks';
import { LinesReview } from './LinesReview';
import { FileCounts, FileProgress } from './parts';
import classes from './reconciliations.module.css';

/** Lines a bulk approval sends at a time: the bar moves, and a long file never makes one long request. */
const APPROVE_CHUNK = 100;

/** What a bulk approval did, in words: what posted, what failed and why, what was left to a person. */
function approvalSummary(considered: number, posted: number, failed: string[]) {
  const left = considered - posted - failed.length;
  const notes = [
    failed.length > 0 ? `${formatCount(failed.length)} no se pudieron conciliar: ${failed[0]}` : '',
    left > 0 ? `${formatCount(left)} tienen varios candidatos o un posible duplicado: revíselas a mano.` : '',
  ].filter(Boolean);
  if (posted === 0)
    return {
      color: 'orange',
      title: 'Ninguna línea se concilió',
      message: considered === 0 ? 'No hay líneas a revisar de coincidencia cierta o alta.' : notes.join(' '),
    };
  return {
    color: notes.length > 0 ? 'orange' : 'green',
    title: `${formatCount(posted)} líneas conciliadas`,
    message:
      notes.length > 0
        ? notes.join(' ')
        : 'Los pagos quedaron registrados en cada deuda con la fecha del extracto.',
  };
}

/** The lines to review whose strongest candidate is certain or high, page by page. */
async function sureLineIds(id: number): Promise<number[]> {
  const ids: number[] = [];
  for (const confidence of ['CIERTA', 'ALTA'] as const)
    for (let page = 1; ; page++) {
      const { data } = await callApi(reconciliationLinesCall, {
        params: { id },
        query: { status: 'A_REVISAR', confidence, page, pageSize: 200 },
      });
      ids.push(...data.map((line) => line.id));
      if (data.length < 200) break;
    }
  return ids;
}

/** /reconciliations/view/{id}: a file's progress and counts, the bulk approval and the review of its lines. */
export function ReconciliationViewPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const client = useQueryClient();
  const query = useReconciliation(valid ? id : 0);
  const record = query.data;
  const [confirming, setConfirming] = useState(false);
  const [approving, setApproving] = useState<{ done: number; total: number } | null>(null);
  const [downloading, setDownloading] = useState(false);
  const stop = useRef(false);

  // When the job ends, the lines on screen are its.
  const wasWorking = useRef(false);
  useEffect(() => {
    if (!record) return;
    if (wasWorking.current && !isWorking(record)) void client.invalidateQueries({ queryKey: linesKey(id) });
    wasWorking.current = isWorking(record);
  }, [record, client, id]);

  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: resourceKeys(reconciliationsResource).all }),
      client.invalidateQueries({ queryKey: linesKey(id) }),
    ]);

  const approveSure = async () => {
    setConfirming(false);
    stop.current = false;
    setApproving({ done: 0, total: 0 });
    let posted = 0;
    const failed: string[] = [];
    let processed = 0;
    try {
      const ids = await sureLineIds(id);
      setApproving({ done: 0, total: ids.length });
      for (let at = 0; at < ids.length && !stop.current; at += APPROVE_CHUNK) {
        const answer = await callApi(approveLinesCall, {
          params: { id },
          body: { lineIds: ids.slice(at, at + APPROVE_CHUNK), confidences: ['CIERTA', 'ALTA'] },
        });
        posted += answer.posted;
        failed.push(...answer.failed.map((f) => f.message));
        processed = Math.min(at + APPROVE_CHUNK, ids.length);
        setApproving({ done: Math.min(at + APPROVE_CHUNK, ids.length), total: ids.length });
      }
      notifications.show(approvalSummary(ids.length === 0 ? 0 : processed, posted, failed));
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'No se pudo terminar la aprobación',
        message: messageOf(error),
      });
    } finally {
      setApproving(null);
      await refresh();
    }
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadPending(id);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'No se pudo descargar la planilla',
        message: messageOf(error),
      });
    } finally {
      setDownloading(false);
    }
  };

  let body: React.ReactNode;
  if (!valid || statusOf(query.error) === 404) body = <MissingRecord listPath="/reconciliations/list" />;
  else if (query.isError)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else if (!record) body = <TableSkeleton rows={4} />;
  else
    body = (
      <>
        <div className={classes.fileHead}>
          <StatusBadge status={record.status} />
          <span>
            {record.profileName} · subido por {record.createdByName ?? '—'}
          </span>
        </div>
        {isWorking(record) ? <FileProgress record={record} /> : <FileCounts record={record} />}
        {record.status === 'FAILED' ? (
          <Callout tone="error" title="No se pudo leer el archivo">
            {record.error ?? 'Error desconocido.'}
          </Callout>
        ) : null}
        {record.problems.length > 0 ? (
          <Callout tone="warning" title={`${formatCount(record.rejectedRows)} filas no se pudieron leer`}>
            <ul className={classes.problems}>
              {record.problems.slice(0, 10).map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </Callout>
        ) : null}
        {approving ? (
          <div className={classes.approving}>
            <Progress
              value={approving.total ? (approving.done / approving.total) * 100 : 0}
              striped
              animated
              aria-label="Progreso de la aprobación"
            />
            <span>
              {approving.total
                ? `Conciliando ${formatCount(approving.done)} de ${formatCount(approving.total)} líneas…`
                : 'Buscando las líneas seguras…'}
            </span>
            <Button variant="default" size="xs" onClick={() => (stop.current = true)}>
              Detener
            </Button>
          </div>
        ) : null}
        {record.status === 'DONE' ? <LinesReview reconciliationId={id} onChanged={refresh} /> : null}
      </>
    );

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title={record ? `Archivo N.º ${record.id}: ${record.fileName}` : 'Archivo de cobros'}
        actions={
          <Group gap="xs">
            <Button component={Link} to="/reconciliations/list" variant="default">
              Ver archivos
            </Button>
            {record?.status === 'DONE' ? (
              <>
                <Button
                  variant="default"
                  leftSection={<IconFileDownload size={18} />}
                  onClick={() => void download()}
                  loading={downloading}
                >
                  Pendientes (.xlsx)
                </Button>
                <Button
                  leftSection={<IconChecks size={18} />}
                  onClick={() => setConfirming(true)}
                  disabled={approving !== null || record.counts.toReview === 0}
                >
                  Aprobar las seguras
                </Button>
              </>
            ) : null}
          </Group>
        }
      />
      <div className={`${resource.card} ${classes.pad}`}>{body}</div>
      <ConfirmModal
        opened={confirming}
        title="Aprobar las coincidencias seguras"
        confirmLabel="Aprobar y registrar los pagos"
        onConfirm={() => void approveSure()}
        onCancel={() => setConfirming(false)}
      >
        Se registrará un pago en la deuda de cada línea a revisar cuya coincidencia es cierta (referencia de
        pago del portal) o alta (referencia de la deuda, DNI o CUIT) y tiene un solo candidato. Las demás
        quedan para revisar a mano. Cada pago se puede deshacer después desde su línea.
      </ConfirmModal>
    </section>
  );
}
