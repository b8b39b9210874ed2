import type { Debt, Debtor, DebtPrescription, Quota } from '@cobranzas/shared';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { mockApi } from '../http';

const at = '2026-01-10T12:00:00.000Z';

export const debtor: Debtor = {
  id: 3,
  dni: '20345678',
  cuit: '20203456780',
  firstName: 'Juan',
  lastName: 'Pérez',
  birthDate: null,
  email: 'juan@correo.example',
  phone: '11 5555-1234',
  altPhone: null,
  address: null,
  city: 'Quilmes',
  province: 'Buenos Aires',
  postalCode: null,
  employer: null,
  notes: null,
  phoneOwner: 'DEUDOR',
  altPhoneOwner: 'DEUDOR',
  emailOwner: 'DEUDOR',
  phoneClosedOn: null,
  altPhoneClosedOn: null,
  emailClosedOn: null,
  phoneKind: null,
  altPhoneKind: null,
  createdAt: at,
  updatedAt: at,
};

export const debt: Debt = {
  id: 12,
  debtorId: 3,
  companyId: 5,
  debtTypeId: 1,
  collectionTypeId: null,
  reference: 'CTA-1',
  originalAmount: '1500.00',
  currency: 'ARS',
  originDate: null,
  defaultDate: '2025-03-01',
  punitiveRate: '45.00',
  interestRate: null,
  rateTableId: null,
  importId: null,
  status: 'ACTIVA',
  assignedUserId: null,
  court: null,
  caseNumber: null,
  notes: null,
  debtor: {
    id: 3,
    dni: '20345678',
    cuit: '20203456780',
    firstName: 'Juan',
    lastName: 'Pérez',
    phone: '11 4567-8901',
    altPhone: null,
    phoneKind: null,
    altPhoneKind: null,
    email: null,
  },
  companyName: 'Frávega S.A.',
  debtTypeName: 'Preventiva',
  collectionTypeName: null,
  assignedUserName: null,
  servicesAmount: '0.00',
  moraAmount: '0.00',
  paidAmount: '0.00',
  balance: '1500.00',
  prescribesOn: null,
  judicialCase: null,
  createdAt: at,
  updatedAt: at,
};

export function quota(number: number, overrides: Partial<Quota> = {}): Quota {
  return {
    id: 100 + number,
    debtId: 12,
    number,
    amount: '500.00',
    dueDate: `2099-0${number}-10`,
    status: 'PENDIENTE',
    moraAmount: '0.00',
    paidAmount: '0.00',
    paidAt: null,
    paymentId: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export const list = <T>(data: T[]) => ({
  status: 200,
  data: { data, total: data.length, page: 1, limit: 500 },
});
const companies = [{ id: 5, name: 'Frávega S.A.' }];

type Reply = { status: number; data?: unknown };
type Route = (config: InternalAxiosRequestConfig) => Reply | undefined;

/**
 * An API with one debt (id 12) and its debtor; `routes` answer first (return undefined to pass).
 * Every list it does not know is empty.
 */
export function debtApi(routes: Route = () => undefined, state: { debt: Debt } = { debt }) {
  return mockApi((config) => {
    const own = routes(config);
    if (own) return own;
    const url = config.url ?? '';
    if (config.method === 'get') {
      if (url === '/debts/12') return { status: 200, data: state.debt };
      if (url === '/debts/12/balance') return { status: 200, data: balanceOf(state.debt) };
      if (url === '/debts/12/prescription') return { status: 200, data: prescriptionOf(state.debt) };
      if (/^\/debts\/\d+$/.test(url))
        return { status: 404, data: { message: 'No se encontró el recurso solicitado.' } };
      if (url === '/debtors/3') return { status: 200, data: debtor };
      if (url === '/companies') return list(companies);
      if (url === '/debts-types')
        return list(
          [1, 2, 3].map((id) => ({ id, name: ['Preventiva', 'Extrajudicial', 'Judicial'][id - 1] })),
        );
    }
    return list([]);
  });
}

/** GET /debts/{id}/balance of a debt without rates: its stored balance, no segments. */
export const balanceOf = (of: Debt) => ({
  date: '2026-01-15',
  currency: of.currency,
  capital: of.balance,
  interest: '0.00',
  punitive: '0.00',
  services: '0.00',
  paid: of.paidAmount,
  total: of.balance,
  segments: [],
  plan: null,
});

/** GET /debts/{id}/prescription of a debt never interrupted: five years from its default date. */
export const prescriptionOf = (of: Debt): DebtPrescription => ({
  prescribesOn: of.prescribesOn,
  years: 5,
  runsFrom: of.prescribesOn ? of.defaultDate : null,
  interruption: null,
  suspended: null,
  casePendingSince: null,
});

/** jsdom has no scrollIntoView; Mantine's combobox calls it when options are picked. */
export function stubScrollIntoView() {
  Element.prototype.scrollIntoView ??= () => {};
}

/** A user-event session without timers between keystrokes (the forms have many fields). */
export const fastUser = () => userEvent.setup({ delay: null });
