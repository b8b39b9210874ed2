import type { Settlement, SettlementLine } from '@cobranzas/shared';
import type { InternalAxiosRequestConfig } from 'axios';
import { mockApi } from '../http';

const at = '2026-11-02T15:00:00.000Z';

/** A draft of Frávega in pesos: $ 10.000 collected, $ 2.000 of it paid straight to the client. */
export const draft: Settlement = {
  id: 7,
  number: null,
  companyId: 5,
  companyName: 'Frávega S.A.',
  currency: 'ARS',
  from: '2026-10-01',
  to: '2026-10-31',
  status: 'DRAFT',
  items: 3,
  collected: '10000.00',
  direct: '2000.00',
  commissionRate: '10.00',
  commission: '1000.00',
  commissions: [{ commissionRate: '10.00', collected: '10000.00', commission: '1000.00' }],
  vatRate: '21.00',
  vat: '210.00',
  net: '8790.00',
  payable: '6790.00',
  createdBy: 1,
  createdByName: 'Ana Pérez',
  closedBy: null,
  closedByName: null,
  closedAt: null,
  createdAt: at,
  updatedAt: at,
};

export const closed: Settlement = {
  ...draft,
  number: 12,
  status: 'CLOSED',
  closedBy: 1,
  closedByName: 'Ana Pérez',
  closedAt: at,
};

export const line: SettlementLine = {
  id: 1,
  kind: 'PAYMENT',
  recordId: 41,
  debtId: 12,
  debtReference: 'CTA-1',
  debtorName: 'Pérez, Juan',
  debtorDocument: '20345678',
  date: '2026-10-10',
  amount: '2000.00',
  debtTypeId: 3,
  commissionRate: '10.00',
  paidToClient: true,
};

export const page = <T>(data: T[], total = data.length) => ({
  status: 200,
  data: { data, total, page: 1, limit: 25 },
});

type Reply = { status: number; data?: unknown };

/** The settlement screens' API: `routes` answer first; one company, settlement 7 and its lines. */
export function settlementApi(
  routes: (config: InternalAxiosRequestConfig) => Reply | undefined = () => undefined,
  record: Settlement = draft,
) {
  return mockApi((config) => {
    const own = routes(config);
    if (own) return own;
    const url = config.url ?? '';
    if (url === '/companies') return page([{ id: 5, name: 'Frávega S.A.' }]);
    if (url === '/settlements/7') return { status: 200, data: record };
    if (url === '/settlements/7/lines') return page([line]);
    if (url === '/settlements') return page([record]);
    return page([]);
  });
}
