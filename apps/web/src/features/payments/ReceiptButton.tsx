import { depositReceiptCall, paymentReceiptCall } from '@cobranzas/shared';
import { Button } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useDownload } from '../../components/resource/useDownload';
import { downloadCall } from '../../lib/call';

/**
 * GET /payments/{id}/receipt or /deposits/{id}/receipt: the PDF, saved under the server's name
 * (recibo-00000042.pdf). The first print gives the receipt its number; later ones reprint it.
 */
export async function downloadReceipt(kind: 'payments' | 'deposits', id: number): Promise<void> {
  await downloadCall(
    kind === 'payments' ? paymentReceiptCall : depositReceiptCall,
    { params: { id } },
    'recibo.pdf',
  );
}

/** «Recibo» on a payment's or deposit's row: downloads its PDF receipt. */
export function ReceiptButton({
  kind,
  id,
  label,
}: {
  kind: 'payments' | 'deposits';
  id: number;
  /** The accessible name: «Recibo del pago de $ 10,00 del 01/01/2024». */
  label: string;
}) {
  const { run: download, busy } = useDownload('No se pudo generar el recibo', () =>
    downloadReceipt(kind, id),
  );
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      leftSection={<IconReceipt size={16} aria-hidden />}
      aria-label={label}
      loading={busy}
      onClick={() => void download()}
    >
      Recibo
    </Button>
  );
}
