import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { messageOf } from '../../../components/resource/http';
import { downloadFile } from '../../../lib/download';

/**
 * «Exportar a Excel» (issue 32): every debt the list's search and filters find, not only the page on
 * screen, as GET /debts/export writes it (the client-debt workbook plus the company).
 */
export function ExportDebts({ filter, total }: { filter: Record<string, string>; total: number }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const id = notifications.show({
      loading: true,
      title: 'Exportando…',
      message: 'Se prepara la planilla con todas las deudas de la lista.',
      autoClose: false,
      withCloseButton: false,
    });
    try {
      const name = await downloadFile('/debts/export', 'deudas.xlsx', filter);
      notifications.update({
        id,
        loading: false,
        color: 'green',
        title: 'Planilla descargada',
        message: `Se descargó ${name}.`,
        autoClose: 5_000,
        withCloseButton: true,
      });
    } catch (error) {
      notifications.update({
        id,
        loading: false,
        color: 'red',
        title: 'No se pudo exportar',
        message: messageOf(error),
        autoClose: 5_000,
        withCloseButton: true,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
      loading={busy}
      disabled={total === 0}
      onClick={() => void run()}
    >
      Exportar a Excel
    </Button>
  );
}
