import type { ImportMapping, ImportPreview } from '@cobranzas/shared';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fileProblem } from '../../src/features/imports/FileStep';
import { MappingStep } from '../../src/features/imports/MappingStep';

/** A preview as POST /api/imports/preview answers it: one good row, one without an amount. */
const PREVIEW: ImportPreview = {
  fileName: 'cartera.xlsx',
  headers: ['Documento', 'Titular', 'Cuenta', 'Saldo', 'Vto'],
  sample: [
    {
      rowNumber: 2,
      cells: {
        Documento: '20.123.456',
        Titular: 'PÉREZ, Ana María',
        Cuenta: 'A-1',
        Saldo: 1234.56,
        Vto: { date: '2024-03-15T00:00:00.000Z' },
      },
    },
    {
      rowNumber: 3,
      cells: { Documento: '30111222', Titular: 'GÓMEZ, Luis', Cuenta: 'A-2', Saldo: null, Vto: null },
    },
  ],
  mapping: {
    dni: 'Documento',
    fullName: 'Titular',
    reference: 'Cuenta',
    originalAmount: 'Saldo',
    defaultDate: 'Vto',
  },
  mappingSource: 'company',
};

function Harness({ initial }: { initial: ImportMapping }) {
  const [mapping, setMapping] = useState(initial);
  return <MappingStep preview={PREVIEW} mapping={mapping} onChange={setMapping} />;
}

const show = (mapping: ImportMapping) =>
  render(
    <MantineProvider>
      <Harness initial={mapping} />
    </MantineProvider>,
  );

describe('the mapping step (issue 16)', () => {
  it('reads the first rows with the shared reader: es-AR money, dd/mm/aaaa, the reasons of a rejected row', () => {
    show(PREVIEW.mapping as ImportMapping);
    expect(
      screen.getByText('Se usó la asignación de columnas de la última importación de esta compañía.'),
    ).toBeInTheDocument();
    expect(screen.getByText('La asignación de columnas está completa.')).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    const good = rows.find((row) => row.textContent?.includes('A-1'));
    const bad = rows.find((row) => row.textContent?.includes('A-2'));
    if (!good || !bad) throw new Error('faltan filas');
    expect(within(good).getByText('PÉREZ, Ana María')).toBeInTheDocument();
    expect(within(good).getByText('DNI 20.123.456')).toBeInTheDocument();
    expect(within(good).getByText('$ 1.234,56')).toBeInTheDocument();
    expect(within(good).getByText('15/03/2024')).toBeInTheDocument();
    expect(within(bad).getByText('Falta el importe')).toBeInTheDocument();
  });

  it('says what is missing in Spanish', () => {
    show({ fullName: 'Titular', reference: 'Cuenta', originalAmount: 'Titular' });
    expect(screen.getByText('Falta indicar la columna de «DNI» o «CUIT/CUIL».')).toBeInTheDocument();
    expect(screen.getByText(/La columna «Titular» está asignada a más de un campo/)).toBeInTheDocument();
    expect(screen.queryByText('La asignación de columnas está completa.')).not.toBeInTheDocument();
  });
});

describe('the file step refuses before uploading', () => {
  const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
  it('takes .xlsx and .csv; says why not .xls, .pdf or an empty file', () => {
    expect(fileProblem(file('cartera.xlsx'))).toBeNull();
    expect(fileProblem(file('cartera.CSV'))).toBeNull();
    expect(fileProblem(file('cartera.xls'))).toMatch(/guárdelo como \.xlsx/);
    expect(fileProblem(file('cartera.pdf'))).toMatch(/planilla de Excel/);
    expect(fileProblem(file('cartera.xlsx', 0))).toBe('El archivo está vacío.');
  });
});
