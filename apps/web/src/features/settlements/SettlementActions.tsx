import {
  depositsResource,
  paymentsResource,
  type Settlement,
  sentence,
  settlementsResource,
} from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconFileTypePdf, IconLock, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../components/resource/ConfirmModal';
import { messageOf, statusOf } from '../../components/resource/http';
import { useDownload } from '../../components/resource/useDownload';
import { useDeleteRecord, useResourceMutation } from '../../lib/resourceQueries';
import { closeSettlement, downloadSettlement, type SettlementFile } from './api';
import { settlementName, useSettlementAdmin } from './resource';

/** Closing freezes the settled money: the debt file's payments and deposits show it. */
const CLOSE_RELOADS = [settlementsResource, paymentsResource, depositsResource];

const records = (n: number) => (n === 1 ? '1 pago o depósito' : `${n} pagos y depósitos`);

/** The page's buttons: the files for anyone who sees it; closing and deleting a draft for an ADMIN. */
export function SettlementActions({ settlement }: { settlement: Settlement }) {
  const admin = useSettlementAdmin();
  const draft = settlement.status === 'DRAFT';
  return (
    <>
      <DownloadButton settlement={settlement} kind="file" />
      <DownloadButton settlement={settlement} kind="pdf" />
      {admin && draft ? (
        <>
          <DeleteDraft settlement={settlement} />
          <CloseButton settlement={settlement} />
        </>
      ) : null}
    </>
  );
}

function DownloadButton({ settlement, kind }: { settlement: Settlement; kind: SettlementFile }) {
  const { run: download, busy } = useDownload('No se pudo descargar', () =>
    downloadSettlement(settlement, kind),
  );
  const Icon = kind === 'pdf' ? IconFileTypePdf : IconFileSpreadsheet;
  return (
    <Button variant="default" leftSection={<Icon size={18} />} loading={busy} onClick={() => void download()}>
      {kind === 'pdf' ? 'Descargar PDF' : 'Descargar Excel'}
    </Button>
  );
}

function CloseButton({ settlement }: { settlement: Settlement }) {
  const [asking, setAsking] = useState(false);
  const close = useResourceMutation({
    mutationFn: () => closeSettlement(settlement.id),
    invalidates: CLOSE_RELOADS,
    // Refused (409: changed since the draft, closed meanwhile): the page shows what is there now.
    always: true,
    onSuccess: (closed) =>
      notifications.show({
        color: 'green',
        title: 'Rendición cerrada',
        message: sentence(`Se cerró la rendición Nº ${closed.number} de ${closed.companyName}`),
      }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: statusOf(error) === 409 ? 'No se puede cerrar' : 'No se pudo cerrar',
        message: messageOf(error),
        autoClose: statusOf(error) === 409 ? false : undefined,
      }),
    onSettled: () => setAsking(false),
  });
  return (
    <>
      <Button leftSection={<IconLock size={18} />} onClick={() => setAsking(true)}>
        Cerrar rendición
      </Button>
      <ConfirmModal
        opened={asking}
        title="Cerrar la rendición"
        confirmLabel="Sí, cerrar la rendición"
        cancelLabel="No, volver"
        loading={close.isPending}
        onConfirm={() => close.mutate(undefined)}
        onCancel={() => setAsking(false)}
      >
        Al cerrarla, la rendición toma el número siguiente y congela sus {records(settlement.items)}: ya no se
        podrán modificar ni borrar. No se puede deshacer.
      </ConfirmModal>
    </>
  );
}

function DeleteDraft({ settlement }: { settlement: Settlement }) {
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteRecord(settlementsResource, {
    wait: false,
    onSuccess: () => {
      notifications.show({
        color: 'green',
        title: 'Eliminado',
        message: sentence(`Se borró el ${settlementName(settlement)}`),
      });
      navigate('/settlements/list');
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: 'No se pudo borrar', message: messageOf(error) }),
    onSettled: () => setAsking(false),
  });
  return (
    <>
      <Button
        variant="outline"
        color="red.8"
        leftSection={<IconTrash size={18} />}
        onClick={() => setAsking(true)}
      >
        Borrar borrador
      </Button>
      <ConfirmModal
        opened={asking}
        title="Borrar el borrador"
        confirmLabel="Borrar"
        danger
        loading={remove.isPending}
        onConfirm={() => remove.mutate(settlement)}
        onCancel={() => setAsking(false)}
      >
        ¿Borrar el {settlementName(settlement)}? Sus pagos y depósitos quedan sin rendir, para una rendición
        nueva.
      </ConfirmModal>
    </>
  );
}
