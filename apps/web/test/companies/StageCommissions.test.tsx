import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setNavigator } from '../../src/lib/navigation';
import { session } from '../../src/lib/session';
import { bodyOf, mockApi } from '../http';
import { renderApp, signInAs } from '../render';

beforeAll(async () => {
  await Promise.all([import('../../src/features/companies/pages'), import('../../src/app/layout/AppLayout')]);
}, 60_000);

afterEach(() => {
  notifications.clean();
  setNavigator(null);
  session.start();
});

const at = '2026-01-01T00:00:00Z';
const company = {
  id: 5,
  name: 'Edenor S.A.',
  cuit: '30500010912',
  email: null,
  phone: null,
  address: null,
  contactName: null,
  commissionRate: '12.50',
  commissionRateExtrajudicial: null,
  commissionRateJudicial: '20.00',
  promiseGraceDays: 0,
  promiseMaxDays: 90,
  active: true,
  maxDiscountPercent: null,
  maxQuotas: null,
  minDownPaymentPercent: null,
  contactDays: null,
  contactFrom: null,
  contactTo: null,
  maxAttemptsPerDay: null,
  maxAttemptsPerWeek: null,
  createdAt: at,
  updatedAt: at,
};
const box = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('a company’s commission per stage (issue 19)', { timeout: 30_000 }, () => {
  it('shows empty for «la comisión general» and sends a blank one as null', async () => {
    signInAs('ADMIN');
    const { requests } = mockApi((config) => {
      if (config.url === '/companies/5' && config.method === 'get') return { status: 200, data: company };
      if (config.url === '/companies/5') return { status: 200, data: company };
      return { status: 200, data: { data: [], total: 0, page: 1, limit: 25 } };
    });
    const { user, router } = renderApp('/companies/edit/5');
    await waitFor(() => expect(box('Comisión judicial')).toHaveValue('20'), { timeout: 3000 });
    expect(box('Comisión extrajudicial')).toHaveValue('');
    expect(box('Comisión extrajudicial')).toHaveAttribute('placeholder', 'La comisión general');
    await user.type(box('Comisión extrajudicial'), '15,5');
    await user.clear(box('Comisión judicial'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/companies/list'));
    expect(bodyOf(requests.find((r) => r.method === 'patch'))).toMatchObject({
      commissionRate: '12.5',
      commissionRateExtrajudicial: '15.5',
      commissionRateJudicial: null,
    });
  });
});
