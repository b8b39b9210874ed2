import { MESSAGES } from '@cobranzas/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadClientDebt } from '../../src/features/home/api';
import { monthLabel } from '../../src/features/home/DashboardCharts';
import { fileNameOf } from '../../src/lib/download';
import { mockApi } from '../http';

afterEach(() => vi.restoreAllMocks());

describe('Reports: GET /report/clientDebt with company, start and end, received as a blob', () => {
  it('asks with the filters given (and only those) as a blob', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { requests } = mockApi(() => ({ status: 200, data: new Blob(['xlsx']) }));
    const name = await downloadClientDebt({ company: '7', start: '2026-01-01', end: undefined });
    expect(requests[0]?.url).toBe('/report/clientDebt');
    expect(requests[0]?.params).toEqual({ company: '7', start: '2026-01-01' });
    expect(requests[0]?.responseType).toBe('blob');
    // No content-disposition reached the client: a sensible name all the same.
    expect(name).toBe('deuda.xlsx');
    expect(saved).toEqual(['deuda.xlsx']);
  });

  it('a refusal arrives as a blob too: the toast gets the server’s Spanish message', async () => {
    const body = new Blob([JSON.stringify({ message: MESSAGES.companyNotFound })], {
      type: 'application/json',
    });
    mockApi(() => ({ status: 404, data: body }));
    await expect(downloadClientDebt({ company: '999' })).rejects.toThrow(MESSAGES.companyNotFound);
  });

  it('the file keeps the name the server gives it', () => {
    expect(fileNameOf('attachment; filename="deuda-fravega-s-a-inicio-a-2026-11-24.xlsx"', 'x.xlsx')).toBe(
      'deuda-fravega-s-a-inicio-a-2026-11-24.xlsx',
    );
    expect(fileNameOf(undefined, 'x.xlsx')).toBe('x.xlsx');
  });
});

describe('Dashboard charts', () => {
  it('months read as es-AR short names', () => {
    expect(monthLabel('2026-03')).toBe('mar 26');
    expect(monthLabel('2025-12')).toBe('dic 25');
  });
});
