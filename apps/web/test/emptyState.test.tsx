import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NO_RECORDS_TEXT } from '../src/components/resource/emptyState';
import { ListTable } from '../src/components/resource/ListTable';
import { RecordsTable } from '../src/components/resource/RecordsTable';
import { DebtorDebts } from '../src/features/debtors/DebtorDebts';
import { QuotaTable } from '../src/features/quotas/QuotaTable';
import { mockApi } from './http';

function show(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** mantine-datatable's empty-state box (always rendered; only hidden while there are rows). */
const emptyBox = (container: HTMLElement) =>
  container.querySelector<HTMLElement>('.mantine-datatable-empty-state');

/** With rows: nothing of an empty state in the page text, in English or Spanish. */
function expectNoEmptyState(container: HTMLElement) {
  expect(screen.queryByText('No records')).toBeNull();
  expect(screen.queryByText(NO_RECORDS_TEXT)).toBeNull();
  expect(screen.queryByText('No hay registros para mostrar')).toBeNull();
  expect(emptyBox(container)?.textContent ?? '').toBe('');
  expect(container.textContent).not.toMatch(/No records|Sin registros|No hay registros/);
}

type Row = { id: number; name: string };
const rows: Row[] = [{ id: 1, name: 'Uno' }];

function listTable(records: Row[]) {
  return (
    <ListTable<Row>
      columns={[{ accessor: 'name', title: 'Nombre', key: true }]}
      records={records}
      total={records.length}
      fetching={false}
      state={{ page: 1, limit: 25, order: 'asc' } as never}
      update={() => {}}
      filtered={false}
      label={(row) => row.name}
      onOpen={() => {}}
    />
  );
}

const recordsTable = (records: Row[]) => (
  <RecordsTable<Row> records={records} columns={[{ accessor: 'name', phone: true }]} label={(r) => r.name} />
);

const quota = {
  id: 1,
  debtId: 12,
  number: 1,
  dueDate: '2099-01-10',
  amount: '100.00',
  moraAmount: '0.00',
  status: 'PENDIENTE',
  paidAt: null,
} as never;
const quotaTable = (quotas: never[]) => (
  <QuotaTable quotas={quotas} canAct={false} onPay={() => {}} onMora={() => {}} />
);

describe('tables say nothing of an empty state while they have rows', () => {
  it('ListTable: no empty state with rows; its Spanish one without', () => {
    const { container, unmount } = show(listTable(rows));
    expect(screen.getByText('Uno')).toBeInTheDocument();
    expectNoEmptyState(container);
    unmount();
    show(listTable([]));
    expect(screen.getByText('No hay registros para mostrar')).toBeInTheDocument();
    expect(screen.queryByText('No records')).toBeNull();
  });

  it('RecordsTable: no empty state with rows; "Sin registros" without', () => {
    const { container, unmount } = show(recordsTable(rows));
    expect(screen.getByText('Uno')).toBeInTheDocument();
    expectNoEmptyState(container);
    unmount();
    show(recordsTable([]));
    expect(screen.getByText(NO_RECORDS_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('No records')).toBeNull();
  });

  it('QuotaTable: no empty state with rows; "Sin registros" without', () => {
    const { container, unmount } = show(quotaTable([quota]));
    expect(screen.getByRole('row', { name: 'Cuota 1' })).toBeInTheDocument();
    expectNoEmptyState(container);
    unmount();
    show(quotaTable([]));
    expect(screen.getByText(NO_RECORDS_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('No records')).toBeNull();
  });

  it('DebtorDebts: no empty state with rows; its Spanish one without', async () => {
    const debt = { id: 7, debtTypeName: 'Judicial', companyName: 'Frávega', status: 'ACTIVA' };
    let data: unknown[] = [{ ...debt, balance: '10.00', currency: 'ARS' }];
    mockApi(() => ({ status: 200, data: { data, total: data.length, page: 1, limit: 10 } }));
    const { container, unmount } = show(<DebtorDebts debtorId={3} />);
    expect(await screen.findByText('N.º 7')).toBeInTheDocument();
    expectNoEmptyState(container);
    unmount();
    data = [];
    show(<DebtorDebts debtorId={3} />);
    expect(await screen.findByText('No hay registros para mostrar')).toBeInTheDocument();
    expect(screen.queryByText('No records')).toBeNull();
  });
});
