import '../../components/resource/mantineStyles';
import { type Import, importIsActive } from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconList, IconPlayerStop, IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmModal } from '../../components/resource/ConfirmModal';
import { messageOf, statusOf } from '../../components/resource/http';
import { PageHeader } from '../../components/resource/PageHeader';
import resource from '../../components/resource/resource.module.css';
import { Callout, ForbiddenState, LoadFailed, MissingRecord } from '../../components/resource/states';
import { formatDateTime } from '../debts/common/labels';
import { cancelImport } from './api';
import { useImport } from './hooks';
import classes from './imports.module.css';
import {
  ErrorsDownload,
  formatCount,
  hasIssues,
  ImportCounts,
  ImportProgress,
  StatusBadge,
  typeLabel,
} from './parts';

/**
 * /imports/view/:id: the import's data, its progress while it runs (asked every second, so a reload
 * or a shared link follows it too), cancelling, and once it ends its counts, the debts it created
 * and the errors file.
 */
export function ImportViewPage() {
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  const query = useImport(valid ? id : null);
  const record = query.data;

  let body: React.ReactNode;
  if (!valid || statusOf(query.error) === 404) body = <MissingRecord listPath="/imports/list" />;
  else if (statusOf(query.error) === 403) body = <ForbiddenState />;
  else if (query.isError && !record)
    body = <LoadFailed message={messageOf(query.error)} onRetry={() => void query.refetch()} />;
  else if (!record) body = <p className={classes.muted}>Cargando la importación…</p>;
  else body = <ImportDetail record={record} />;

  return (
    <section className={resource.page} aria-labelledby="page-title">
      <PageHeader
        title={record ? `${typeLabel(record.dryRun)} N.º ${record.id}` : 'Importación'}
        actions={
          <>
            <Button
              component={Link}
              to="/imports/list"
              variant="default"
              leftSection={<IconList size={18} />}
            >
              Importaciones
            </Button>
            <Button component={Link} to="/imports/add" leftSection={<IconPlus size={18} />}>
              Importar cartera
            </Button>
          </>
        }
      />
      {body}
    </section>
  );
}

function ImportDetail({ record }: { record: Import }) {
  const active = importIsActive(record.status);
  const ended = !active;
  return (
    <div className={classes.detail}>
      <div className={resource.card}>
        <dl className={resource.facts}>
          <div>
            <dt>Estado</dt>
            <dd>
              <StatusBadge status={record.status} />
            </dd>
          </div>
          <div>
            <dt>Compañía</dt>
            <dd>{record.companyName ?? `N.º ${record.companyId}`}</dd>
          </div>
          <div className={classes.factWide}>
            <dt>Archivo</dt>
            <dd className={classes.fileName}>{record.fileName}</dd>
          </div>
          <div>
            <dt>Tipo</dt>
            <dd>{record.dryRun ? 'Validación (no carga nada)' : 'Importación'}</dd>
          </div>
          <div>
            <dt>Filas</dt>
            <dd>{record.totalRows === null ? '—' : formatCount(record.totalRows)}</dd>
          </div>
          <div>
            <dt>Iniciada por</dt>
            <dd>{record.createdByName ?? '—'}</dd>
          </div>
          <div>
            <dt>Fecha</dt>
            <dd>{formatDateTime(record.createdAt)}</dd>
          </div>
          {record.finishedAt ? (
            <div>
              <dt>Terminó</dt>
              <dd>{formatDateTime(record.finishedAt)}</dd>
            </div>
          ) : null}
        </dl>
      </div>

      {active ? <Running record={record} /> : null}

      {record.status === 'FAILED' ? (
        <Callout tone="error" title={record.dryRun ? 'La validación falló' : 'La importación falló'}>
          <p>{record.error ?? 'La importación no pudo terminar.'}</p>
          {!record.dryRun && record.created.debts + record.created.debtors + record.updatedDebtors > 0 ? (
            <p>Lo importado antes de la falla quedó cargado.</p>
          ) : null}
        </Callout>
      ) : null}
      {record.status === 'CANCELLED' ? (
        <Callout tone="warning" title={record.dryRun ? 'Validación cancelada' : 'Importación cancelada'}>
          <p>
            {record.dryRun
              ? 'Se canceló antes de terminar.'
              : `Se canceló después de procesar ${formatCount(record.processedRows)} filas: lo importado hasta entonces quedó cargado.`}
          </p>
        </Callout>
      ) : null}

      {ended ? (
        <section className={`${resource.card} ${classes.resultCard}`} aria-labelledby="resultado">
          <h2 id="resultado" className={classes.sectionTitle}>
            {record.dryRun ? 'Resultado de la validación' : 'Resultado'}
          </h2>
          {record.dryRun ? (
            <p className={classes.muted}>
              Es una validación: muestra lo que haría la importación, sin cargar nada.
            </p>
          ) : null}
          <ImportCounts record={record} />
          {!record.dryRun && record.created.debts > 0 ? (
            <NewDebtsUnassigned count={record.created.debts} />
          ) : null}
          <div className={classes.actionsRow}>
            {!record.dryRun && record.created.debts > 0 ? (
              <Button component={Link} to={`/debts/search?importId=${record.id}`}>
                Ver las {formatCount(record.created.debts)} deudas creadas
              </Button>
            ) : null}
            {hasIssues(record) ? <ErrorsDownload record={record} /> : null}
          </div>
        </section>
      ) : null}
    </div>
  );
}

/** The progress while queued or running, and the cancel button with its confirmation. */
function Running({ record }: { record: Import }) {
  const [asking, setAsking] = useState(false);
  const { refetch } = useImport(record.id);
  const cancel = useMutation({
    mutationFn: () => cancelImport(record.id),
    onSuccess: () => {
      notifications.show({
        color: 'green',
        message: record.dryRun ? 'Se canceló la validación.' : 'Se canceló la importación.',
      });
    },
    onError: (error) => {
      notifications.show({
        color: statusOf(error) === 409 ? 'blue' : 'red',
        title: statusOf(error) === 409 ? 'Ya había terminado' : 'No se pudo cancelar',
        message: messageOf(error),
      });
    },
    onSettled: () => {
      setAsking(false);
      void refetch();
    },
  });
  const noun = record.dryRun ? 'validación' : 'importación';
  return (
    <section className={`${resource.card} ${classes.resultCard}`} aria-labelledby="progreso">
      <h2 id="progreso" className={classes.sectionTitle}>
        {record.status === 'QUEUED'
          ? `La ${noun} está en espera`
          : `${record.dryRun ? 'Validando' : 'Importando'}…`}
      </h2>
      <ImportProgress record={record} />
      <p className={classes.muted}>
        Puede salir de esta página: la {noun} sigue en el servidor y su avance queda en la lista de
        importaciones.
      </p>
      <div className={classes.actionsRow}>
        <Button
          variant="outline"
          color="red.8"
          leftSection={<IconPlayerStop size={18} />}
          onClick={() => setAsking(true)}
        >
          Cancelar {noun}
        </Button>
      </div>
      <ConfirmModal
        opened={asking}
        title={`Cancelar la ${noun}`}
        confirmLabel={`Sí, cancelar la ${noun}`}
        cancelLabel="No, seguir"
        danger
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setAsking(false)}
      >
        {record.dryRun
          ? '¿Cancelar la validación? No se cargó ni se cargará nada.'
          : '¿Cancelar la importación? Las filas ya importadas quedan cargadas; el resto no se importa.'}
      </ConfirmModal>
    </section>
  );
}

/** What an import leaves undone, said where its result is read (issue 32). */
function NewDebtsUnassigned({ count }: { count: number }) {
  return (
    <Callout tone="warning" title="Falta asignarlas" className={classes.callout}>
      <p>
        {count === 1 ? 'La deuda creada quedó' : `Las ${formatCount(count)} deudas creadas quedaron`} sin
        cobrador asignado y sin tabla de tasas: no entran en ninguna cola de trabajo y su saldo no suma
        intereses. En el Buscador puede asignarlas todas a un cobrador; la tabla de tasas se elige en cada
        deuda.
      </p>
    </Callout>
  );
}
