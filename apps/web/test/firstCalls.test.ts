import { agencyToday, debtBalanceCall, LIST_DEFAULT_LIMIT, type UserTypeName } from '@cobranzas/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchList, fetchOne } from '../src/components/resource/http';
import { readListState, toApiParams } from '../src/components/resource/listParams';
import { getGeneralKpi } from '../src/features/home/api';
import { fetchQueue } from '../src/features/queue/api';
import { api } from '../src/lib/api';
import { callApi } from '../src/lib/call';
import { config } from '../src/lib/config';
import {
  agencyDate,
  callKey,
  EARLY_ANSWER_MS,
  FIRST_PAGE_LIMIT,
  firstCalls,
  startFirstCalls,
  takeEarlyAnswer,
} from '../src/lib/firstCalls';
import { decodeToken } from '../src/lib/session';
import { mockApi } from './http';
import { makeToken } from './tokens';

const userOf = (type: UserTypeName) => {
  const user = decodeToken(makeToken({ type }));
  if (!user) throw new Error('token');
  return user;
};

/** A fetch that answers every URL with `status` and `body`, recording what it was asked. */
function fakeFetch(status = 200, body: unknown = {}) {
  return vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

const start = (path: string, type: UserTypeName = 'ADMIN', fetchImpl = fakeFetch()) => {
  const url = new URL(path, 'http://localhost');
  startFirstCalls(config.apiBaseUrl, url, userOf(type), 'el-token', fetchImpl as unknown as typeof fetch);
  return fetchImpl;
};

afterEach(() => {
  // Whatever a test left unanswered is not the next one's.
  start('/nada');
  vi.useRealTimers();
});

describe('the first screen asks for what its largest paint waits for, before its code arrives', () => {
  it('the dashboard: its figures, for the company and period in the URL', () => {
    expect(firstCalls('/', '?company=3&start=2026-11-01&end=2026-11-30', userOf('ADMIN'))).toEqual([
      '/report/general-kpi?company=3&start=2026-11-01&end=2026-11-30',
    ]);
    expect(firstCalls('/', '', userOf('ADMIN'))).toEqual(['/report/general-kpi']);
  });

  it("a CLIENTE's figures leave out the URL's company, as the dashboard does", () => {
    expect(firstCalls('/', '?company=3', userOf('CLIENTE'))).toEqual(['/report/general-kpi']);
  });

  it("a collector's start page is his queue; the queue, a debt's file and the Buscador theirs", () => {
    expect(firstCalls('/', '', userOf('GENERAL'))).toEqual(['/queue?page=1&limit=25']);
    expect(firstCalls('/', '?vista=tablero', userOf('GENERAL'))).toEqual(['/report/general-kpi']);
    expect(firstCalls('/queue', '', userOf('GENERAL'))).toEqual(['/queue?page=1&limit=25']);
    const now = Date.parse('2026-11-30T02:00:00Z');
    expect(firstCalls('/debts/view/802', '?tab=pagos', userOf('ADMIN'), now)).toEqual([
      '/debts/802',
      '/debts/802/balance?date=2026-11-29',
    ]);
    expect(firstCalls('/debts/search', '', userOf('ADMIN'))).toEqual(['/debts?page=1&limit=25']);
  });

  it('a list opened with filters in its URL, or any other screen, asks nothing early', () => {
    expect(firstCalls('/debts/search', '?search=20123456', userOf('ADMIN'))).toEqual([]);
    expect(firstCalls('/queue', '?page=2', userOf('ADMIN'))).toEqual([]);
    expect(firstCalls('/users/list', '', userOf('ADMIN'))).toEqual([]);
  });

  it("the first page is as long as a list page is by default, and today is the agency's", () => {
    expect(FIRST_PAGE_LIMIT).toBe(LIST_DEFAULT_LIMIT);
    for (const at of ['2026-11-30T02:59:59Z', '2026-11-30T03:00:00Z', '2026-01-01T00:00:00Z'])
      expect(agencyDate(Date.parse(at))).toBe(agencyToday(new Date(at)));
  });

  it('each early call carries the session token', () => {
    const fetchImpl = start('/debts/search');
    expect(fetchImpl).toHaveBeenCalledOnce();
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/debts?page=1&limit=25');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer el-token');
  });
});

describe("the page's own request takes the early answer", () => {
  it('once: the page gets it without asking again, and a later read asks the server', async () => {
    const { adapter } = mockApi(() => ({ status: 200, data: { id: 7, from: 'server' } }));
    start('/debts/view/7', 'ADMIN', fakeFetch(200, { id: 7, from: 'early' }));
    await expect(fetchOne('debts', 7)).resolves.toEqual({ id: 7, from: 'early' });
    expect(adapter).not.toHaveBeenCalled();
    await expect(fetchOne('debts', 7)).resolves.toEqual({ id: 7, from: 'server' });
    expect(adapter).toHaveBeenCalledOnce();
  });

  it('only for the same call: another one asks the server', async () => {
    const { adapter } = mockApi(() => ({ status: 200, data: { id: 8, from: 'server' } }));
    start('/debts/view/7', 'ADMIN', fakeFetch(200, { id: 7, from: 'early' }));
    await expect(fetchOne('debts', 8)).resolves.toEqual({ id: 8, from: 'server' });
    expect(adapter).toHaveBeenCalledOnce();
  });

  it("the URLs are the very ones the queue, the debt's file and the Buscador ask for", async () => {
    const { adapter } = mockApi(() => ({ status: 200, data: { data: [], total: 0 } }));
    start('/queue', 'GENERAL', fakeFetch(200, { data: [], total: 0 }));
    await fetchQueue({ page: 1, limit: LIST_DEFAULT_LIMIT });
    start('/debts/view/802', 'ADMIN', fakeFetch(200, { id: 802 }));
    await expect(fetchOne('debts', '802')).resolves.toEqual({ id: 802 });
    await callApi(debtBalanceCall, { params: { id: 802 }, query: { date: agencyToday() } });
    start('/debts/search', 'ADMIN', fakeFetch(200, { data: [], total: 0 }));
    await fetchList('debts', toApiParams(readListState(new URLSearchParams(), [], [])));
    expect(adapter).not.toHaveBeenCalled();
  });

  it('an early call that failed is asked again, the usual way', async () => {
    const { adapter } = mockApi(() => ({ status: 200, data: { id: 7, from: 'server' } }));
    start('/debts/view/7', 'ADMIN', fakeFetch(500, { message: 'falló' }));
    await expect(fetchOne('debts', 7)).resolves.toEqual({ id: 7, from: 'server' });
    expect(adapter).toHaveBeenCalledOnce();
  });

  it("the dashboard's figures are read through their own check", async () => {
    const { adapter } = mockApi(() => ({ status: 200, data: {} }));
    start('/?company=3', 'ADMIN', fakeFetch(200, { nada: true }));
    // The early answer is the server's: a wrong one fails the schema as a late one would.
    await expect(getGeneralKpi({ company: '3' })).rejects.toThrow('no tiene el formato esperado');
    expect(adapter).not.toHaveBeenCalled();
  });

  it('an answer nobody took in time is not used', () => {
    start('/debts/view/7');
    expect(takeEarlyAnswer('/api/debts/7', Date.now() + EARLY_ANSWER_MS + 1)).toBeUndefined();
    start('/debts/view/7');
    expect(takeEarlyAnswer('/api/debts/7')).toBeDefined();
  });

  it('a call is the same whatever the order of its parameters', () => {
    expect(callKey('/api/queue?limit=25&page=1')).toBe(callKey('/api/queue?page=1&limit=25'));
    expect(api.getUri({ url: '/queue', params: { page: 1, limit: 25 } })).toBe('/api/queue?page=1&limit=25');
  });
});
