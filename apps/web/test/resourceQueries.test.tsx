import { debtsResource, paymentsResource, quotasResource } from '@cobranzas/shared';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  resourceKeys,
  resourceQueries,
  sentBy,
  useDeleteRecord,
  useSaveRecord,
} from '../src/lib/resourceQueries';
import { mockApi } from './http';

describe('resourceKeys: one key tree per resource', () => {
  it('nests every list and record under the resource path', () => {
    const keys = resourceKeys(paymentsResource);
    expect(keys.all).toEqual(['payments']);
    expect(keys.lists).toEqual(['payments', 'list']);
    expect(keys.list({ debtId: 4 })).toEqual(['payments', 'list', { debtId: 4 }]);
    expect(keys.detail(7)).toEqual(['payments', 'detail', '7']);
    expect(keys.detail('7')).toEqual(keys.detail(7));
    expect(keys.other('summary', { q: 'x' })).toEqual(['payments', 'summary', { q: 'x' }]);
  });

  it('queryOptions carry those keys', () => {
    const queries = resourceQueries(quotasResource);
    expect(queries.list({ debtId: 1, sort: 'number' }).queryKey).toEqual([
      'quotas',
      'list',
      { debtId: 1, sort: 'number' },
    ]);
    expect(queries.detail(3).queryKey).toEqual(['quotas', 'detail', '3']);
  });

  it('sentBy tells the sort from the filters', () => {
    expect(sentBy({ page: 2, limit: 10, sort: 'id', order: 'asc', q: 'a', debtId: 1, status: 'X' })).toEqual({
      sort: 'id',
      filters: ['debtId', 'status'],
    });
  });
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  // Three cached queries: a payment list, a quota list and the debt (its header amounts).
  client.setQueryData(resourceKeys(paymentsResource).list({ debtId: 1 }), { data: [] });
  client.setQueryData(resourceKeys(quotasResource).list({ debtId: 1 }), { data: [] });
  client.setQueryData(resourceKeys(debtsResource).detail(1), { id: 1 });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, wrapper, stale };
}

describe('the mutation hooks invalidate by those keys', () => {
  it('a save reloads its resource and the ones it touches (the debt header), not the others', async () => {
    const { requests } = mockApi(() => ({ status: 201, data: { id: 9 } }));
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useSaveRecord(paymentsResource, { also: [debtsResource] }), {
      wrapper,
    });
    await act(() => result.current.mutateAsync({ body: { debtId: 1, amount: '10' } }));
    expect(requests[0]?.method).toBe('post');
    expect(requests[0]?.url).toBe('/payments');
    expect(stale(resourceKeys(paymentsResource).list({ debtId: 1 }))).toBe(true);
    expect(stale(resourceKeys(debtsResource).detail(1))).toBe(true);
    expect(stale(resourceKeys(quotasResource).list({ debtId: 1 }))).toBe(false);
  });

  it('an update PATCHes the record', async () => {
    const { requests } = mockApi(() => ({ status: 200, data: { id: 9 } }));
    const { wrapper } = setup();
    const { result } = renderHook(() => useSaveRecord(paymentsResource), { wrapper });
    await act(() => result.current.mutateAsync({ id: 9, body: { amount: '10' } }));
    expect(requests[0]?.method).toBe('patch');
    expect(requests[0]?.url).toBe('/payments/9');
  });

  it('a delete reloads its resource; a failed one reloads nothing', async () => {
    let status = 204;
    mockApi(() => ({ status }));
    const { wrapper, stale } = setup();
    const { result } = renderHook(() => useDeleteRecord(quotasResource, { also: [debtsResource] }), {
      wrapper,
    });
    status = 409;
    await act(() => result.current.mutateAsync({ id: 2 }).catch(() => undefined));
    expect(stale(resourceKeys(quotasResource).list({ debtId: 1 }))).toBe(false);
    status = 204;
    await act(() => result.current.mutateAsync({ id: 2 }));
    await waitFor(() => expect(stale(resourceKeys(quotasResource).list({ debtId: 1 }))).toBe(true));
    expect(stale(resourceKeys(debtsResource).detail(1))).toBe(true);
    expect(stale(resourceKeys(paymentsResource).list({ debtId: 1 }))).toBe(false);
  });

  it('a change made while the list’s first load is in flight is shown: that load is not reused', async () => {
    // The first GET was read before the upload committed; it answers only after the upload does.
    let releaseFirst: () => void = () => {};
    let gets = 0;
    mockApi((config) => {
      if (config.method === 'post') return { status: 201, data: { id: 9 } };
      gets += 1;
      if (gets === 1)
        return new Promise((resolve) => {
          releaseFirst = () => resolve({ status: 200, data: { data: [], total: 0, page: 1, limit: 25 } });
        });
      return { status: 200, data: { data: [{ id: 9 }], total: 1, page: 1, limit: 25 } };
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(
      () => ({
        list: useQuery(resourceQueries(paymentsResource).list({ debtId: 1 })),
        save: useSaveRecord(paymentsResource),
      }),
      { wrapper },
    );
    await waitFor(() => expect(gets).toBe(1));
    const saved = act(() => result.current.save.mutateAsync({ body: { debtId: 1, amount: '10' } }));
    setTimeout(() => releaseFirst(), 50);
    await saved;
    await waitFor(() => expect(result.current.list.data?.data).toEqual([{ id: 9 }]));
  });
});
