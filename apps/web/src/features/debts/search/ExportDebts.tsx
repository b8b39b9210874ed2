import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useExport } from '../../../components/resource/useExport';

/**
 * «Exportar a Excel» (issue 32): every debt the list's search and filters find, not only the page on
 * screen, as GET /debts/export writes it (the client-debt workbook plus the company).
 */
export function ExportDebts({ filter, total }: { filter: Record<string, string>; total: number }) {
  const { run, progress } = useExport({
    path: '/debts/export',
    params: filter,
    fallback: 'deudas.xlsx',
    preparing: 'Se prepara la planilla con todas las deudas de la lista.',
  });
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
      loading={progress !== null}
      disabled={total === 0}
      onClick={() => void run()}
    >
      Exportar a Excel
    </Button>
  );
}
