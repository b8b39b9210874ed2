import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from '../src/components/resource/listParams';

function setup() {
  const captured: { update?: ReturnType<typeof useListParams>['update']; search?: string } = {};
  function Probe() {
    captured.update = useListParams(['name'], ['role']).update;
    captured.search = useLocation().search;
    return null;
  }
  const router = createMemoryRouter([{ path: '/users/list', element: <Probe /> }], {
    initialEntries: ['/users/list'],
  });
  render(<RouterProvider router={router} />);
  return captured;
}

describe('list state in the URL', () => {
  it('a search written before the filter change has rendered keeps the filter', () => {
    const list = setup();
    const update = list.update;
    act(() => {
      // Both from the same render, as a debounced search right after picking a filter does.
      update?.({ filters: { role: 'GENERAL' } });
      update?.({ q: 'lau' }, { replace: true });
    });
    const params = new URLSearchParams(list.search);
    expect(params.get('role')).toBe('GENERAL');
    expect(params.get('q')).toBe('lau');
  });
});
