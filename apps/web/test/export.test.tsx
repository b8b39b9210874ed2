import { agencyToday } from '@cobranzas/shared';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { csvCell, toCsv } from '../src/components/resource/csv';
import type { ListColumn } from '../src/components/resource/types';
import { formatDate, formatMoney } from '../src/lib/format';
import { setNavigator } from '../src/lib/navigation';
import { session } from '../src/lib/session';
import { mockApi } from './http';
import { renderApp, signInAs } from './render';

beforeAll(async () => {
  await Promise.all([import('../src/features/users/pages'), import('../src/app/layout/AppLayout')]);
}, 30_000);

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
  setNavigator(null);
  session.start();
});

type Row = { name: string; amount: string; date: string };
const columns: ListColumn<Row>[] = [
  { accessor: 'name', title: 'Nombre' },
  { accessor: 'amount', title: 'Saldo', text: (r) => formatMoney(r.amount) },
  { accessor: 'date', title: 'Fecha', text: (r) => formatDate(r.date) },
];

describe('CSV for Excel in es-AR', () => {
  it('starts with a BOM, separates with ";", ends lines with CRLF, writes es-AR money and dates', () => {
    const csv = toCsv(columns, [{ name: 'Pérez; Juan', amount: '1234.56', date: '2024-03-05' }]);
    expect(csv).toBe('\uFEFFNombre;Saldo;Fecha\r\n"Pérez; Juan";$ 1.234,56;05/03/2024\r\n');
  });

  it('quotes quotes and line breaks, and defuses text Excel would run as a formula', () => {
    expect(csvCell('dice "hola"')).toBe('"dice ""hola"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@SUMA')).toBe("'@SUMA");
    expect(csvCell('-1.234,50')).toBe('-1.234,50');
  });

  it('exports cannot turn into formulas: a cell starting with =, +, -, @, TAB or CR is text; numbers stay numbers (issue 30)', () => {
    expect(csvCell('+54 11 4000-0000')).toBe("'+54 11 4000-0000");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('$ 1.234,56')).toBe('$ 1.234,56');
    expect(csvCell('12,5 %')).toBe('12,5 %');
  });
});

describe('Exportar on a list', () => {
  it('fetches every page of the current filter (limit 500) and saves usuarios-<date>.csv', async () => {
    signInAs('ADMIN');
    const user = (id: number) => ({
      id,
      name: `Usuario ${id}`,
      alias: `u${id}`,
      email: null,
      userTypeId: 2,
      userTypeName: 'GENERAL',
      role: 'GENERAL',
      companyId: null,
      companyName: null,
      active: true,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    });
    const { requests } = mockApi((config) => {
      const { page = 1, limit = 25 } = config.params as { page?: number; limit?: number };
      const from = (page - 1) * limit;
      const data = Array.from({ length: Math.max(0, Math.min(limit, 600 - from)) }, (_, i) =>
        user(from + i + 1),
      );
      return { status: 200, data: { data, total: 600, page, limit } };
    });
    let saved: { name: string; blob: Blob } | undefined;
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:${blobs.size}`;
      blobs.set(url, blob as Blob);
      return url;
    };
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = { name: this.download, blob: blobs.get(this.href) as Blob };
    });

    const { user: person } = renderApp('/users/list?active=true&q=usu');
    await screen.findByText('Usuario 1');
    await person.click(within(screen.getByRole('main')).getByRole('button', { name: 'Exportar' }));

    await waitFor(() => expect(saved).toBeDefined());
    expect(saved?.name).toBe(`usuarios-${agencyToday()}.csv`);
    const exports = requests.filter(
      (r) => r.url === '/users' && (r.params as { limit?: number }).limit === 500,
    );
    expect(exports.map((r) => r.params)).toEqual([
      expect.objectContaining({ page: 1, limit: 500, q: 'usu', active: 'true' }),
      expect.objectContaining({ page: 2, limit: 500, q: 'usu', active: 'true' }),
    ]);
    const bytes = new Uint8Array((await saved?.blob.arrayBuffer()) ?? new ArrayBuffer(0));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe('Nombre;Alias;Correo electrónico;Tipo;Compañía;Estado');
    expect(lines[1]).toBe('Usuario 1;u1;;GENERAL;;Activo');
    expect(lines).toHaveLength(602);
    expect(await screen.findByText('Exportación lista')).toBeInTheDocument();
  });
});
