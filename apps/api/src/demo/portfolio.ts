import {
  addMoney,
  type DebtStatus,
  daysBetween,
  type EmbargoStatus,
  fromCents,
  monthlyDueDates,
  type PaymentMethod,
  type QuotaStatus,
  simpleInterest,
  splitMoney,
  subtractMoney,
  toCents,
} from '@cobranzas/shared';
import { COLLECTION_TYPES, COURTS, EMBARGO_TYPES, OBSERVATIONS } from './data';
import type { Random } from './random';

/** Calendar arithmetic on YYYY-MM-DD in UTC (dates only, never money). */
export function addDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
const earlier = (a: string, b: string) => (a < b ? a : b);
/** A share of an amount, in whole cents rounded down (BigInt). */
const share = (amount: string, percent: number) => fromCents((toCents(amount) * BigInt(percent)) / 100n);

export interface PaymentDraft {
  amount: string;
  paidAt: string;
  method: PaymentMethod;
  receiptNumber: string;
  /** The plan installment it pays, by number. */
  quotaNumber?: number;
}
export interface DebtDraft {
  debtTypeId: number;
  collectionType: string;
  reference: string;
  originalAmount: string;
  originDate: string;
  defaultDate: string;
  punitiveRate: string;
  status: DebtStatus;
  court: string | null;
  caseNumber: string | null;
  /** The day the company placed it with the agency. */
  placed: string;
  services: { description: string; amount: string; date: string }[];
  quotas: {
    number: number;
    amount: string;
    dueDate: string;
    status: QuotaStatus;
    moraAmount: string;
    paidAt: string | null;
  }[];
  payments: PaymentDraft[];
  deposits: { amount: string; depositedAt: string; bank: string; account: string; receiptNumber: string }[];
  embargos: {
    type: string;
    amount: string;
    date: string;
    status: EmbargoStatus;
    court: string;
    caseNumber: string;
  }[];
  observations: string[];
}

const STATUS_WEIGHTS: Record<number, Record<DebtStatus, number>> = {
  1: { ACTIVA: 45, EN_CONVENIO: 25, CANCELADA: 20, INCOBRABLE: 5, ARCHIVADA: 5 },
  2: { ACTIVA: 45, EN_CONVENIO: 25, CANCELADA: 12, INCOBRABLE: 10, ARCHIVADA: 8 },
  3: { ACTIVA: 55, EN_CONVENIO: 20, CANCELADA: 10, INCOBRABLE: 10, ARCHIVADA: 5 },
};
const METHODS: Record<PaymentMethod, number> = {
  TRANSFERENCIA: 45,
  EFECTIVO: 20,
  DEPOSITO: 15,
  TARJETA: 15,
  CHEQUE: 5,
  // Online payments come from the portal's gateway, never from the demo's history.
  MERCADOPAGO: 0,
  OTRO: 0,
};

/**
 * One debt's whole history up to `today`: stage, status, charges, a payment plan whose paid
 * installments have their payments, partial payments, salary retentions on a judicial embargo.
 * Money is split and summed in BigInt cents, and what is paid never exceeds what is owed.
 */
export function planDebt(rng: Random, collectionType: string, reference: string, today: string): DebtDraft {
  const range = COLLECTION_TYPES[collectionType] ?? { min: 10_000, max: 500_000 };
  const debtTypeId = Number(rng.weighted({ 1: 40, 2: 38, 3: 22 }));
  const placed = addDays(today, -rng.int(3, 700));
  const originDate = addDays(placed, -rng.int(90, 900));
  const defaultDate = earlier(addDays(originDate, rng.int(30, 180)), addDays(placed, -10));
  const status = rng.weighted(STATUS_WEIGHTS[debtTypeId] as Record<DebtStatus, number>);
  const originalAmount = rng.money(range.min, range.max);
  const punitiveRate = rng.pick(['45.00', '60.00', '75.50', '90.00']);
  const judicial = debtTypeId === 3;
  const draft: DebtDraft = {
    debtTypeId,
    collectionType,
    reference,
    originalAmount,
    originDate,
    defaultDate,
    punitiveRate,
    status,
    court: judicial ? rng.pick(COURTS) : null,
    caseNumber: judicial ? `${rng.int(10_000, 99_999)}/${placed.slice(0, 4)}` : null,
    placed,
    services: [],
    quotas: [],
    payments: [],
    deposits: [],
    embargos: [],
    observations: [],
  };
  const day = (from: number, to: number) => earlier(addDays(placed, rng.int(from, to)), today);
  const receipt = () => `R-${rng.digits(8)}`;
  const pay = (amount: string, paidAt: string, quotaNumber?: number) =>
    draft.payments.push({
      amount,
      paidAt,
      method: rng.weighted(METHODS),
      receiptNumber: receipt(),
      quotaNumber,
    });

  if (debtTypeId === 2 && rng.chance(0.6))
    draft.services.push({
      description: 'Carta documento',
      amount: rng.money(4_500, 9_500),
      date: day(5, 40),
    });
  if (judicial) {
    draft.services.push({
      description: 'Tasa de justicia',
      amount: share(originalAmount, 3),
      date: day(10, 60),
    });
    draft.services.push({ description: 'Honorarios', amount: share(originalAmount, 10), date: day(30, 120) });
  }
  const owed = addMoney(originalAmount, ...draft.services.map((s) => s.amount));

  if (status === 'EN_CONVENIO') {
    const count = rng.pick([3, 6, 6, 9, 12, 12, 18]);
    const amounts = splitMoney(owed, count);
    const dues = monthlyDueDates(addDays(placed, rng.int(15, 45)), count);
    // Most plans are kept; some stop being paid at a random installment.
    const stopAt = rng.chance(0.6) ? count + 1 : rng.int(1, count);
    dues.forEach((dueDate, i) => {
      const number = i + 1;
      const amount = amounts[i] as string;
      const due = dueDate < today;
      if (due && number < stopAt) {
        const paidAt = earlier(addDays(dueDate, rng.int(-5, 4)), today);
        draft.quotas.push({ number, amount, dueDate, status: 'PAGADA', moraAmount: '0.00', paidAt });
        pay(amount, paidAt, number);
      } else if (due && rng.chance(0.5)) {
        const moraAmount = simpleInterest(amount, punitiveRate, daysBetween(dueDate, today));
        draft.quotas.push({ number, amount, dueDate, status: 'EN_MORA', moraAmount, paidAt: null });
      } else {
        draft.quotas.push({ number, amount, dueDate, status: 'PENDIENTE', moraAmount: '0.00', paidAt: null });
      }
    });
    // A plan paid to the last installment settles the debt.
    if (draft.quotas.every((q) => q.status === 'PAGADA')) draft.status = 'CANCELADA';
  } else if (status === 'CANCELADA') {
    const parts = splitMoney(owed, rng.int(1, 3));
    const dates = parts.map(() => day(5, 600)).sort();
    for (const [i, amount] of parts.entries()) pay(amount, dates[i] as string);
  } else if (rng.chance(status === 'ACTIVA' ? 0.35 : 0.1)) {
    pay(share(owed, rng.int(5, 30)), day(5, 400));
  }

  if (judicial && rng.chance(0.75)) {
    const type = rng.pick(EMBARGO_TYPES);
    const date = day(60, 200);
    const embargoStatus = rng.weighted({ SOLICITADO: 40, TRABADO: 45, LEVANTADO: 15 } as Record<
      EmbargoStatus,
      number
    >);
    const court = draft.court ?? '';
    draft.embargos.push({
      type,
      amount: share(owed, 130),
      date,
      status: embargoStatus,
      court,
      caseNumber: draft.caseNumber ?? '',
    });
    if (type === 'Sueldo' && embargoStatus === 'TRABADO' && status === 'ACTIVA') {
      let left = subtractMoney(owed, ...draft.payments.map((p) => p.amount));
      for (let month = 1; month <= 6; month++) {
        const depositedAt = addDays(date, 30 * month);
        const amount = rng.money(20_000, 80_000);
        if (depositedAt > today || toCents(amount) >= toCents(left)) break;
        left = subtractMoney(left, amount);
        draft.deposits.push({
          amount,
          depositedAt,
          bank: 'Banco de la Nación Argentina',
          account: `Cuenta judicial ${rng.digits(6)}/${rng.int(1, 9)}`,
          receiptNumber: receipt(),
        });
      }
    }
  }
  if (rng.chance(0.4)) {
    draft.observations.push(rng.pick(OBSERVATIONS));
    if (rng.chance(0.3)) draft.observations.push(rng.pick(OBSERVATIONS));
  }
  return draft;
}
